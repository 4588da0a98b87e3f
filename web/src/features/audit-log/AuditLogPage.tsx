import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { useLazyQuery, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Container,
  Group,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import {
  AUDIT_ACTION_LABEL,
  AUDIT_LIMITS,
  AUDIT_MESSAGES,
  AUDIT_TARGET_LABEL,
  EMAIL_TEMPLATES,
  auditExportFileName,
  auditTargetIdInput,
  auditExportUrl,
  formatAuditInstant,
  isEntityId,
  type AuditLogFilterInput,
} from '@bolsa/domain';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel';
import { CALENDAR_LABELS } from '../../lib/calendar-labels';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { useDocumentTitle } from '../../lib/document-title';
import { pageTitle } from '../../lib/site';
import { AUDIT_LOG, VERIFY_AUDIT_LOG } from './operations';
import { PAGINATION_LABELS } from '../../lib/pagination';
import { DownloadButton } from '../../components/DownloadButton';

const PAGE_SIZE = AUDIT_LIMITS.pageSizeDefault;
/** Each day of the calendar named in words ('15 de noviembre de 2026'), for screen readers and tests. */
const dayLabel = (date: string) => ({ 'aria-label': dayjs(date).locale('es').format('D [de] MMMM [de] YYYY') });
const EMPTY: AuditLogFilterInput = { actor: '', action: '', targetKind: '', targetId: '', from: '', to: '' };

const ACTION_OPTIONS = [
  { value: '', label: 'Todas las acciones' },
  ...Object.entries(AUDIT_ACTION_LABEL)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es')),
];
const TARGET_OPTIONS = [
  { value: '', label: 'Cualquier objetivo' },
  ...Object.entries(AUDIT_TARGET_LABEL).map(([value, label]) => ({ value, label })),
];
const TEMPLATE_OPTIONS = [
  { value: '', label: 'Cualquier plantilla' },
  ...EMAIL_TEMPLATES.map((t) => ({ value: t.key, label: t.name })),
];

/** The GraphQL filter of what the form holds (empty fields left out). */
function graphFilter(f: AuditLogFilterInput) {
  const v = (s: string | null | undefined) => s?.trim() || null;
  return {
    actor: v(f.actor),
    action: v(f.action),
    target: v(f.targetKind) ? { kind: v(f.targetKind)!, id: v(f.targetId) } : null,
    from: v(f.from),
    to: v(f.to),
  };
}

function actorText(kind: string, name: string | null | undefined): string {
  if (kind === 'SYSTEM') return name ? `${name} (sistema)` : 'Sistema';
  const who = name || 'Cuenta eliminada';
  return kind === 'TOKEN' ? `${who} (token de API)` : who;
}

/** The verification's answer: green when the log is intact, red with the first altered row. */
function Verification() {
  const [verify, { data, loading, error }] = useLazyQuery(VERIFY_AUDIT_LOG, { fetchPolicy: 'network-only' });
  const result = data?.verifyAuditLog;
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="light"
          leftSection={<IconShieldCheck size={16} aria-hidden />}
          loading={loading}
          onClick={() => void verify()}
        >
          Verificar integridad
        </Button>
      </Group>
      <div aria-live="polite">
        {error && !loading ? (
          <Alert color="red" role="alert">
            {AUDIT_MESSAGES.verifyError}
          </Alert>
        ) : result && !loading ? (
          <Alert
            color={result.ok ? 'teal' : 'red'}
            role={result.ok ? 'status' : 'alert'}
            title={result.ok ? 'Íntegra' : 'Alterada'}
          >
            {result.message}
          </Alert>
        ) : null}
      </div>
    </Stack>
  );
}

/**
 * /panel/auditoria (role 1, issue 24): every staff and API-token action, newest first, with filters,
 * pages, the CSV of the filtered log and the verification of its hash chain.
 */
export function AuditLogPage() {
  useDocumentTitle(pageTitle('Auditoría'));
  const [draft, setDraft] = useState<AuditLogFilterInput>(EMPTY);
  const [applied, setApplied] = useState<AuditLogFilterInput>(EMPTY);
  const [page, setPage] = useState(1);
  const rangeError = draft.from && draft.to && draft.from > draft.to ? AUDIT_MESSAGES.rangeInvalid : null;
  const idInput = auditTargetIdInput(draft.targetKind);
  const targetIdError =
    idInput === 'number' && draft.targetId && !isEntityId(draft.targetId) ? AUDIT_MESSAGES.targetNumberInvalid : null;
  const { data, previousData, loading, error, refetch } = useQuery(AUDIT_LOG, {
    variables: { filter: graphFilter(applied), page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const log = (data ?? previousData)?.auditLog;
  const pages = log ? Math.max(1, Math.ceil(log.totalCount / PAGE_SIZE)) : 1;

  const set = (k: keyof AuditLogFilterInput) => (value: string) => setDraft((d) => ({ ...d, [k]: value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (rangeError || targetIdError) return;
    setApplied(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(EMPTY);
    setApplied(EMPTY);
    setPage(1);
  };

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        Auditoría
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        Cada acción del personal y de los tokens de API: quién, cuándo, qué, sobre qué y desde qué dirección. Los
        registros no se pueden modificar ni borrar; cada uno guarda la huella del anterior.
      </Text>

      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
        <form onSubmit={apply} aria-label="Filtros de la bitácora">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Actor"
              placeholder="Nombre del usuario o token"
              value={draft.actor ?? ''}
              onChange={(e) => set('actor')(e.currentTarget.value)}
            />
            <NativeSelect
              label="Acción"
              data={ACTION_OPTIONS}
              value={draft.action ?? ''}
              onChange={(e) => set('action')(e.currentTarget.value)}
            />
            {/* A number is a few digits: the select gets the room ('Cualquier objetivo' was cut at 360 px). */}
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <NativeSelect
                label="Objetivo"
                style={{ flex: 1, minWidth: 0 }}
                data={TARGET_OPTIONS}
                value={draft.targetKind ?? ''}
                // What identifies one kind does not identify another: the number or template goes.
                onChange={(e) => {
                  const targetKind = e.currentTarget.value;
                  setDraft((d) => ({ ...d, targetKind, targetId: '' }));
                }}
              />
              {idInput === 'template' ? (
                <NativeSelect
                  label="Plantilla"
                  style={{ flex: 1, minWidth: 0 }}
                  data={TEMPLATE_OPTIONS}
                  value={draft.targetId ?? ''}
                  onChange={(e) => set('targetId')(e.currentTarget.value)}
                />
              ) : (
                <TextInput
                  label="Número"
                  w="6.5rem"
                  inputMode="numeric"
                  maxLength={10}
                  disabled={!idInput}
                  value={draft.targetId ?? ''}
                  error={targetIdError}
                  onChange={(e) => set('targetId')(e.currentTarget.value.replace(/\D/g, ''))}
                />
              )}
            </Group>
            <DatePickerInput
              label="Desde"
              placeholder="dd/mm/aaaa"
              valueFormat="DD/MM/YYYY"
              clearable
              value={draft.from || null}
              onChange={(v) => set('from')(v ?? '')}
              ariaLabels={CALENDAR_LABELS}
              popoverProps={{ transitionProps: { duration: 0 } }}
              getDayProps={dayLabel}
              leftSection={<IconCalendar size={16} aria-hidden />}
            />
            <DatePickerInput
              label="Hasta"
              placeholder="dd/mm/aaaa"
              valueFormat="DD/MM/YYYY"
              clearable
              value={draft.to || null}
              onChange={(v) => set('to')(v ?? '')}
              ariaLabels={CALENDAR_LABELS}
              popoverProps={{ transitionProps: { duration: 0 } }}
              getDayProps={dayLabel}
              leftSection={<IconCalendar size={16} aria-hidden />}
              error={rangeError}
            />
            <Group align="flex-end" gap="xs">
              <Button type="submit">Filtrar</Button>
              <Button variant="default" onClick={clear}>
                Limpiar
              </Button>
            </Group>
          </SimpleGrid>
        </form>
      </DatesProvider>

      <Group justify="space-between" align="flex-start" mt="lg" mb="sm" wrap="wrap">
        <Verification />
        <DownloadButton
          href={auditExportUrl(applied)}
          fileName={auditExportFileName()}
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Exportar CSV
        </DownloadButton>
      </Group>

      {error && !loading ? (
        <ErrorPanel
          title={AUDIT_MESSAGES.loadError}
          error={error}
          operationName="AuditLog"
          onRetry={() => void refetch()}
        />
      ) : !log ? (
        <Stack aria-busy="true" aria-label="Cargando la bitácora" gap="xs">
          <Skeleton h={28} />
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : log.totalCount === 0 ? (
        <Text role="status" c="dimmed" ta="center" py="xl">
          {AUDIT_MESSAGES.empty}
        </Text>
      ) : (
        <Stack gap="sm" aria-busy={loading}>
          <Text size="sm" c="dimmed">
            {log.totalCount === 1 ? '1 registro' : `${log.totalCount.toLocaleString('es-GT')} registros`}
          </Text>
          <ResponsiveTable minWidth={900} striped aria-label="Bitácora de auditoría">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Actor</Table.Th>
                <Table.Th>Acción</Table.Th>
                <Table.Th>Objetivo</Table.Th>
                <Table.Th>Detalle</Table.Th>
                <Table.Th>Dirección</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td data-label="Fecha" style={{ whiteSpace: 'nowrap' }}>
                    {formatAuditInstant(e.at)}
                  </Table.Td>
                  <Table.Td data-label="Actor">{actorText(e.actorKind, e.actorName)}</Table.Td>
                  <Table.Td data-label="Acción">{e.actionLabel}</Table.Td>
                  <Table.Td data-label="Objetivo">{e.targetLabel}</Table.Td>
                  <Table.Td data-label="Detalle">{e.detail || '—'}</Table.Td>
                  <Table.Td data-label="Dirección">{e.address ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                {...PAGINATION_LABELS}
                aria-label="Páginas de la bitácora"
              />
            </Group>
          )}
        </Stack>
      )}
    </Container>
  );
}
