import { Badge, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResponsiveTable } from '../../../components/ResponsiveTable';

/** How a row of a bulk action ended: done (moved, changed), nothing to do, or not done. */
export type BulkTone = 'done' | 'unchanged' | 'failed';

const TONE_COLOR: Record<BulkTone, string> = { done: 'green', unchanged: 'gray', failed: 'red' };

export interface BulkResultRow {
  candidateId: string;
  name: string;
  /** The outcome's label ('Movido', 'Sin cambios'…) and how it ended. */
  outcome: string;
  tone: BulkTone;
  /** Why, in the server's words. */
  message: string;
  /** The optional column's cell (the tags a row has now). */
  extra?: ReactNode;
}

/**
 * The result of a bulk action, one row per candidate: name, outcome, the optional column, why. A
 * card per row at 360 px (ResponsiveTable), text wrapping; the dialog around it scrolls.
 */
export function BulkResultTable({
  label,
  rows,
  extraHeading,
}: {
  label: string;
  rows: readonly BulkResultRow[];
  extraHeading?: string;
}) {
  return (
    <ResponsiveTable minWidth={0} verticalSpacing={6} fz="sm" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nombre</Table.Th>
          <Table.Th>Resultado</Table.Th>
          {extraHeading && <Table.Th>{extraHeading}</Table.Th>}
          <Table.Th>Detalle</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.candidateId}>
            <Table.Td data-label="Nombre">{r.name}</Table.Td>
            <Table.Td data-label="Resultado" style={{ whiteSpace: 'nowrap' }}>
              <Badge
                color={TONE_COLOR[r.tone]}
                variant="light"
                c={r.tone === 'unchanged' ? 'dark.7' : undefined}
                styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
              >
                {r.outcome}
              </Badge>
            </Table.Td>
            {extraHeading && <Table.Td data-label={extraHeading}>{r.extra}</Table.Td>}
            <Table.Td data-label="Detalle">{r.message}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
