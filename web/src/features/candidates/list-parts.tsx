import { GENERIC_MESSAGES } from '@bolsa/domain';
import { Button, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CandidateStateBadge } from '../../components/CandidateStateBadge';
import { ErrorPanel } from '../../components/ErrorPanel';
import type { CandidatePageCountsFragment, CandidateState } from '../../gql/graphql';

/*
 * What the three staff candidate lists (inbox, history, by vacancy) share beyond ListScreen:
 * their failure, their tab counts and the button to a candidate's detail.
 */

export const INBOX_LOAD_FAILED = GENERIC_MESSAGES.loadFailed;

/** A candidate list that could not be read, with its retry (spec 3 §8). */
export function CandidateListFailed({
  error,
  operationName,
  loading,
  refetch,
}: {
  error: unknown;
  operationName: string;
  loading: boolean;
  refetch: () => unknown;
}) {
  return (
    <ErrorPanel
      title={INBOX_LOAD_FAILED}
      error={error}
      operationName={operationName}
      onRetry={() => void refetch()}
      retrying={loading}
    />
  );
}

/** The count a state tab shows: the 'Todos' tab's when `state` is null; nothing before the first answer. */
export function tabCount(page: CandidatePageCountsFragment | undefined, state: CandidateState | null): number | null {
  if (!page) return null;
  if (state === null) return page.allCount;
  return page.countsByState.find((c) => c.state === state)?.count ?? 0;
}

/** A compact button to the candidate's detail page ('Ver detalle', 'Ver CV' without a file). */
export function CandidateDetailButton({ id, icon, children }: { id: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button
      component={Link}
      to={`/panel/detallecandidato/${encodeURIComponent(id)}`}
      size="compact-sm"
      variant="light"
      leftSection={icon}
    >
      {children}
    </Button>
  );
}

/** The 'Estado' cell of a candidate row: the state's badge. */
export function StateCell({ state }: { state: CandidateState }) {
  return (
    <Table.Td data-label="Estado">
      <CandidateStateBadge state={state} />
    </Table.Td>
  );
}
