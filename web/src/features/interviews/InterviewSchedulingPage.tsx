import '@mantine/dates/styles.css';
import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconCalendar, IconClock, IconInfoCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { Link, useNavigate, useParams } from 'react-router';
import {
  INTERVIEW_HEADING,
  INTERVIEW_MESSAGES as M,
  INTERVIEW_MODE_LABEL,
  INTERVIEW_MODES,
  LIMITS,
  todayInGuatemala,
  type InterviewMode,
  TRANSITION_MESSAGES,
} from '@bolsa/domain';
import { pageTitle } from '../../lib/site';
import { ErrorPanel } from '../../components/ErrorPanel';
import { useDocumentTitle } from '../../lib/document-title';
import { useStaffRole } from '../session';
import { canSubmit, EMPTY_INTERVIEW, validateInterview, type InterviewFormValues } from './interview-form';
import { InPersonSuccess, MeetingError, VirtualSuccess } from './InterviewOutcome';
import { INTERVIEW_PARTICIPANTS, INTERVIEW_SCREEN } from './operations';
import { ParticipantsChecklist } from './ParticipantsChecklist';
import { INBOX, useScheduleInterview } from './use-schedule-interview';
import { CALENDAR_LABELS } from '../../lib/calendar-labels';
import { LimitedTextInput, LimitedTextarea } from '../../components/LimitedText';

interface Props {
  candidate: { id: string; fullName: string; email: string | null; phone: string | null };
  branches: readonly { id: string; name: string }[];
  readOnly: boolean;
}

function SchedulingForm({ candidate, branches, readOnly }: Props) {
  const navigate = useNavigate();
  const participants = useQuery(INTERVIEW_PARTICIPANTS, { context: { timeout: 15_000 } });
  const form = useForm<InterviewFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_INTERVIEW,
    validate: (v) => validateInterview(v, candidate),
  });
  const v = form.values;
  const mode = v.mode;

  const { submit, busy, outcome, clearOutcome } = useScheduleInterview(form, candidate.id);

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
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title={TRANSITION_MESSAGES.readOnlyTitle}
        >
          Tu rol no permite programar entrevistas.
        </Alert>
      )}
      {outcome?.kind === 'failed' && <MeetingError outcome={outcome} onClose={clearOutcome} />}
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
                  <LimitedTextarea
                    label="Dirección / Instrucciones"
                    withAsterisk
                    rows={6}
                    limit={LIMITS.note}
                    {...form.getInputProps('address')}
                  />
                  <Group grow gap="sm" align="flex-start">
                    <LimitedTextInput label="Sala" limit={LIMITS.name} {...form.getInputProps('room')} />
                    <LimitedTextInput
                      label="Entrevistador"
                      limit={LIMITS.name}
                      {...form.getInputProps('interviewer')}
                    />
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
                <LimitedTextarea
                  label="Mensaje adicional"
                  rows={3}
                  limit={LIMITS.note}
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
