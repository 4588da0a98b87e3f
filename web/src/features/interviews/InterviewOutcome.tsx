import { Alert, Anchor, Button, Card, Collapse, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { INTERVIEW_MESSAGES as M } from '@bolsa/domain';
import { toastError, toastSuccess } from '../../lib/toast';
import { INBOX, type Outcome } from './use-schedule-interview';

/** The meeting could not be created: the reason, and the technical details on request. */
export function MeetingError({
  outcome,
  onClose,
}: {
  outcome: Extract<Outcome, { kind: 'failed' }>;
  onClose: () => void;
}) {
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

/** The Teams meeting was created: its link, to copy. */
export function VirtualSuccess({ link }: { link: string | null }) {
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

/** The in-person interview was scheduled: when and where. */
export function InPersonSuccess({ summary }: { summary: string }) {
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
