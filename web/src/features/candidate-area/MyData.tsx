import { useMutation } from '@apollo/client/react';
import { Button, Card, Checkbox, Group, List, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTrackDialog } from '../../lib/dialog-activity';
import { failureMessage } from '../../lib/errors';
import { toastSuccess } from '../../lib/toast';
import { useSession } from '../session';
import { DELETE_MY_ACCOUNT, EXPORT_MY_DATA } from './operations';

type Action = 'export' | 'delete';

export const MY_DATA_TEXT = {
  title: 'Mis datos',
  intro:
    'Puedes descargar todo lo que guardamos sobre ti o eliminar tu cuenta. Por tu seguridad, te pediremos tu contraseña.',
  exportButton: 'Descargar mis datos',
  exportTitle: 'Descargar mis datos',
  exportText:
    'Recibirás un archivo .zip con tus datos de perfil, tus postulaciones y tus documentos. Escribe tu contraseña para continuar.',
  exportConfirm: 'Descargar',
  exportStarted: 'Descarga iniciada',
  deleteButton: 'Eliminar mi cuenta',
  deleteTitle: 'Eliminar mi cuenta',
  deleteConfirm: 'Eliminar definitivamente',
  deleteAck: 'Entiendo que esta acción no se puede deshacer.',
  deleted: 'Tu cuenta fue eliminada',
  deletedDetail: 'Borramos tus datos personales y tus documentos.',
  passwordRequired: 'Escribe tu contraseña.',
  ackRequired: 'Confirma que entiendes que no se puede deshacer.',
  failed: 'No se pudo completar la solicitud. Intenta nuevamente.',
} as const;

function PasswordDialog({ action, onClose }: { action: Action; onClose: () => void }) {
  const { logout } = useSession();
  const [password, setPassword] = useState('');
  const [ack, setAck] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ackError, setAckError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [exportData] = useMutation(EXPORT_MY_DATA);
  const [deleteAccount] = useMutation(DELETE_MY_ACCOUNT);
  useTrackDialog(true);
  const T = MY_DATA_TEXT;
  const del = action === 'delete';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    setAckError(null);
    if (del && !ack) {
      setAckError(T.ackRequired);
      return;
    }
    if (!password) {
      setError(T.passwordRequired);
      return;
    }
    setBusy(true);
    try {
      if (!del) {
        const { data } = await exportData({ variables: { password } });
        const r = data?.exportMyData;
        if (r?.error) {
          setError(r.error.message);
          return;
        }
        if (!r?.url || !r.url.startsWith('/')) throw new Error('sin url');
        toastSuccess(T.exportStarted);
        onClose();
        // The archive answers with Content-Disposition: the page stays where it is.
        window.location.assign(r.url);
        return;
      }
      const { data } = await deleteAccount({ variables: { password } });
      const r = data?.deleteMyAccount;
      if (r?.error) {
        setError(r.error.message);
        return;
      }
      if (!r?.ok) throw new Error('sin confirmación');
      toastSuccess(T.deleted, T.deletedDetail, { ms: 4000 });
      onClose();
      // The server has ended the session already; this forgets it here and goes to /.
      await logout();
    } catch (err) {
      setError(failureMessage(err, T.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={busy ? () => {} : onClose}
      title={del ? T.deleteTitle : T.exportTitle}
      centered
      closeOnClickOutside={!busy}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {del ? (
            <>
              <Text>Al eliminar tu cuenta:</Text>
              <List size="sm" spacing={4}>
                <List.Item>Se borran tus datos personales, tu fotografía y tus documentos.</List.Item>
                <List.Item>
                  Tus postulaciones quedan solo como registros anónimos; el personal verá «Datos eliminados a solicitud
                  del candidato».
                </List.Item>
                <List.Item>Ya no podrás iniciar sesión con esta cuenta.</List.Item>
              </List>
              <Text size="sm">Si quieres conservar una copia, descarga tus datos antes.</Text>
              <Checkbox
                label={T.deleteAck}
                checked={ack}
                onChange={(e) => {
                  setAck(e.currentTarget.checked);
                  setAckError(null);
                }}
                error={ackError}
              />
            </>
          ) : (
            <Text>{T.exportText}</Text>
          )}
          <PasswordInput
            label="Contraseña"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" color={del ? 'red.8' : undefined} loading={busy}>
              {del ? T.deleteConfirm : T.exportConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 'Mis datos' (issue 10): the candidate's copy of everything held about them, and erasure. */
export function MyData() {
  const [action, setAction] = useState<Action | null>(null);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mis-datos-titulo">
      <Title order={3} fz="md" mb="xs" id="mis-datos-titulo">
        {MY_DATA_TEXT.title}
      </Title>
      <Text size="sm" mb="md">
        {MY_DATA_TEXT.intro}
      </Text>
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => setAction('export')}
        >
          {MY_DATA_TEXT.exportButton}
        </Button>
        <Button
          variant="outline"
          color="red.8"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setAction('delete')}
        >
          {MY_DATA_TEXT.deleteButton}
        </Button>
      </Group>
      {action && <PasswordDialog key={action} action={action} onClose={() => setAction(null)} />}
    </Card>
  );
}
