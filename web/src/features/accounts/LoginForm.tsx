import { useMutation } from '@apollo/client/react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_MESSAGES } from '@bolsa/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ViewerFieldsFragment } from '../../gql/graphql';
import { storeRedirectAfterLogin, useSession } from '../session';
import { failureMessage, isNetworkError, NETWORK_MESSAGE } from '../../lib/errors';
import { Notice, type NoticeState } from './Notice';
import { CaptchaChallenge, type Challenge } from './CaptchaChallenge';
import { CANDIDATE_LOGIN } from './operations';

/** How long 'Vinculamos N postulación(es) previas a tu perfil' stays (spec 1 §9). */
export const LINKED_NOTICE_MS = 2200;

const FAILED = 'Inicio de sesión fallido';

interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** Just registered: '¡Registro exitoso! Ahora puedes iniciar sesión.' */
  registeredNotice: boolean;
  vacancyId: string | null;
  /** Where to go after logging in (a same-site path); /perfil when not given. */
  returnTo?: string | null;
  onRegisterWithEmail: (email: string) => void;
  onDone: () => void;
}

export function LoginForm({
  email,
  onEmailChange,
  registeredNotice,
  vacancyId,
  returnTo = null,
  onRegisterWithEmail,
  onDone,
}: LoginFormProps) {
  const session = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<NoticeState | null>(
    registeredNotice ? { kind: 'success', message: '¡Registro exitoso! Ahora puedes iniciar sesión.' } : null,
  );
  /** After a failed login: offer to register with the e-mail that was tried. */
  const [offerRegistration, setOfferRegistration] = useState(false);
  const [login, { loading }] = useMutation(CANDIDATE_LOGIN);
  const [linked, setLinked] = useState<{ count: number; viewer: ViewerFieldsFragment } | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Registered a moment ago: the e-mail is filled in and the password is what is left to type (the
  // switch of tabs had left the focus on the page's body).
  useEffect(() => {
    if (registeredNotice) passwordRef.current?.focus();
  }, [registeredNotice]);
  /** Set when the server asks for a captcha after many failed logins on this account. */
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [captchaAnswer, setCaptchaAnswer] = useState('');

  const finish = (viewer: ViewerFieldsFragment) => {
    setLinked(null);
    const target = returnTo ?? '/perfil';
    storeRedirectAfterLogin(target);
    onDone();
    if (!session.signedIn(viewer)) navigate(target, { replace: true });
  };

  // The linking notice closes by itself after 2.2 s, then the login completes.
  const finishRef = useRef(finish);
  finishRef.current = finish;
  useEffect(() => {
    if (!linked) return;
    const timer = setTimeout(() => finishRef.current(linked.viewer), LINKED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [linked]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading || linked) return;
    setOfferRegistration(false);
    if (!email.trim() || !password) {
      setNotice({ kind: 'warning', message: AUTH_MESSAGES.loginRequired });
      return;
    }
    setNotice(null);
    try {
      // Opened from an application: the server also runs the duplicate check (spec 1 §4, §8).
      const { data } = await login({
        variables: {
          email: email.trim().toLowerCase(),
          password,
          ...(vacancyId ? { vacancyId } : {}),
          ...(challenge && { captchaId: challenge.id, captchaAnswer }),
        },
      });
      const result = data?.candidateLogin;
      if (result?.viewer) {
        if (result.linkedApplications > 0) {
          setLinked({ count: result.linkedApplications, viewer: result.viewer });
        } else {
          finish(result.viewer);
        }
        return;
      }
      const error = result?.error;
      setChallenge(error?.__typename === 'CaptchaRequired' ? error.captcha : null);
      setCaptchaAnswer('');
      const message = (error && 'message' in error && error.message) || AUTH_MESSAGES.badCredentials;
      const title = error?.__typename === 'ApplicationCheckFailed' ? error.title : FAILED;
      setNotice({ kind: 'error', title, message });
      setOfferRegistration(!error || error.__typename === 'InvalidCredentials');
      setPassword('');
      passwordRef.current?.focus();
    } catch (error) {
      if (isNetworkError(error)) {
        setNotice({
          kind: 'error',
          title: AUTH_MESSAGES.connectionError,
          message: NETWORK_MESSAGE,
        });
      } else {
        setNotice({ kind: 'error', title: FAILED, message: failureMessage(error, AUTH_MESSAGES.badCredentials) });
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Iniciar sesión como candidato">
      <Stack gap="sm">
        {linked && (
          <Notice
            notice={{ kind: 'info', message: `Vinculamos ${linked.count} postulación(es) previas a tu perfil` }}
            onDismiss={() => finish(linked.viewer)}
          />
        )}
        {notice && (
          <Notice notice={notice} onDismiss={() => setNotice(null)}>
            {offerRegistration && (
              <Text size="sm">
                <Anchor component="button" type="button" onClick={() => onRegisterWithEmail(email.trim())}>
                  ¿No tienes cuenta? Regístrate con este correo
                </Anchor>
              </Text>
            )}
          </Notice>
        )}
        <TextInput
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => onEmailChange(e.currentTarget.value)}
          data-autofocus
        />
        <PasswordInput
          ref={passwordRef}
          label="Contraseña"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
        />
        {challenge && <CaptchaChallenge challenge={challenge} answer={captchaAnswer} onAnswer={setCaptchaAnswer} />}
        <Button type="submit" loading={loading || linked !== null} fullWidth mt="xs">
          Iniciar Sesión
        </Button>
      </Stack>
    </form>
  );
}
