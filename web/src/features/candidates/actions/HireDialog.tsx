import '@mantine/dates/styles.css';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import { IconAlertTriangle, IconCalendar, IconClock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { useState, type FormEvent } from 'react';
import { LIMITS, todayInGuatemala, TRANSITION_MESSAGES } from '@bolsa/domain';
import { useTrackDialog } from '../../../lib/dialog-activity';
import { parseHire, type HireValues } from './hire-input';
import { CALENDAR_LABELS } from '../../../lib/calendar-labels';
import { LimitedTextInput } from '../../../components/LimitedText';

/** What the hook answers to one submission of the dialog. */
export type HireOutcome =
  | { kind: 'done' }
  /** The e-mail could not be queued: ask whether to hire anyway (spec 3 §4.5). */
  | { kind: 'emailNotQueued'; message: string }
  /** Stay open and show this under the fields. */
  | { kind: 'invalid'; message: string; fields?: Record<string, string> }
  /** Another dialog took over (refusal, failure): close this one. */
  | { kind: 'closed' };

interface HireDialogProps {
  fullName: string;
  submit: (values: { date: string; time: string; place: string }, force: boolean) => Promise<HireOutcome>;
  onClose: () => void;
}

/** 'Contratar' (spec 3 §4.5): date, time and place of the start, all required; the e-mail gives them. */
export function HireDialog({ fullName, submit, onClose }: HireDialogProps) {
  useTrackDialog(true);
  const [values, setValues] = useState<HireValues>({ date: null, time: '', place: '' });
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  // A field whose message is the one the alert below gives ('Debes completar fecha, hora y lugar')
  // is only marked (red, aria-invalid); a message of its own ('Hora inválida (HH:mm).') is shown
  // under it. The same sentence three times under three fields and once more below said nothing more.
  const fieldError = (key: string) => {
    const m = problem?.fields[key];
    return m ? (m === problem?.message ? true : m) : undefined;
  };
  const [askForce, setAskForce] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (force: boolean) => {
    const parsed = parseHire(values);
    if (!parsed.ok) {
      setProblem({ message: parsed.message, fields: parsed.fields });
      return;
    }
    setProblem(null);
    setBusy(true);
    const outcome = await submit(parsed.value, force);
    setBusy(false);
    switch (outcome.kind) {
      case 'done':
      case 'closed':
        onClose();
        return;
      case 'emailNotQueued':
        setAskForce(outcome.message);
        return;
      case 'invalid':
        setAskForce(null);
        setProblem({ message: outcome.message, fields: outcome.fields ?? {} });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void run(false);
  };

  const set = (key: keyof HireValues) => (value: string | null) => {
    const next = { ...values, [key]: value ?? (key === 'date' ? null : '') };
    setValues(next);
    // Once shown, the check follows the typing: it goes away as soon as everything is there.
    if (problem) {
      const parsed = parseHire(next);
      setProblem(parsed.ok ? null : { message: parsed.message, fields: parsed.fields });
    }
  };

  if (askForce !== null) {
    return (
      <Stack gap="lg">
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={TRANSITION_MESSAGES.mailFailed}
        >
          <Text size="sm">{askForce}</Text>
        </Alert>
        <Text>¿Deseas contratar a {fullName} de todas formas y moverlo al Historial?</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button loading={busy} onClick={() => void run(true)} data-autofocus>
            Contratar de todas formas
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Se enviará a <strong>{fullName}</strong> un correo de felicitación con el lugar, la fecha y la hora de
            presentación.
          </Text>
          <DatePickerInput
            label="Fecha"
            withAsterisk
            placeholder="dd/mm/aaaa"
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            valueFormat="DD/MM/YYYY"
            minDate={todayInGuatemala()}
            ariaLabels={CALENDAR_LABELS}
            popoverProps={{ transitionProps: { duration: 0 }, withinPortal: true }}
            getDayProps={(date) => ({ 'aria-label': dayjs(date).locale('es').format('D [de] MMMM [de] YYYY') })}
            leftSection={<IconCalendar size={16} aria-hidden />}
            value={values.date}
            onChange={set('date')}
            error={fieldError('date')}
            data-autofocus
          />
          <TimeInput
            label="Hora"
            withAsterisk
            leftSection={<IconClock size={16} aria-hidden />}
            value={values.time}
            onChange={(e) => set('time')(e.currentTarget.value)}
            error={fieldError('time')}
          />
          <LimitedTextInput
            label="Lugar"
            withAsterisk
            placeholder="Sede, dirección o sala"
            limit={LIMITS.shortText}
            value={values.place}
            onChange={(e) => set('place')(e.currentTarget.value)}
            error={fieldError('place')}
          />
          {problem && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
              {problem.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" loading={busy}>
              Contratar
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}
