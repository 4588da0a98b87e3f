import { BULK_LIMIT, BULK_MESSAGES, isEntityId, parseCandidateListFilter } from '@bolsa/domain';
import type { BulkCandidateSelection } from '../generated/resolvers.js';
import { mutationError, operationFailed } from '../errors.js';
import type { BulkSelectionRequest } from '../upstream/bulk-actions.js';
import type { Failure } from '../upstream/failure.js';

// The bulk mutations' shared input (issue 23): bulkChangeCandidateState and bulkChangeCandidateTags.

/**
 * The selection input (the rows ticked, or a list's filter read by the lists' one filter), checked
 * before the api is asked: a selection past the limit is refused whole.
 */
export function readSelection(
  selection: BulkCandidateSelection,
):
  | { ok: true; selection: BulkSelectionRequest }
  | { ok: false; limit: number }
  | { ok: false; path: string; message: string } {
  if (selection.candidateIds) {
    const ids = [...new Set(selection.candidateIds)];
    if (!ids.length) return { ok: false, path: 'selection.candidateIds', message: BULK_MESSAGES.empty };
    if (ids.length > BULK_LIMIT) return { ok: false, limit: ids.length };
    if (!ids.every((i) => isEntityId(i)))
      return { ok: false, path: 'selection.candidateIds', message: BULK_MESSAGES.idsInvalid };
    return { ok: true, selection: { ids } };
  }
  const parsed = parseCandidateListFilter(selection.filter ?? { list: null });
  if (!parsed.ok) return { ok: false, path: 'selection.filter', message: parsed.message };
  return { ok: true, selection: { filter: parsed.value } };
}

export const limitExceeded = (count: number, message?: string | null) => ({
  __typename: 'BulkLimitExceeded' as const,
  message: message ?? BULK_MESSAGES.tooMany(count),
  count,
  limit: BULK_LIMIT,
});

/**
 * The error a bulk mutation answers when the api refused the action: past the limit, invalid input
 * (ValidationFailed), or anything else — a role the api refuses, a row or tag it does not find —
 * said as OperationFailed (no error of the payload's union).
 */
export function bulkRefusal(
  r: { kind: 'too-many'; count: number; message: string | null } | { kind: 'failed'; failure: Failure },
  failed: string,
) {
  if (r.kind === 'too-many') return limitExceeded(r.count, r.message);
  const e = mutationError(r.failure, { failed, preferApiMessage: true });
  return e.__typename === 'ValidationFailed' ? e : operationFailed(e.message, r.failure);
}
