import { ServerError } from '@apollo/client/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RecruiterDialog } from './RecruiterDialog';
import { STAFF_LOGIN } from './operations';
import { renderWithProviders, type Mocks } from '../../test/render';
import { StaticSession, viewer } from '../../test/session';

function staffLoginMock(
  variables: { username: string; password: string; forceRole: string | null },
  payload: Record<string, unknown>,
  delay = 0,
): Mocks[number] {
  return {
    request: { query: STAFF_LOGIN, variables },
    result: { data: { staffLogin: { __typename: 'LoginPayload', viewer: null, error: null, ...payload } } },
    delay,
  };
}

function renderDialog(mocks: Mocks, signedIn = vi.fn(() => false)) {
  const onSuccess = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <StaticSession overrides={{ signedIn }}>
      <RecruiterDialog opened onClose={onClose} onSuccess={onSuccess} />
    </StaticSession>,
    { mocks },
  );
  return { onSuccess, onClose, signedIn };
}

const usuario = () => screen.getByRole('textbox', { name: 'Usuario' });
const clave = () => screen.getByLabelText('Contraseña');

describe('RecruiterDialog (Acceso Reclutadores)', () => {
  it('shows the version and asks for both fields', async () => {
    const user = userEvent.setup();
    renderDialog([]);
    expect(screen.getByRole('dialog', { name: 'Acceso Reclutadores' })).toBeInTheDocument();
    expect(screen.getByText('v1.0.3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Por favor ingrese usuario y contraseña');
  });

  it('submits with Enter in the password field, reads "Iniciando sesión..." while busy, then succeeds', async () => {
    const user = userEvent.setup();
    const me = viewer('ADMIN');
    const { onSuccess, signedIn } = renderDialog([
      staffLoginMock(
        { username: 'admin@ejemplo.org.gt', password: 'Demo2026!', forceRole: null },
        { viewer: me },
        2_000,
      ),
    ]);
    await user.type(usuario(), 'admin@ejemplo.org.gt');
    await user.type(clave(), 'Demo2026!{Enter}');
    expect(await screen.findByRole('button', { name: 'Iniciando sesión...' })).toBeInTheDocument();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(signedIn).toHaveBeenCalledWith(me);
  });

  it('shows the server message when the login is refused', async () => {
    const user = userEvent.setup();
    renderDialog([
      staffLoginMock(
        { username: 'inactivo@ejemplo.org.gt', password: 'x', forceRole: null },
        { error: { __typename: 'AccountInactive', message: 'Usuario inactivo.' } },
      ),
    ]);
    await user.type(usuario(), 'inactivo@ejemplo.org.gt');
    await user.type(clave(), 'x{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario inactivo.');
  });

  it("titles every outage 'Error de conexión': no answer, the api down behind the BFF (200 or 503)", async () => {
    const user = userEvent.setup();
    const variables = { username: 'a@ejemplo.org.gt', password: 'x', forceRole: null };
    const unavailable = {
      message: 'No se pudo contactar al servidor. Intenta nuevamente.',
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    };
    const body503 = JSON.stringify({ errors: [unavailable] });
    renderDialog([
      { request: { query: STAFF_LOGIN, variables }, error: new TypeError('Failed to fetch') },
      { request: { query: STAFF_LOGIN, variables }, result: { errors: [unavailable] } },
      {
        request: { query: STAFF_LOGIN, variables },
        error: new ServerError('Response not successful', {
          response: new Response(body503, { status: 503 }),
          bodyText: body503,
        }),
      },
    ]);
    await user.type(usuario(), 'a@ejemplo.org.gt');
    for (let i = 0; i < 3; i++) {
      await user.clear(clave());
      await user.type(clave(), 'x{Enter}');
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(alert).toHaveTextContent(/^Error de conexión/));
      expect(alert).toHaveTextContent('No se recibió respuesta del servidor. Verifique su conexión.');
      await user.click(within(alert).getByRole('button', { name: 'Entendido' }));
    }
  });

  it("shows the server's message field, else the body text, else 'Error {status}: …' (spec 2 §8)", async () => {
    const user = userEvent.setup();
    const variables = { username: 'a@ejemplo.org.gt', password: 'x', forceRole: null };
    const httpError = (status: number, bodyText: string) =>
      new ServerError('Response not successful', { response: new Response(bodyText, { status }), bodyText });
    renderDialog([
      {
        request: { query: STAFF_LOGIN, variables },
        error: httpError(503, JSON.stringify({ message: 'Servicio en mantenimiento.' })),
      },
      { request: { query: STAFF_LOGIN, variables }, error: httpError(500, 'Base de datos no disponible') },
      { request: { query: STAFF_LOGIN, variables }, error: httpError(400, '') },
      { request: { query: STAFF_LOGIN, variables }, error: httpError(500, '<html><body>Error</body></html>') },
    ]);
    await user.type(usuario(), 'a@ejemplo.org.gt');
    const attempt = async (expected: string) => {
      await user.clear(clave());
      await user.type(clave(), 'x{Enter}');
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(expected));
      expect(screen.getByRole('alert')).toHaveTextContent(/^No se pudo iniciar sesión/);
    };
    await attempt('Servicio en mantenimiento.');
    await attempt('Base de datos no disponible');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Formato de solicitud incorrecto');
    await attempt('Error 400: Formato de solicitud incorrecto');
    // An HTML error page is no text to show: the spec's fallback.
    await attempt('Error 500: Formato de solicitud incorrecto');
  });

  it('a triple click on the title shows "Forzar rol", whose choice is sent as forceRole', async () => {
    const user = userEvent.setup();
    const me = viewer('VIEWER', { realRole: 'ADMIN' });
    const { onSuccess } = renderDialog([
      staffLoginMock({ username: 'admin@ejemplo.org.gt', password: 'Demo2026!', forceRole: 'VIEWER' }, { viewer: me }),
    ]);
    expect(screen.queryByLabelText('Forzar rol', { selector: 'input' })).not.toBeInTheDocument();
    await user.tripleClick(screen.getByText('Acceso Reclutadores', { selector: 'span' }));
    const select = screen.getByLabelText('Forzar rol', { selector: 'input' });
    expect(select).toHaveValue('Automático');
    await user.click(select);
    const options = screen.getByRole('listbox');
    expect(
      within(options)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Automático', '1 Administrador', '2 Gestor', '3 Visualizador']);
    await user.click(within(options).getByRole('option', { name: '3 Visualizador' }));
    await user.type(usuario(), 'admin@ejemplo.org.gt');
    await user.type(clave(), 'Demo2026!{Enter}');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());

    await user.tripleClick(screen.getByText('Acceso Reclutadores', { selector: 'span' }));
    expect(screen.queryByLabelText('Forzar rol', { selector: 'input' })).not.toBeInTheDocument();
  });
});

describe('RecruiterDialog after many failed logins', () => {
  it('shows the captcha the server asks for and sends its answer with the next attempt', async () => {
    const user = userEvent.setup();
    const me = viewer('MANAGER');
    const captcha = { __typename: 'Captcha', id: 'cap-1', image: 'data:image/png;base64,AAAA' };
    const { onSuccess } = renderDialog([
      staffLoginMock(
        { username: 'gestor@ejemplo.org.gt', password: 'Demo2026!', forceRole: null },
        {
          error: {
            __typename: 'CaptchaRequired',
            message: 'Por seguridad, escribe el código de verificación para continuar.',
            captcha,
          },
        },
      ),
      {
        request: {
          query: STAFF_LOGIN,
          variables: {
            username: 'gestor@ejemplo.org.gt',
            password: 'Demo2026!',
            forceRole: null,
            captchaId: 'cap-1',
            captchaAnswer: 'K3M4X7',
          },
        },
        result: { data: { staffLogin: { __typename: 'LoginPayload', viewer: me, error: null } } },
      },
    ]);
    await user.type(usuario(), 'gestor@ejemplo.org.gt');
    await user.type(clave(), 'Demo2026!{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Por seguridad, escribe el código de verificación para continuar.',
    );
    expect(screen.getByRole('img', { name: /Código de verificación/ })).toHaveAttribute('src', captcha.image);
    await user.type(clave(), 'Demo2026!');
    await user.type(screen.getByRole('textbox', { name: /Código de verificación/ }), 'K3M4X7{Enter}');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
  });
});
