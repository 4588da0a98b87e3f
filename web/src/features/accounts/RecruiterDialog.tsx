import { useMutation } from '@apollo/client/react';
import { Button, Group, Loader, Modal, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { usePhoneDialog } from '../../components/dialog-layer';
import { AUTH_MESSAGES } from '@bolsa/domain';
import { useRef, useState, type FormEvent } from 'react';
import type { Role } from '../../gql/graphql';
import { useTrackDialog } from '../../lib/dialog-activity';
import { useSession } from '../session';
import { failureMessage, isOutage, UNEXPECTED_MESSAGE } from '../../lib/errors';
import { Notice, type NoticeState } from './Notice';
import { CaptchaChallenge, type Challenge } from './CaptchaChallenge';
import { STAFF_LOGIN } from './operations';

const AUTO = 'AUTO';
const FORCE_ROLE_OPTIONS = [
  { value: AUTO, label: 'Automático' },
  { value: 'ADMIN', label: '1 Administrador' },
  { value: 'MANAGER', label: '2 Gestor' },
  { value: 'VIEWER', label: '3 Visualizador' },
];

/** Three clicks on the title within this window toggle the debug mode. */
const TRIPLE_CLICK_MS = 700;

interface RecruiterDialogProps {
  opened: boolean;
  onClose: () => void;
  onSuccess: () => void;
}

/** 'Acceso Reclutadores' (spec 2 §2, §5, §8): the staff login. */
export function RecruiterDialog({ opened, onClose, onSuccess }: RecruiterDialogProps) {
  const { settings, signedIn } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [debug, setDebug] = useState(false);
  const [forceRole, setForceRole] = useState<string>(AUTO);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [login, { loading }] = useMutation(STAFF_LOGIN);
  /** Set when the server asks for a captcha after many failed logins on this account. */
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const clicks = useRef<number[]>([]);
  const mobile = usePhoneDialog();
  useTrackDialog(opened);

  const titleClicked = () => {
    const now = Date.now();
    clicks.current = [...clicks.current.filter((t) => now - t < TRIPLE_CLICK_MS), now];
    if (clicks.current.length >= 3) {
      clicks.current = [];
      setDebug((d) => !d);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (!username.trim() || !password) {
      setNotice({ kind: 'warning', message: AUTH_MESSAGES.recruiterRequired });
      return;
    }
    setNotice(null);
    try {
      const { data } = await login({
        variables: {
          username: username.trim(),
          password,
          forceRole: debug && forceRole !== AUTO ? (forceRole as Role) : null,
          ...(challenge && { captchaId: challenge.id, captchaAnswer }),
        },
      });
      const result = data?.staffLogin;
      if (result?.viewer) {
        signedIn(result.viewer);
        onSuccess();
        return;
      }
      const error = result?.error;
      setChallenge(error?.__typename === 'CaptchaRequired' ? error.captcha : null);
      setCaptchaAnswer('');
      setNotice({
        kind: 'error',
        title: 'No se pudo iniciar sesión',
        message: (error && 'message' in error && error.message) || AUTH_MESSAGES.badCredentials,
      });
      setPassword('');
    } catch (error) {
      setNotice({
        kind: 'error',
        // An outage (no answer, or the service behind the BFF down) reads as one.
        title: isOutage(error) ? AUTH_MESSAGES.connectionError : 'No se pudo iniciar sesión',
        // Spec 2 §8: no answer; the server's words for an HTTP error; anything else.
        message: failureMessage(error, `Error: ${UNEXPECTED_MESSAGE}`, AUTH_MESSAGES.noResponse),
      });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={mobile}
      centered
      title={
        // Not a button on purpose: the debug switch is a hidden convenience for support staff.
        <Text component="span" fw={700} fz="lg" onClick={titleClicked} style={{ userSelect: 'none' }}>
          Acceso Reclutadores
        </Text>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Acceso Reclutadores">
        <Stack gap="sm">
          {notice && <Notice notice={notice} onDismiss={() => setNotice(null)} />}
          <TextInput
            label="Usuario"
            autoComplete="username"
            placeholder="nombre@dominio"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            data-autofocus
          />
          <PasswordInput
            label="Contraseña"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
          />
          {challenge && <CaptchaChallenge challenge={challenge} answer={captchaAnswer} onAnswer={setCaptchaAnswer} />}
          {debug && (
            <Select
              label="Forzar rol"
              data={FORCE_ROLE_OPTIONS}
              value={forceRole}
              onChange={(v) => setForceRole(v ?? AUTO)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true, zIndex: 400 }}
            />
          )}
          <Button
            type="submit"
            fullWidth
            mt="xs"
            aria-busy={loading}
            leftSection={loading ? <Loader size={16} color="white" aria-hidden /> : undefined}
          >
            {loading ? 'Iniciando sesión...' : 'Iniciar sesión'}
          </Button>
          <Group justify="flex-end">
            <Text size="xs" c="dimmed">
              {settings?.version ?? 'v1.0.3'}
            </Text>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
