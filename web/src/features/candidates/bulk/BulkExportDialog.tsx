import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import {
  BULK_EXPORT_MESSAGES as M,
  CANDIDATE_EXPORT_FORMAT_LABEL,
  candidateExportFileName,
  candidateExportUrl,
  parseCandidateListFilter,
  type CandidateExportFilter,
  type CandidateExportFormat,
} from '@bolsa/domain';
import type { BulkCandidateFilter, BulkCandidateSelection } from '../../../gql/graphql';
import { DownloadButton } from '../../../components/DownloadButton';

const ICON: Record<CandidateExportFormat, typeof IconFileTypeCsv> = { csv: IconFileTypeCsv, xlsx: IconFileSpreadsheet };

/**
 * What the export takes: the rows ticked (by id, the list kept for the file's name) or, for "every
 * row matching the filter", the list's filter — read by the lists' one filter. Null when unreadable.
 */
export function exportFilterOf(
  selection: BulkCandidateSelection,
  list: BulkCandidateFilter,
): CandidateExportFilter | null {
  if (selection.candidateIds) {
    const base = parseCandidateListFilter({ list: list.list, vacancyId: list.vacancyId });
    return base.ok
      ? { list: base.value.list, vacancyId: base.value.vacancyId, ids: selection.candidateIds.map(String) }
      : null;
  }
  const f = parseCandidateListFilter(selection.filter ?? list);
  return f.ok ? f.value : null;
}

interface BulkExportDialogProps {
  selection: BulkCandidateSelection;
  /** The list's filter on screen (its list and vacancy name the file). */
  filter: BulkCandidateFilter;
  count: number;
  onClose: (done: boolean) => void;
}

/**
 * 'Exportar' of the bulk bar (issue 23): how many rows, then CSV or Excel — plain links to
 * GET /reports/candidates.{csv,xlsx} (`ids` for the rows ticked, the filter for every match), so
 * the browser saves the file as it streams in. The export is recorded like any other.
 */
export function BulkExportDialog({ selection, filter, count, onClose }: BulkExportDialogProps) {
  const f = exportFilterOf(selection, filter);
  if (!f)
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {M.failed}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            {M.cancel}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Text size="sm">{M.summary(count)}</Text>
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Button variant="default" onClick={() => onClose(false)}>
          {M.cancel}
        </Button>
        {(['csv', 'xlsx'] as const).map((format) => {
          const Icon = ICON[format];
          return (
            <DownloadButton
              key={format}
              href={candidateExportUrl(f, format)}
              fileName={candidateExportFileName(f, format)}
              leftSection={<Icon size={16} aria-hidden />}
              // Saved: the dialog closes (the selection stays); not saved: it stays, with the notice.
              onDone={(saved) => saved && onClose(false)}
            >
              {M.download(CANDIDATE_EXPORT_FORMAT_LABEL[format])}
            </DownloadButton>
          );
        })}
      </Group>
    </Stack>
  );
}
