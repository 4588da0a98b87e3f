import type { BulkTagOutcome } from '@bolsa/domain';
import { normaliseBulkEnvelope } from './bulk-action.js';
import { id, listOf, pick, text } from './fields.js';

/** One row of a bulk tag change's answer (issue 23). */
export interface BulkTagRowDto {
  candidateId: string;
  name: string | null;
  outcome: BulkTagOutcome;
  /** The candidate's tag ids after the action. */
  tagIds: string[];
  message: string;
}

export interface BulkTagAnswerDto {
  dryRun: boolean;
  total: number;
  rows: BulkTagRowDto[];
}

const OUTCOMES: Record<string, BulkTagOutcome> = {
  cambiado: 'changed',
  changed: 'changed',
  sincambios: 'unchanged',
  unchanged: 'unchanged',
  nopermitido: 'refused',
  refused: 'refused',
  noencontrado: 'notFound',
  notfound: 'notFound',
};

const outcomeOf = (raw: unknown): BulkTagOutcome | null => {
  const t = text(raw)
    ?.toLowerCase()
    .replace(/[-_\s]/g, '');
  return t ? (OUTCOMES[t] ?? null) : null;
};

/** POST /internal/candidatos/etiquetas-masivo's answer: the bulk envelope with, per row, etiquetaIds. */
export function normaliseBulkTagAnswer(raw: unknown): BulkTagAnswerDto {
  return normaliseBulkEnvelope(raw, outcomeOf, (g) => ({
    tagIds: listOf(pick(g, 'etiquetaIds', 'etiquetas'))
      .map(id)
      .filter((t): t is string => t !== null),
  }));
}
