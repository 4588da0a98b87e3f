import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { LIMITS } from '@bolsa/domain';
import { useTrackDialog } from '../../../lib/dialog-activity';
import { parseRejectObservation } from './hire-input';
import { LimitedTextarea } from '../../../components/LimitedText';

interface RejectDialogProps {
  fullName: string;
  /** Resolves true when the dialog may close (done, or another dialog took over). */
  submit: (observation: string | null) => Promise<boolean>;
  onClose: () => void;
}

/** 'Rechazar' (spec 3 §4.5): an optional observation that goes into the e-mail. */
export function RejectDialog({ fullName, submit, onClose }: RejectDialogProps) {
  useTrackDialog(true);
  const [observation, setObservation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parseRejectObservation(observation);
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    setProblem(null);
    setBusy(true);
    const close = await submit(parsed.value);
    setBusy(false);
    if (close) onClose();
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Se enviará a <strong>{fullName}</strong> un correo agradeciendo su interés: no fue seleccionado y su
          postulación se conserva para futuras vacantes.
        </Text>
        <LimitedTextarea
          label="Observación (opcional)"
          description="Se incluye en el correo al candidato."
          autosize
          minRows={3}
          maxRows={8}
          limit={LIMITS.note}
          value={observation}
          onChange={(e) => setObservation(e.currentTarget.value)}
          error={problem ?? undefined}
          data-autofocus
        />
        {problem && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" color="red.9" loading={busy}>
            Rechazar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
