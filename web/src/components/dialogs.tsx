import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTrackDialog } from '../lib/dialog-activity';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /**
   * A destructive action: the confirm button is red and the focus starts on 'Cancelar', so that
   * Enter pressed twice (once to open, once by habit) cannot destroy anything (WAI-ARIA APG, alert
   * dialog: focus the least destructive action). Other questions start on the confirm button.
   */
  danger?: boolean;
  /**
   * Start on 'Cancelar' without a red button: an action that e-mails someone ('Mover a
   * inducción', 'Reactivar') is not destroyed by a stray Enter, but cannot be taken back either.
   * Defaults to `danger`.
   */
  startOnCancel?: boolean;
  busy?: boolean;
  /**
   * Its id in a `<Modal.Stack>`: a question asked from inside another modal (a version's
   * 'Restaurar' in 'Versiones') goes on top of it, takes the focus and Escape, and gives them back.
   */
  stackId?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question. Declarative (not modals.openConfirmModal) so that it renders where it is used. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancelar',
  danger = false,
  startOnCancel = danger,
  busy = false,
  stackId,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  useTrackDialog(opened);
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onCancel}
      title={title}
      centered
      closeOnClickOutside={!busy}
      stackId={stackId}
    >
      <Stack gap="lg">
        <div>{typeof children === 'string' ? <Text>{children}</Text> : children}</div>
        <Group justify="flex-end" gap="sm">
          {/* Disabled while the dialog fades out too: not pressed twice, and the focus keeper
              (lib/focus-keeper) waits for it to go instead of focusing a closing dialog. */}
          <Button
            variant="default"
            onClick={onCancel}
            disabled={busy || !opened}
            data-autofocus={startOnCancel || undefined}
          >
            {cancelLabel}
          </Button>
          <Button
            color={danger ? 'red.8' : undefined}
            onClick={onConfirm}
            loading={busy}
            disabled={!opened}
            data-autofocus={!startOnCancel || undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A blocking 'please wait' dialog (the featured toggle's loading dialog, saving a vacancy). */
export function BusyDialog({ opened, label }: { opened: boolean; label: string }) {
  useTrackDialog(opened);
  return (
    <Modal.Root opened={opened} onClose={() => {}} closeOnClickOutside={false} closeOnEscape={false} centered size="xs">
      <Modal.Overlay />
      <Modal.Content aria-label={label}>
        <Modal.Body>
          <Stack align="center" gap="sm" py="md" role="status">
            <Loader aria-hidden />
            <Text fw={600}>{label}</Text>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

interface MessageDialogProps {
  opened: boolean;
  title: string;
  message: string;
  onClose: () => void;
}

/** An error that needs acknowledging ('No se pudo guardar'). */
export function MessageDialog({ opened, title, message, onClose }: MessageDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <NoticeBody message={message} onClose={onClose} />
    </Modal>
  );
}

/**
 * A notice's body (spec 3 §8): the message, beside its icon when given, and 'Entendido', which
 * has the focus. Counted as an open dialog while shown. Used by MessageDialog, by the notices
 * opened with `modals.open`, and by the application form's notices.
 */
export function NoticeBody({ message, icon, onClose }: { message: ReactNode; icon?: ReactNode; onClose: () => void }) {
  useTrackDialog(true);
  const text = typeof message === 'string' ? <Text>{message}</Text> : message;
  return (
    <Stack gap="lg">
      {icon ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {icon}
          {text}
        </Group>
      ) : (
        text
      )}
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Entendido
        </Button>
      </Group>
    </Stack>
  );
}
