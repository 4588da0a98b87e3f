import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import {
  can,
  CANDIDATE_EXPORT_FORMAT_LABEL,
  CANDIDATE_EXPORT_MESSAGES,
  candidateExportFileName,
  candidateExportUrl,
  type CandidateExportFilter,
  type CandidateExportFormat,
} from '@bolsa/domain';
import { DownloadButton } from '../../../components/DownloadButton';
import { useSession } from '../../session';

export const EXPORT_NOTHING = CANDIDATE_EXPORT_MESSAGES.nothing;

const ICON: Record<CandidateExportFormat, typeof IconFileTypeCsv> = { csv: IconFileTypeCsv, xlsx: IconFileSpreadsheet };

/**
 * 'Exportar CSV' / 'Exportar Excel' for the list as it is filtered on screen (issue 23): links to
 * GET /reports/candidates.{csv,xlsx}, downloaded by `DownloadButton` (busy while the file comes,
 * a Spanish notice when it cannot). Roles 1–2 only; disabled while the list is loading or empty.
 */
export function CandidateExportButtons({
  filter,
  count,
}: {
  filter: CandidateExportFilter;
  count: number | undefined;
}) {
  const { viewer } = useSession();
  if (!can(viewer?.roleId ?? null, 'candidate.export')) return null;
  const empty = count === 0;
  const disabled = count === undefined || empty;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Exportar la lista">
      {(['csv', 'xlsx'] as const).map((format) => {
        const Icon = ICON[format];
        const label = `Exportar ${CANDIDATE_EXPORT_FORMAT_LABEL[format]}`;
        return disabled ? (
          <Button
            key={format}
            size="compact-sm"
            variant="default"
            disabled
            leftSection={<Icon size={16} aria-hidden />}
            title={empty ? EXPORT_NOTHING : undefined}
          >
            {label}
          </Button>
        ) : (
          <DownloadButton
            key={format}
            href={candidateExportUrl(filter, format)}
            fileName={candidateExportFileName(filter, format)}
            size="compact-sm"
            variant="default"
            leftSection={<Icon size={16} aria-hidden />}
            title={`Descarga ${count === 1 ? 'el candidato' : `los ${count} candidatos`} de la lista con los filtros aplicados`}
          >
            {label}
          </DownloadButton>
        );
      })}
    </Group>
  );
}
