import '@mantine/dates/styles.css';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Collapse,
  Container,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCalendar,
  IconChevronDown,
  IconChevronRight,
  IconCircleCheck,
  IconClock,
  IconCopy,
  IconInfoCircle,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  formatDate,
  INTERVIEW_HEADING,
  INTERVIEW_MESSAGES as M,
  INTERVIEW_MODE_LABEL,
  INTERVIEW_MODES,
  LIMITS,
  todayInGuatemala,
  type InterviewMode,
} from '@bolsa/domain';
import { pageTitle } from '../../lib/site';
import { ErrorPanel } from '../../components/ErrorPanel';
import { useDocumentTitle } from '../../lib/document-title';
import { failureMessage } from '../../lib/errors';
import { toastError, toastSuccess } from '../../lib/toast';
import { useStaffRole } from '../session';
import {
  canSubmit,
  EMPTY_INTERVIEW,
  filterEmails,
  toInterviewInput,
  validateInterview,
  type InterviewFormValues,
} from './interview-form';
import { INTERVIEW_PARTICIPANTS, INTERVIEW_SCREEN, SCHEDULE_INTERVIEW } from './operations';
import { CALENDAR_LABELS } from '../../lib/calendar-labels';

const INBOX = '/panel/candidatos';
/** Interview calls wait up to 60 s (spec 3 §9). */
const CALL_TIMEOUT_MS = 60_000;
type Outcome =
  | { kind: 'failed'; title: string; message: string; details: string | null }
  | { kind: 'virtualDone'; link: string | null }
  | { kind: 'inPersonDone'; summary: string };

function MeetingError({ outcome, onClose }: { outcome: Extract<Outcome, { kind: 'failed' }>; onClose: () => void }) {
  const [open, { toggle }] = useDisclosure(false);
  const detailsId = useId();
  return (
    <Alert color="red" variant="light" title={outcome.title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="xs">
        <Text size="sm" c="dark.8">
          {outcome.message}
        </Text>
        {outcome.details && (
          <>
            <UnstyledButton onClick={toggle} aria-expanded={open} aria-controls={detailsId} fz="sm" fw={600}>
              <Group gap={4}>
                {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
                Ver detalles técnicos
              </Group>
            </UnstyledButton>
            <Collapse expanded={open} id={detailsId}>
              <Text size="xs" ff="monospace" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {outcome.details}
              </Text>
            </Collapse>
          </>
        )}
        <Group>
          <Button size="xs" variant="default" onClick={onClose}>
            Cerrar
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function VirtualSuccess({ link }: { link: string | null }) {
  const navigate = useNavigate();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link ?? '');
      toastSuccess(M.linkCopied);
    } catch {
      toastError(M.copyManual, link ?? '');
    }
  };
  return (
    <Card withBorder padding="lg" radius="md" role="status">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck color="var(--mantine-color-green-8)" aria-hidden />
          <Title order={2} size="h3">
            {M.created}
          </Title>
        </Group>
        <Text size="sm">Se envió una invitación por correo al candidato y a los participantes.</Text>
        {link && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Anchor href={link} target="_blank" rel="noreferrer">
              {link}
            </Anchor>
          </Text>
        )}
        <Group gap="sm">
          {link && (
            <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
              Copiar link de la reunión
            </Button>
          )}
          <Button onClick={() => void navigate(INBOX)} data-autofocus>
            Finalizar
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function InPersonSuccess({ summary }: { summary: string }) {
  return (
    <Card withBorder padding="lg" radius="md" role="status">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck color="var(--mantine-color-green-8)" aria-hidden />
          <Title order={2} size="h3">
            {M.scheduledInPerson}
          </Title>
        </Group>
        <Text size="sm">{summary}</Text>
        <Text size="sm">Se envió una invitación por correo al candidato y a los participantes.</Text>
        <Group>
          <Button component={Link} to={INBOX}>
            Volver a candidatos
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

interface Props {
  candidate: { id: string; fullName: string; email: string | null; phone: string | null };
  branches: readonly { id: string; name: string }[];
  readOnly: boolean;
}

function ParticipantsChecklist({
  picked,
  onChange,
  error,
  required,
}: {
  picked: string[];
  onChange: (next: string[]) => void;
  error?: string;
  required: boolean;
}) {
  const { data, loading } = useQuery(INTERVIEW_PARTICIPANTS, { context: { timeout: 15_000 } });
  const [search, setSearch] = useState('');
  const labelId = useId();
  const active = useMemo(() => (data?.adminEmails ?? []).filter((e) => e.active), [data]);
  const shown = filterEmails(active, search);
  const allPicked = shown.length > 0 && shown.every((e) => picked.includes(e.email));
  const toggleAll = () =>
    onChange(
      allPicked
        ? picked.filter((p) => !shown.some((e) => e.email === p))
        : [...new Set([...picked, ...shown.map((e) => e.email)])],
    );
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text id={labelId} fw={500} size="sm">
          Participantes
          {required && (
            <Text span c="red.8" aria-hidden>
              {' *'}
            </Text>
          )}
        </Text>
        {shown.length > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={toggleAll}>
            {allPicked ? 'Desmarcar todos' : 'Seleccionar todos'}
          </Button>
        )}
      </Group>
      <TextInput
        size="xs"
        placeholder="Buscar correo"
        aria-label="Buscar correo"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <ScrollArea.Autosize mah={220} type="auto">
        <Stack gap={6} role="group" aria-labelledby={labelId} p={4}>
          {loading ? (
            <Text size="sm" c="dimmed">
              Cargando correos...
            </Text>
          ) : shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              No hay correos para mostrar
            </Text>
          ) : (
            shown.map((e) => (
              <Checkbox
                key={e.id}
                label={
                  <span style={{ overflowWrap: 'anywhere' }}>
                    {e.email}
                    {e.name ? <Text span size="xs" c="dimmed">{` · ${e.name}`}</Text> : null}
                  </span>
                }
                checked={picked.includes(e.email)}
                onChange={(ev) =>
                  onChange(ev.currentTarget.checked ? [...picked, e.email] : picked.filter((p) => p !== e.email))
                }
              />
            ))
          )}
        </Stack>
      </ScrollArea.Autosize>
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {M.participantsHint}
      </Text>
    </Stack>
  );
}

function SchedulingForm({ candidate, branches, readOnly }: Props) {
  const navigate = useNavigate();
  const [schedule, { loading: busy }] = useMutation(SCHEDULE_INTERVIEW);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const participants = useQuery(INTERVIEW_PARTICIPANTS, { context: { timeout: 15_000 } });
  const form = useForm<InterviewFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_INTERVIEW,
    validate: (v) => validateInterview(v, candidate),
  });
  const v = form.values;
  const mode = v.mode;

  const submit = async (values: InterviewFormValues) => {
    setOutcome(null);
    try {
      const { data } = await schedule({
        variables: { input: toInterviewInput(values, candidate.id) },
        context: { timeout: CALL_TIMEOUT_MS },
      });
      const p = data?.scheduleInterview;
      const error = p?.error;
      if (!p || error) {
        switch (error?.__typename) {
          case 'ValidationFailed': {
            const fields: Record<string, string> = {};
            for (const f of error.fields) {
              const key =
                { from: 'start', to: 'end', participants: 'picked', candidateId: 'candidate' }[f.path] ?? f.path;
              fields[key] = f.message;
            }
            form.setErrors(fields);
            toastError(error.title ?? M.checkData, error.message);
            return;
          }
          case 'NotAuthorisedOrganiser':
            setOutcome({ kind: 'failed', title: error.refusal, message: error.message, details: null });
            return;
          case 'InterviewFailed':
            setOutcome({ kind: 'failed', title: M.errorTitle, message: error.message, details: error.details ?? null });
            return;
          default:
            setOutcome({
              kind: 'failed',
              title: values.mode === 'PRESENCIAL' ? M.inPersonFailed : M.errorTitle,
              message: error?.message ?? M.serverError,
              details: null,
            });
            return;
        }
      }
      if (values.mode === 'VIRTUAL') {
        setOutcome({ kind: 'virtualDone', link: p.meetingLink ?? p.interview?.meetingLink ?? null });
        return;
      }
      const i = p.interview;
      const where = [i?.branchName, i?.address, i?.room ? `Sala ${i.room}` : null].filter(Boolean).join(' · ');
      const summary = i ? `${formatDate(i.date)} de ${i.from} a ${i.to}${where ? ` · ${where}` : ''}` : '';
      setOutcome({ kind: 'inPersonDone', summary });
      toastSuccess(M.scheduledInPerson, 'Puedes volver a la lista de candidatos.');
    } catch (err) {
      const timedOut = err instanceof Error && /timeout|abort/i.test(err.name + err.message);
      setOutcome({
        kind: 'failed',
        title: values.mode === 'PRESENCIAL' ? M.inPersonFailed : M.errorTitle,
        message: timedOut ? M.timeout : failureMessage(err, M.serverError),
        details: null,
      });
    }
  };

  if (outcome?.kind === 'virtualDone') return <VirtualSuccess link={outcome.link} />;
  if (outcome?.kind === 'inPersonDone') return <InPersonSuccess summary={outcome.summary} />;

  const enabled =
    !readOnly && canSubmit(v, { busy, emailsLoading: participants.loading, candidateEmail: candidate.email });
  const setMode = (m: string) => {
    form.setFieldValue('mode', m as InterviewMode);
    form.clearErrors();
  };

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {INTERVIEW_HEADING[mode]}
      </Title>
      <Card withBorder padding="md" radius="md">
        <Stack gap={4}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {candidate.fullName}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Correo: {candidate.email ?? 'Sin correo'}
          </Text>
          <Text size="sm">Teléfono: {candidate.phone ?? 'Sin teléfono'}</Text>
          {!candidate.email && (
            <Text size="sm" c="red.8" role="alert">
              {M.candidateEmailInvalid}
            </Text>
          )}
        </Stack>
      </Card>
      {readOnly && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} title="Solo lectura">
          Tu rol no permite programar entrevistas.
        </Alert>
      )}
      {outcome?.kind === 'failed' && <MeetingError outcome={outcome} onClose={() => setOutcome(null)} />}
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
        <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <fieldset disabled={readOnly || busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              <SegmentedControl
                aria-label="Modalidad"
                value={mode}
                onChange={setMode}
                data={INTERVIEW_MODES.map((m) => ({ value: m, label: INTERVIEW_MODE_LABEL[m] }))}
                fullWidth
              />
              <DatePickerInput
                label="Fecha entrevista"
                withAsterisk
                placeholder="dd/mm/aaaa"
                valueFormat="DD/MM/YYYY"
                minDate={todayInGuatemala()}
                ariaLabels={CALENDAR_LABELS}
                popoverProps={{ transitionProps: { duration: 0 }, withinPortal: true }}
                getDayProps={(date) => ({ 'aria-label': dayjs(date).locale('es').format('D [de] MMMM [de] YYYY') })}
                leftSection={<IconCalendar size={16} aria-hidden />}
                {...form.getInputProps('date')}
              />
              <Group grow gap="sm" align="flex-start">
                <TimeInput
                  label="Hora desde"
                  withAsterisk
                  step={60}
                  leftSection={<IconClock size={16} aria-hidden />}
                  {...form.getInputProps('start')}
                />
                <TimeInput
                  label="Hora hasta"
                  withAsterisk
                  step={60}
                  leftSection={<IconClock size={16} aria-hidden />}
                  {...form.getInputProps('end')}
                />
              </Group>
              {mode === 'PRESENCIAL' && (
                <>
                  <Select
                    label="Sede"
                    withAsterisk
                    placeholder="Selecciona una sede"
                    data={branches.map((b) => ({ value: b.id, label: b.name }))}
                    searchable
                    nothingFoundMessage="Sin resultados"
                    comboboxProps={{ transitionProps: { duration: 0 } }}
                    {...form.getInputProps('branchId')}
                  />
                  <Textarea
                    label="Dirección / Instrucciones"
                    withAsterisk
                    rows={6}
                    maxLength={LIMITS.note}
                    {...form.getInputProps('address')}
                  />
                  <Group grow gap="sm" align="flex-start">
                    <TextInput label="Sala" maxLength={LIMITS.name} {...form.getInputProps('room')} />
                    <TextInput label="Entrevistador" maxLength={LIMITS.name} {...form.getInputProps('interviewer')} />
                  </Group>
                </>
              )}
              <ParticipantsChecklist
                picked={v.picked}
                onChange={(next) => form.setFieldValue('picked', next)}
                error={typeof form.errors['picked'] === 'string' ? form.errors['picked'] : undefined}
                required={mode === 'VIRTUAL'}
              />
              <Textarea
                label="Otros participantes"
                description="Correos separados por coma, punto y coma o salto de línea."
                rows={2}
                autosize
                {...form.getInputProps('freeText')}
              />
              {mode === 'VIRTUAL' && (
                <Textarea
                  label="Mensaje adicional"
                  rows={3}
                  maxLength={LIMITS.note}
                  {...form.getInputProps('observations')}
                />
              )}
            </Stack>
          </fieldset>
          <Group justify="flex-end" gap="sm" mt="lg">
            <Button variant="default" onClick={() => void navigate(INBOX)}>
              Cancelar
            </Button>
            {!readOnly && (
              <Button type="submit" disabled={!enabled} loading={false}>
                {busy ? 'Creando...' : mode === 'VIRTUAL' ? 'Crear reunión' : 'Programar entrevista'}
              </Button>
            )}
          </Group>
        </form>
      </DatesProvider>
    </Stack>
  );
}

/** /panel/asignacionentrevista/:id (spec 3 §2.5, §4.4): schedule a Teams or in-person interview. */
export function InterviewSchedulingPage() {
  const { id = '' } = useParams();
  const { canEdit, role } = useStaffRole();
  const { data, loading, error, refetch } = useQuery(INTERVIEW_SCREEN, { variables: { id } });
  useDocumentTitle(pageTitle('Programar entrevista'));
  const c = data?.candidate;
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Group>
          <Button component={Link} to={INBOX} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Volver
          </Button>
        </Group>
        {loading && !data ? (
          <Stack gap="sm" aria-busy="true">
            <Text size="sm" c="dimmed">
              Cargando…
            </Text>
            <Skeleton h={80} />
            <Skeleton h={240} />
          </Stack>
        ) : error && !data ? (
          <ErrorPanel
            title="Error al cargar"
            error={error}
            operationName="InterviewScreen"
            onRetry={() => void refetch()}
          />
        ) : !c || c.dataErased ? (
          <Alert color="yellow" variant="light" title="Error al cargar">
            No se encontró el candidato.
          </Alert>
        ) : (
          <SchedulingForm candidate={c} branches={data?.branches ?? []} readOnly={role !== null && !canEdit} />
        )}
      </Stack>
    </Container>
  );
}
