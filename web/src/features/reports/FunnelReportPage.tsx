import '@mantine/dates/styles.css';
import { useQuery } from '@apollo/client/react';
import { Card, Container, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar, IconDownload } from '@tabler/icons-react';
import {
  CANDIDATE_STATE_LABEL,
  check,
  defaultFunnelRange,
  formatDate,
  FUNNEL_MESSAGES,
  funnelRangeSchema,
  pluralWord,
  stateFromEnum,
  type FunnelRange,
} from '@bolsa/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { lazy, Suspense, useState } from 'react';
import { pageTitle } from '../../lib/site';
import { ErrorPanel } from '../../components/ErrorPanel';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import type { FunnelRowFieldsFragment } from '../../gql/graphql';
import { useDocumentTitle } from '../../lib/document-title';
import { CandidateExportLog } from './exports';
import { FUNNEL_REPORT, FUNNEL_VACANCY_OPTIONS } from './operations';
import { DownloadButton } from '../../components/DownloadButton';

// recharts is the heaviest part of the screen: the filters and the table show before it arrives.
const FunnelChart = lazy(async () => ({ default: (await import('./FunnelChart')).FunnelChart }));

const CALENDAR_LABELS = {
  monthLevelControl: 'Elegir mes',
  yearLevelControl: 'Elegir año',
  nextMonth: 'Mes siguiente',
  previousMonth: 'Mes anterior',
  nextYear: 'Año siguiente',
  previousYear: 'Año anterior',
  nextDecade: 'Década siguiente',
  previousDecade: 'Década anterior',
};

const integer = new Intl.NumberFormat('es-GT');
const decimal = new Intl.NumberFormat('es-GT', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('es-GT', { style: 'percent', maximumFractionDigits: 1 });

const days = (d: number | null | undefined) =>
  d === null || d === undefined ? '—' : `${decimal.format(d)} ${pluralWord(d, 'día', 'días')}`;
const stateLabel = (s: FunnelRowFieldsFragment['byState'][number]['state']) => {
  const state = stateFromEnum(s);
  return state ? CANDIDATE_STATE_LABEL[state] : s;
};

/** One row (a vacancy, or all of them): its summary and its steps. */
function FunnelTable({ row }: { row: FunnelRowFieldsFragment }) {
  const now = new Map(row.byState.map((s) => [s.state, s.count]));
  const caption = `Embudo: ${row.vacancyName}`;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={row.vacancyName}>
      <Title order={3} fz="lg">
        {row.vacancyName}
      </Title>
      <Group gap="lg" mt={4} mb="sm">
        <Text size="sm">
          Postulaciones: <strong>{integer.format(row.total)}</strong>
        </Text>
        <Text size="sm">
          Contratados: <strong>{integer.format(row.hired)}</strong>
        </Text>
        <Text size="sm">
          Rechazados: <strong>{integer.format(row.rejected)}</strong>
        </Text>
        <Text size="sm">
          Mediana hasta contratación: <strong>{days(row.medianDaysToHire)}</strong>
        </Text>
      </Group>
      <ResponsiveTable minWidth={560} striped aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Etapa</Table.Th>
            <Table.Th>Alcanzaron</Table.Th>
            <Table.Th>Conversión</Table.Th>
            <Table.Th>Mediana en la etapa</Table.Th>
            <Table.Th>Actualmente</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row.steps.map((s) => (
            <Table.Tr key={s.state}>
              <Table.Td data-label="Etapa">{stateLabel(s.state)}</Table.Td>
              <Table.Td data-label="Alcanzaron">{integer.format(s.reached)}</Table.Td>
              <Table.Td data-label="Conversión">{s.conversion === null ? '—' : percent.format(s.conversion)}</Table.Td>
              <Table.Td data-label="Mediana en la etapa">{days(s.medianDays)}</Table.Td>
              <Table.Td data-label="Actualmente">{integer.format(now.get(s.state) ?? 0)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td data-label="Etapa">Rechazado</Table.Td>
            <Table.Td data-label="Alcanzaron">—</Table.Td>
            <Table.Td data-label="Conversión">—</Table.Td>
            <Table.Td data-label="Mediana en la etapa">—</Table.Td>
            <Table.Td data-label="Actualmente">{integer.format(row.rejected)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </ResponsiveTable>
    </Card>
  );
}

/** /panel/reportes (roles 1–2, issue 12): the candidate funnel over a range of application dates. */
export function FunnelReportPage() {
  useDocumentTitle(pageTitle('Reportes'));
  const [draft, setDraft] = useState<{ from: string | null; to: string | null }>(() => defaultFunnelRange());
  const [vacancyId, setVacancyId] = useState('');
  const checked = check(funnelRangeSchema, { from: draft.from ?? '', to: draft.to ?? '' });
  // The last valid range stays on screen while the inputs hold an invalid one.
  const [range, setRange] = useState<FunnelRange>(() => defaultFunnelRange());
  if (checked.ok && (checked.value.from !== range.from || checked.value.to !== range.to)) setRange(checked.value);
  const rangeError = checked.ok ? null : checked.message;
  // A missing or unreadable date is said under its own field; a range the two make together (start
  // after end, too long) under the one just changed, which is what the user must look at.
  const [edited, setEdited] = useState<'from' | 'to'>('to');
  const issue = checked.ok ? null : checked.fields[0];
  const betweenBoth =
    issue?.message === FUNNEL_MESSAGES.rangeInverted || issue?.message === FUNNEL_MESSAGES.rangeTooLong;
  const errorOn = !issue ? null : betweenBoth ? edited : issue.path === 'from' ? 'from' : 'to';

  const options = useQuery(FUNNEL_VACANCY_OPTIONS);
  const { data, previousData, loading, error, refetch } = useQuery(FUNNEL_REPORT, {
    variables: { from: range.from, to: range.to, vacancyId: vacancyId || null },
    notifyOnNetworkStatusChange: true,
  });
  const report = (data ?? previousData)?.funnelReport;

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        Reportes
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        Embudo de postulaciones: cuántos candidatos alcanzan cada etapa, la conversión entre etapas y los días en cada
        una.
      </Text>

      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mb="md">
          <DatePickerInput
            label="Desde"
            placeholder="dd/mm/aaaa"
            valueFormat="DD/MM/YYYY"
            value={draft.from}
            onChange={(from) => {
              setEdited('from');
              setDraft((d) => ({ ...d, from }));
            }}
            ariaLabels={CALENDAR_LABELS}
            popoverProps={{ transitionProps: { duration: 0 } }}
            getDayProps={(date) => ({ 'aria-label': dayjs(date).locale('es').format('D [de] MMMM [de] YYYY') })}
            leftSection={<IconCalendar size={16} aria-hidden />}
            error={errorOn === 'from' ? rangeError : undefined}
          />
          <DatePickerInput
            label="Hasta"
            placeholder="dd/mm/aaaa"
            valueFormat="DD/MM/YYYY"
            value={draft.to}
            onChange={(to) => {
              setEdited('to');
              setDraft((d) => ({ ...d, to }));
            }}
            ariaLabels={CALENDAR_LABELS}
            popoverProps={{ transitionProps: { duration: 0 } }}
            getDayProps={(date) => ({ 'aria-label': dayjs(date).locale('es').format('D [de] MMMM [de] YYYY') })}
            leftSection={<IconCalendar size={16} aria-hidden />}
            error={errorOn === 'to' ? rangeError : undefined}
          />
          <NativeSelect
            label="Plaza"
            value={vacancyId}
            onChange={(e) => setVacancyId(e.currentTarget.value)}
            data={[
              { value: '', label: 'Todas las plazas' },
              ...(options.data?.adminVacancies.items ?? []).map((v) => ({ value: v.id, label: v.name })),
            ]}
          />
        </SimpleGrid>
      </DatesProvider>

      {error && !loading ? (
        <ErrorPanel
          title={FUNNEL_MESSAGES.loadFailed}
          error={error}
          operationName="FunnelReport"
          onRetry={() => void refetch()}
        />
      ) : !report ? (
        <Stack aria-busy="true" aria-label="Cargando el reporte">
          <Skeleton h={300} />
          <Skeleton h={220} />
        </Stack>
      ) : (
        <Stack gap="lg" aria-busy={loading}>
          <Group justify="space-between" align="center">
            <Text size="sm">
              Postulaciones del {formatDate(report.from)} al {formatDate(report.to)}
            </Text>
            <DownloadButton
              href={report.csvUrl}
              fileName={`embudo-${report.from}-${report.to}.csv`}
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Descargar CSV
            </DownloadButton>
          </Group>
          {report.overall.total === 0 ? (
            <Text role="status" c="dimmed" ta="center" py="xl">
              {FUNNEL_MESSAGES.empty}
            </Text>
          ) : (
            <>
              <Card withBorder padding="md" radius="md">
                <Title order={2} fz="lg" mb="sm">
                  Candidatos por etapa
                </Title>
                <Suspense fallback={<Skeleton h={300} />}>
                  <FunnelChart row={report.overall} />
                </Suspense>
              </Card>
              <FunnelTable row={report.overall} />
              {report.vacancies.map((v) => (
                <FunnelTable key={v.vacancyId} row={v} />
              ))}
            </>
          )}
        </Stack>
      )}
      <CandidateExportLog />
    </Container>
  );
}
