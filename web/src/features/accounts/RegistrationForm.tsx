import { useMutation } from '@apollo/client/react';
import {
  Box,
  Button,
  Checkbox,
  Group,
  Image,
  Loader,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, type UseFormReturnType } from '@mantine/form';
import { IconRefresh } from '@tabler/icons-react';
import {
  AUTH_MESSAGES,
  builtOnFirstUse,
  HOW_HEARD,
  HOW_HEARD_LABEL,
  dpiInput,
  OBSERVATIONS_MAX,
  registrationSchema,
} from '@bolsa/domain';
import { isValidCui } from '@bolsa/domain/geography';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { failureMessage, isNetworkError, NETWORK_MESSAGE } from '../../lib/errors';
import { Notice, type NoticeState } from './Notice';
import { NEW_CAPTCHA, REGISTER_CANDIDATE } from './operations';
import { LimitedTextarea } from '../../components/LimitedText';

// The accessible alternative's widget (ALTCHA) loads only when a candidate chooses it.
const ProofOfWorkCaptcha = lazy(() => import('./ProofOfWorkCaptcha'));

export interface RegistrationValues {
  primerNombre: string;
  segundoNombre: string;
  primerApellido: string;
  segundoApellido: string;
  email: string;
  emailConfirmation: string;
  password: string;
  passwordConfirmation: string;
  comoSeEntero: string;
  observaciones: string;
  dpi: string;
  captchaAnswer: string;
  /** The candidate chose the accessible alternative to the image (issue 20). */
  accessibleCaptcha: boolean;
  /** The solved proof of work, once the widget says «Verificado». */
  captchaProof: string;
}

export function registrationDefaults(): RegistrationValues {
  return {
    primerNombre: '',
    segundoNombre: '',
    primerApellido: '',
    segundoApellido: '',
    email: '',
    emailConfirmation: '',
    password: '',
    passwordConfirmation: '',
    comoSeEntero: '',
    observaciones: '',
    dpi: '',
    captchaAnswer: '',
    accessibleCaptcha: false,
    captchaProof: '',
  };
}

const HOW_HEARD_OPTIONS = HOW_HEARD.map((value) => ({ value, label: HOW_HEARD_LABEL[value] }));
const domainRules = builtOnFirstUse(() => schemaResolver(registrationSchema(), { sync: true }));
const validateWithDomain = (values: RegistrationValues) => domainRules()(values);
const REQUIRED = AUTH_MESSAGES.registrationRequired;
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The spec's rules (domain `registrationSchema`) plus the captcha, which it does not know: the
 * image's code, or the solved proof of work of the accessible alternative.
 */
export function validateRegistration(values: RegistrationValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(validateWithDomain(values))) {
    if (typeof message === 'string') errors[path] = message;
  }
  if (values.accessibleCaptcha) {
    if (!values.captchaProof) errors['captchaProof'] = AUTH_MESSAGES.accessibleCaptchaPending;
  } else if (!values.captchaAnswer.trim()) errors['captchaAnswer'] = REQUIRED;
  return errors;
}

/** A field left empty is outlined; the sentence 'Todos los campos marcados con * …' is said once above. */
function fieldError(message: unknown): string | boolean | undefined {
  if (message === REQUIRED || message === true) return true;
  return typeof message === 'string' ? message : undefined;
}

interface RegistrationFormProps {
  form: UseFormReturnType<RegistrationValues>;
  onRegistered: (email: string) => void;
}

export function RegistrationForm({ form, onRegistered }: RegistrationFormProps) {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [captcha, setCaptcha] = useState<{ id: string; image: string } | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [newCaptcha, { loading: captchaLoading }] = useMutation(NEW_CAPTCHA);
  const [register, { loading }] = useMutation(REGISTER_CANDIDATE);
  const codeRef = useRef<HTMLInputElement>(null);
  // Bumped after each failed attempt: a spent proof of work cannot be sent again.
  const [proofRound, setProofRound] = useState(0);
  const setProof = useCallback(
    (payload: string | null) => form.setFieldValue('captchaProof', payload ?? ''),
    // form is stable across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const refreshCaptcha = useCallback(async () => {
    form.setFieldValue('captchaAnswer', '');
    try {
      const { data } = await newCaptcha();
      setCaptcha(data?.newCaptcha ?? null);
      setCaptchaFailed(!data?.newCaptcha);
    } catch {
      setCaptcha(null);
      setCaptchaFailed(true);
    }
    // form is stable across renders; only the mutation matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newCaptcha]);

  // Opening the registration tab draws a new code (spec 1 §2.3).
  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const v = form.values;
  const emailHint = v.emailConfirmation && !sameEmail(v.email, v.emailConfirmation) ? AUTH_MESSAGES.emailsDiffer : null;
  const passwordHint =
    v.passwordConfirmation && v.password !== v.passwordConfirmation ? AUTH_MESSAGES.passwordsDiffer : null;

  const fail = (next: NoticeState) => {
    setNotice(next);
    void refreshCaptcha();
    setProofRound((r) => r + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const errors = validateRegistration(form.values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      const required = Object.values(errors).includes(REQUIRED);
      setNotice({ kind: 'warning', message: required ? REQUIRED : Object.values(errors)[0]! });
      return;
    }
    const accessible = form.values.accessibleCaptcha;
    if (!captcha && !accessible) {
      fail({ kind: 'error', message: 'No se pudo cargar el código de verificación. Pide uno nuevo.' });
      return;
    }
    setNotice(null);
    const values = form.values;
    try {
      const { data } = await register({
        variables: {
          input: {
            primerNombre: values.primerNombre.trim(),
            segundoNombre: values.segundoNombre.trim() || null,
            primerApellido: values.primerApellido.trim(),
            segundoApellido: values.segundoApellido.trim() || null,
            email: values.email.trim().toLowerCase(),
            emailConfirmation: values.emailConfirmation.trim().toLowerCase(),
            password: values.password,
            passwordConfirmation: values.passwordConfirmation,
            comoSeEntero: values.comoSeEntero || null,
            observaciones: values.observaciones.trim() || null,
            dpi: values.dpi,
            ...(accessible
              ? { captchaProof: values.captchaProof }
              : { captchaId: captcha?.id ?? null, captchaAnswer: values.captchaAnswer.trim() }),
          },
        },
      });
      const result = data?.registerCandidate;
      if (result?.ok) {
        onRegistered(result.email ?? values.email.trim().toLowerCase());
        return;
      }
      const error = result?.error;
      if (error?.__typename === 'ValidationFailed') {
        for (const f of error.fields) form.setFieldError(f.path, f.message);
      }
      if (error?.__typename === 'CaptchaFailed') form.setFieldError('captchaAnswer', true);
      fail({
        kind: 'error',
        title: 'No se pudo completar el registro',
        message: error?.message ?? 'Error al crear la cuenta',
      });
    } catch (error) {
      fail(
        isNetworkError(error)
          ? { kind: 'error', title: AUTH_MESSAGES.connectionError, message: NETWORK_MESSAGE }
          : {
              kind: 'error',
              title: 'No se pudo completar el registro',
              message: failureMessage(error, 'Error al crear la cuenta'),
            },
      );
    }
  };

  const props = (path: keyof RegistrationValues) => {
    const input = form.getInputProps(path);
    return { ...input, error: fieldError(input.error) };
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Crear una cuenta de candidato">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Los campos marcados con * son obligatorios.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label="Primer nombre"
            required
            autoComplete="given-name"
            data-autofocus
            {...props('primerNombre')}
          />
          <TextInput label="Segundo nombre" autoComplete="additional-name" {...props('segundoNombre')} />
          <TextInput label="Primer apellido" required autoComplete="family-name" {...props('primerApellido')} />
          <TextInput label="Segundo apellido" autoComplete="off" {...props('segundoApellido')} />
          <TextInput label="Correo electrónico" type="email" required autoComplete="email" {...props('email')} />
          <TextInput
            label="Confirmar correo"
            type="email"
            required
            autoComplete="off"
            {...props('emailConfirmation')}
            error={fieldError(form.errors['emailConfirmation']) ?? emailHint}
          />
          <PasswordInput
            label="Contraseña"
            required
            autoComplete="new-password"
            description="Al menos 6 caracteres."
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
            {...props('password')}
          />
          <PasswordInput
            label="Confirmar contraseña"
            required
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la confirmación' }}
            {...props('passwordConfirmation')}
            error={fieldError(form.errors['passwordConfirmation']) ?? passwordHint}
          />
          <Select
            label="¿Cómo te enteraste?"
            placeholder="Selecciona una opción"
            data={HOW_HEARD_OPTIONS}
            clearable
            allowDeselect
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
            {...props('comoSeEntero')}
            value={v.comoSeEntero || null}
            onChange={(value) => form.setFieldValue('comoSeEntero', value ?? '')}
          />
          <TextInput
            label="DPI"
            required
            inputMode="numeric"
            autoComplete="off"
            // No maxLength: it would cut a pasted '2476 45966 0101' before the filter drops the
            // spaces; dpiInput keeps digits only, 13 at most.
            description="13 dígitos, sin espacios ni guiones."
            {...props('dpi')}
            onChange={(e) => form.setFieldValue('dpi', dpiInput(e.currentTarget.value))}
            onBlur={() => {
              if (v.dpi && !isValidCui(v.dpi)) form.setFieldError('dpi', AUTH_MESSAGES.cuiInvalid);
            }}
          />
        </SimpleGrid>
        <LimitedTextarea label="Observaciones" rows={3} limit={OBSERVATIONS_MAX} {...props('observaciones')} />
        <Box>
          <Checkbox
            mb="sm"
            label={AUTH_MESSAGES.accessibleCaptcha}
            description={AUTH_MESSAGES.accessibleCaptchaHint}
            checked={v.accessibleCaptcha}
            onChange={(e) => {
              form.setFieldValue('accessibleCaptcha', e.currentTarget.checked);
              form.setFieldValue('captchaProof', '');
              form.clearFieldError('captchaAnswer');
            }}
          />
          {v.accessibleCaptcha ? (
            <Box role="group" aria-label="Verificación accesible">
              <Suspense fallback={<Loader size="sm" aria-label="Cargando verificación" />}>
                <ProofOfWorkCaptcha onProof={setProof} round={proofRound} />
              </Suspense>
              {typeof form.errors['captchaProof'] === 'string' && !v.captchaProof && (
                <Text size="sm" c="red.8" mt={4} role="alert">
                  {form.errors['captchaProof']}
                </Text>
              )}
            </Box>
          ) : (
            <>
              <Group gap="sm" align="center" wrap="wrap">
                <Box
                  w={200}
                  h={70}
                  bd="1px solid var(--mantine-color-gray-4)"
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    display: 'grid',
                    placeItems: 'center',
                    overflow: 'hidden',
                  }}
                >
                  {captcha ? (
                    <Image
                      src={captcha.image}
                      w={200}
                      h={70}
                      alt="Código de verificación: seis caracteres en una imagen"
                    />
                  ) : captchaLoading ? (
                    <Loader size="sm" aria-label="Cargando código" />
                  ) : (
                    <Text size="xs" c="red.8" ta="center" px="xs">
                      {captchaFailed ? 'No se pudo cargar el código.' : ''}
                    </Text>
                  )}
                </Box>
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  onClick={() => {
                    void refreshCaptcha();
                    codeRef.current?.focus();
                  }}
                  loading={captchaLoading}
                >
                  Nuevo código
                </Button>
              </Group>
              <TextInput
                ref={codeRef}
                mt="sm"
                label="Código de verificación"
                description="Escribe los caracteres de la imagen; mayúsculas o minúsculas da igual."
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={6}
                {...props('captchaAnswer')}
              />
            </>
          )}
        </Box>
        {notice && <Notice notice={notice} onDismiss={() => setNotice(null)} />}
        <Button type="submit" loading={loading} fullWidth>
          Registrarme
        </Button>
      </Stack>
    </form>
  );
}
