import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginModal } from './LoginModal';
import { CANDIDATE_LOGIN, NEW_CAPTCHA, REGISTER_CANDIDATE } from './operations';
import { renderWithProviders, type Mocks } from '../../test/render';
import { StaticSession, viewer } from '../../test/session';
import { REDIRECT_KEY } from '../session';

const VALID_CUI = '1234567890101';

function captchaMock(id: string): Mocks[number] {
  return {
    request: { query: NEW_CAPTCHA },
    result: { data: { newCaptcha: { __typename: 'Captcha', id, image: `data:image/png;base64,${id}` } } },
  };
}

function loginMock(email: string, password: string, payload: Record<string, unknown>): Mocks[number] {
  return {
    request: { query: CANDIDATE_LOGIN, variables: { email, password } },
    result: {
      data: {
        candidateLogin: { __typename: 'LoginPayload', viewer: null, linkedApplications: 0, error: null, ...payload },
      },
    },
  };
}

const badCredentials = (email: string, password: string) =>
  loginMock(email, password, { error: { __typename: 'InvalidCredentials', message: 'Credenciales incorrectas' } });

function renderModal(mocks: Mocks = []) {
  const onClose = vi.fn();
  const view = renderWithProviders(<LoginModal opened onClose={onClose} />, { mocks });
  return { ...view, onClose };
}

/** Password fields carry a visibility toggle; their label also holds the required asterisk. */
const password = () => screen.getByLabelText(/^Contraseña/);
const email = () => screen.getByRole('textbox', { name: 'Correo electrónico' });

const REGISTRATION = {
  primerNombre: 'Ana',
  segundoNombre: null,
  primerApellido: 'López',
  segundoApellido: null,
  email: 'ana@example.com',
  emailConfirmation: 'ana@example.com',
  password: 'secreto1',
  passwordConfirmation: 'secreto1',
  comoSeEntero: null,
  observaciones: null,
  dpi: VALID_CUI,
};

async function fillRegistration(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByRole('textbox', { name: 'Primer nombre' }), 'Ana');
  await user.type(screen.getByRole('textbox', { name: 'Primer apellido' }), 'López');
  await user.type(email(), 'ana@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Confirmar correo' }), 'ana@example.com');
  await user.type(password(), 'secreto1');
  await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'secreto1');
  await user.type(screen.getByRole('textbox', { name: 'DPI' }), VALID_CUI);
  await user.type(screen.getByRole('textbox', { name: 'Código de verificación' }), code);
}

describe('LoginModal — Iniciar Sesión', () => {
  it('asks for both fields before calling the server', async () => {
    const user = userEvent.setup();
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Accede a tu cuenta' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Todos los campos son requeridos');
  });

  it('shows the failure, then offers to register with the same e-mail', async () => {
    const user = userEvent.setup();
    renderModal([badCredentials('nadie@example.com', 'xyz12345'), captchaMock('k1')]);
    await user.type(email(), 'Nadie@Example.com');
    await user.type(password(), 'xyz12345{Enter}');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Inicio de sesión fallido')).toBeInTheDocument();
    expect(within(alert).getByText('Credenciales incorrectas')).toBeInTheDocument();
    expect(password()).toHaveValue('');

    await user.click(within(alert).getByRole('button', { name: '¿No tienes cuenta? Regístrate con este correo' }));
    expect(screen.getByRole('tab', { name: 'Registrarse' })).toHaveAttribute('aria-selected', 'true');
    expect(email()).toHaveValue('Nadie@Example.com');
    expect(await screen.findByRole('img', { name: /Código de verificación/ })).toHaveAttribute(
      'src',
      'data:image/png;base64,k1',
    );
  });

  it('asks for the captcha the server requires after many failed logins and sends its answer with the next attempt', async () => {
    const user = userEvent.setup();
    const captcha = { __typename: 'Captcha', id: 'cap-9', image: 'data:image/png;base64,cap9' };
    renderModal([
      loginMock('ana@example.com', 'secreto1', {
        error: {
          __typename: 'CaptchaRequired',
          message: 'Por seguridad, escribe el código de verificación para continuar.',
          captcha,
        },
      }),
      {
        request: {
          query: CANDIDATE_LOGIN,
          variables: { email: 'ana@example.com', password: 'secreto1', captchaId: 'cap-9', captchaAnswer: 'K3M4X7' },
        },
        result: {
          data: {
            candidateLogin: {
              __typename: 'LoginPayload',
              viewer: null,
              linkedApplications: 0,
              error: { __typename: 'InvalidCredentials', message: 'Credenciales incorrectas' },
            },
          },
        },
      },
    ]);
    await user.type(email(), 'ana@example.com');
    await user.type(password(), 'secreto1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Por seguridad, escribe el código de verificación para continuar.',
    );
    expect(screen.getByRole('img', { name: /Código de verificación/ })).toHaveAttribute('src', captcha.image);
    await user.type(password(), 'secreto1');
    await user.type(screen.getByRole('textbox', { name: /Código de verificación/ }), 'K3M4X7{Enter}');
    // The answer went with the attempt (the mock only matches with it); the captcha is gone afterwards.
    expect(await screen.findByText('Credenciales incorrectas')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Código de verificación/ })).toBeNull();
  });

  it('clears the error when switching tabs', async () => {
    const user = userEvent.setup();
    renderModal([captchaMock('k1')]);
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText('Todos los campos son requeridos')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Registrarse' }));
    await user.click(screen.getByRole('tab', { name: 'Iniciar Sesión' }));
    expect(screen.queryByText('Todos los campos son requeridos')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "Error de conexión" when the server cannot be reached', async () => {
    const user = userEvent.setup();
    renderModal([
      {
        request: { query: CANDIDATE_LOGIN, variables: { email: 'ana@example.com', password: 'x' } },
        error: new TypeError('Failed to fetch'),
      },
    ]);
    await user.type(email(), 'ana@example.com');
    await user.type(password(), 'x{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error de conexión');
    expect(alert).toHaveTextContent('No se pudo contactar al servidor. Intenta nuevamente.');
  });

  it.each([
    [
      { __typename: 'DuplicateApplication', conflict: 'USUARIO', message: 'Ya tienes una postulación a esta vacante.' },
      'Inicio de sesión fallido',
      'Ya tienes una postulación a esta vacante.',
    ],
    [
      {
        __typename: 'ApplicationCheckFailed',
        title: 'Error al validar',
        message: 'No se pudo verificar tu postulación. Intenta de nuevo.',
      },
      'Error al validar',
      'No se pudo verificar tu postulación. Intenta de nuevo.',
    ],
  ])(
    'opened from a vacancy, sends its id and shows the duplicate check refusal (%#)',
    async (error, title, message) => {
      const user = userEvent.setup();
      const onClose = vi.fn();
      renderWithProviders(<LoginModal opened onClose={onClose} vacancyId="7" />, {
        mocks: [
          {
            request: {
              query: CANDIDATE_LOGIN,
              variables: { email: 'ana.lopez@example.com', password: 'Demo2026!', vacancyId: '7' },
            },
            result: {
              data: { candidateLogin: { __typename: 'LoginPayload', viewer: null, linkedApplications: 0, error } },
            },
          },
        ],
      });
      await user.type(email(), 'ana.lopez@example.com');
      await user.type(password(), 'Demo2026!{Enter}');
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(title)).toBeInTheDocument();
      expect(within(alert).getByText(message)).toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
    },
  );

  it('announces linked applications for 2.2 s, then stores /perfil and completes the login', async () => {
    const user = userEvent.setup();
    const me = viewer('CANDIDATE');
    const signedIn = vi.fn(() => true);
    const onClose = vi.fn();
    renderWithProviders(
      <StaticSession viewer={null} overrides={{ signedIn }}>
        <LoginModal opened onClose={onClose} />
      </StaticSession>,
      { mocks: [loginMock('ana.lopez@example.com', 'Demo2026!', { viewer: me, linkedApplications: 2 })] },
    );
    await user.type(email(), 'ana.lopez@example.com');
    await user.type(password(), 'Demo2026!{Enter}');
    expect(await screen.findByText('Vinculamos 2 postulación(es) previas a tu perfil')).toBeInTheDocument();
    expect(signedIn).not.toHaveBeenCalled();
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith(me), { timeout: 3000 });
    expect(onClose).toHaveBeenCalled();
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/perfil');
  });

  it('comes back to the signed link it was opened from instead of /perfil', async () => {
    const user = userEvent.setup();
    const me = viewer('CANDIDATE');
    const signedIn = vi.fn(() => true);
    renderWithProviders(
      <StaticSession viewer={null} overrides={{ signedIn }}>
        <LoginModal opened onClose={vi.fn()} returnTo="/perfil/documentos/abc" />
      </StaticSession>,
      { mocks: [loginMock('ana.lopez@example.com', 'Demo2026!', { viewer: me })] },
    );
    await user.type(email(), 'ana.lopez@example.com');
    await user.type(password(), 'Demo2026!{Enter}');
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith(me));
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/perfil/documentos/abc');
  });
});

describe('LoginModal — Registrarse', () => {
  it('fetches a captcha when the tab opens and shows live mismatch hints', async () => {
    const user = userEvent.setup();
    renderModal([captchaMock('k1')]);
    await user.click(screen.getByRole('tab', { name: 'Registrarse' }));
    expect(await screen.findByRole('img', { name: /Código de verificación/ })).toBeInTheDocument();

    await user.type(email(), 'ana@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Confirmar correo' }), 'ana@exam');
    expect(screen.getByText('Los correos electrónicos no coinciden.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Confirmar correo' }), 'ple.com');
    expect(screen.queryByText('Los correos electrónicos no coinciden.')).not.toBeInTheDocument();

    await user.type(password(), 'secreto1');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'secreto2');
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();
  });

  it('keeps only digits in the DPI, at most 13, and checks the CUI', async () => {
    const user = userEvent.setup();
    renderModal([captchaMock('k1')]);
    await user.click(screen.getByRole('tab', { name: 'Registrarse' }));
    const dpi = screen.getByRole('textbox', { name: 'DPI' });
    await user.type(dpi, '1234 5678-9a0199999');
    expect(dpi).toHaveValue('1234567890199');
    await user.tab();
    expect(screen.getByText('El CUI/DPI no es válido. Revisa los 13 dígitos.')).toBeInTheDocument();
  });

  it('names the required fields', async () => {
    const user = userEvent.setup();
    renderModal([captchaMock('k1')]);
    await user.click(screen.getByRole('tab', { name: 'Registrarse' }));
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Todos los campos marcados con * son requeridos');
    expect(screen.getByRole('textbox', { name: 'Primer nombre' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('draws a new captcha and clears the code when registration fails', async () => {
    const user = userEvent.setup();
    renderModal([
      captchaMock('k1'),
      {
        request: {
          query: REGISTER_CANDIDATE,
          variables: { input: { ...REGISTRATION, captchaId: 'k1', captchaAnswer: 'abc123' } },
        },
        result: {
          data: {
            registerCandidate: {
              __typename: 'RegisterCandidatePayload',
              ok: false,
              email: null,
              error: { __typename: 'CaptchaFailed', message: 'El código de verificación es incorrecto' },
            },
          },
        },
      },
      captchaMock('k2'),
    ]);
    await user.click(screen.getByRole('tab', { name: 'Registrarse' }));
    await screen.findByRole('img', { name: /Código de verificación/ });
    await fillRegistration(user, 'abc123');
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));

    expect(await screen.findByText('El código de verificación es incorrecto')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /Código de verificación/ })).toHaveAttribute(
        'src',
        'data:image/png;base64,k2',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Código de verificación' })).toHaveValue('');
  });

  it('shows the conflict message of the server', async () => {
    const user = userEvent.setup();
    renderModal([
      captchaMock('k1'),
      {
        request: {
          query: REGISTER_CANDIDATE,
          variables: { input: { ...REGISTRATION, captchaId: 'k1', captchaAnswer: 'abc123' } },
        },
        result: {
          data: {
            registerCandidate: {
              __typename: 'RegisterCandidatePayload',
              ok: false,
              email: null,
              error: {
                __typename: 'RegistrationConflict',
                conflict: 'EMAIL_DPI_MISMATCH',
                message: 'Este correo ya está asociado a otro CUI/DPI.',
              },
            },
          },
        },
      },
      captchaMock('k2'),
    ]);
    await user.click(screen.getByRole('tab', { name: 'Registrarse' }));
    await screen.findByRole('img', { name: /Código de verificación/ });
    await fillRegistration(user, 'abc123');
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText('Este correo ya está asociado a otro CUI/DPI.')).toBeInTheDocument();
  });

  it('after registering goes to the login tab with the e-mail filled in and no password', async () => {
    const user = userEvent.setup();
    renderModal([
      captchaMock('k1'),
      {
        request: {
          query: REGISTER_CANDIDATE,
          variables: { input: { ...REGISTRATION, captchaId: 'k1', captchaAnswer: 'abc123' } },
        },
        result: {
          data: {
            registerCandidate: {
              __typename: 'RegisterCandidatePayload',
              ok: true,
              email: 'ana@example.com',
              error: null,
            },
          },
        },
      },
    ]);
    await user.click(screen.getByRole('tab', { name: 'Registrarse' }));
    await screen.findByRole('img', { name: /Código de verificación/ });
    await fillRegistration(user, 'abc123');
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));

    expect(await screen.findByText('¡Registro exitoso! Ahora puedes iniciar sesión.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Iniciar Sesión' })).toHaveAttribute('aria-selected', 'true');
    expect(email()).toHaveValue('ana@example.com');
    expect(password()).toHaveValue('');
    // The keyboard goes on where the candidate has something left to type.
    await waitFor(() => expect(password()).toHaveFocus());
  });
});
