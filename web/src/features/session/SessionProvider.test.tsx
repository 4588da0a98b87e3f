import { ApolloLink } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { createCache } from '../../app/apollo';
import { AppRoutes } from '../../app/router';
import { ALL, boardMock, branchesMock } from '../../test/fixtures';
import { TestMantine, type Mocks } from '../../test/render';
import { sessionMock, viewer } from '../../test/session';
import { API_TOKENS, STAFF_USERS } from '../users/operations';
import { ServerError } from '@apollo/client/errors';
import { useApolloClient } from '@apollo/client/react';
import { afterEach } from 'vitest';
import { outageLink, resetOutage, setOutageProbe } from '../../lib/outage';
import { LOGOUT, SESSION } from './operations';
import { sessionExpiryLink } from './session-events';

const at = { pathname: '' };
function Probe() {
  at.pathname = useLocation().pathname;
  return null;
}

const forever = <T extends object>(m: T) => ({ ...m, maxUsageCount: Number.POSITIVE_INFINITY });
const BOARD: Mocks = [forever(boardMock(ALL, [])), branchesMock];

/** The outage check in the tests: fetch what is on screen again, as the app's probe does once the api is back. */
function OutageProbe() {
  const client = useApolloClient();
  setOutageProbe(async () => {
    await client.refetchObservableQueries().catch(() => undefined);
    return true;
  });
  return null;
}
afterEach(() => {
  resetOutage();
  setOutageProbe(null);
});

function renderApp(path: string, mocks: Mocks, knownAnonymous = false) {
  // The app's own session-expiry and outage links in front of the mocked network, as in production.
  const link = ApolloLink.from([sessionExpiryLink(), outageLink(), new MockLink(mocks)]);
  render(
    <TestMantine>
      <MockedProvider link={link} cache={createCache()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes knownAnonymous={knownAnonymous} />
          <Probe />
          <OutageProbe />
        </MemoryRouter>
      </MockedProvider>
    </TestMantine>,
  );
  return at;
}

// happy-dom is 1024 px wide: the staff bar (shown from Mantine's lg, 1200 px) is in the page but hidden.
const mainNav = () => document.querySelector<HTMLElement>('header nav[aria-label="Navegación principal"]')!;
const links = () =>
  within(mainNav())
    .getAllByRole('link', { hidden: true })
    .map((l) => l.textContent);

describe('session and navigation', () => {
  it('shows the public bar to a visitor', async () => {
    renderApp('/', [sessionMock(null), ...BOARD]);
    await screen.findByRole('heading', { level: 1, name: 'Encuentra el trabajo de tus sueños' });
    expect(links()).toEqual(['Inicio', 'Vacantes', 'Preguntas frecuentes']);
    expect(screen.getByRole('button', { name: 'Regístrate / Iniciar Sesion' })).toBeInTheDocument();
  });

  it('shows a prerendered page (no session cookie was sent) at once, without waiting for `me`', async () => {
    renderApp('/', [{ ...sessionMock(null), delay: Number.POSITIVE_INFINITY }, ...BOARD], true);
    expect(screen.getByRole('heading', { level: 1, name: 'Encuentra el trabajo de tus sueños' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Cargando sesión' })).toBeNull();
    expect(links()).toEqual(['Inicio', 'Vacantes', 'Preguntas frecuentes']);
  });

  it('shows a candidate only "Mi Perfil" and "Cerrar sesión"', async () => {
    renderApp('/preguntas-frecuentes', [sessionMock(viewer('CANDIDATE')), ...BOARD]);
    await waitFor(() => expect(links()).toEqual(['Mi Perfil']));
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it.each([
    [
      'ADMIN',
      'Administrador',
      ['Panel', 'Plazas', 'Candidatos', 'Historial', 'Reportes', 'Usuarios', 'Plantillas', 'Auditoría', 'Retención'],
    ],
    ['MANAGER', 'Gestor', ['Panel', 'Plazas', 'Candidatos', 'Historial', 'Reportes']],
    ['VIEWER', 'Visualizador', ['Panel', 'Plazas', 'Candidatos']],
  ] as const)('shows %s the staff bar with its links, name and role', async (role, label, expected) => {
    renderApp('/preguntas-frecuentes', [sessionMock(viewer(role)), ...BOARD]);
    await waitFor(() => expect(links()).toEqual(expected));
    expect(screen.getByRole('link', { name: 'Bolsa de Trabajo, ir al panel' })).toHaveAttribute('href', '/panel');
    expect(screen.getAllByText(viewer(role).name)[0]).toBeInTheDocument();
    expect(screen.getAllByText(label)[0]).toBeInTheDocument();
    // With nine links the name has no room between lg and xl: initials there, named for screen readers.
    const initials = screen.queryByRole('img', { name: `${viewer(role).name}, ${label}`, hidden: true });
    if (expected.length > 8) {
      const words = viewer(role).name.trim().split(/\s+/);
      expect(initials).toHaveTextContent(`${words[0]![0]}${words[1]?.[0] ?? ''}`.toUpperCase());
      expect(initials).toHaveAttribute('title', `${viewer(role).name} · ${label}`);
    } else expect(initials).toBeNull();
  });

  it('"Cerrar sesión" ends the session on the server and returns to / as a visitor', async () => {
    const user = userEvent.setup();
    const router = renderApp('/preguntas-frecuentes', [
      sessionMock(viewer('ADMIN'), { maxUsageCount: 1 }),
      { request: { query: LOGOUT }, result: { data: { logout: true } } },
      sessionMock(null),
      ...BOARD,
    ]);
    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión', hidden: true }));
    await waitFor(() => expect(router.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Regístrate / Iniciar Sesion' })).toBeInTheDocument();
    expect(links()).toEqual(['Inicio', 'Vacantes', 'Preguntas frecuentes']);
  });

  it("a reload while the api is down keeps the user where they were, says 'Error de conexión', and recovers by itself", async () => {
    const body = JSON.stringify({
      errors: [
        {
          message: 'No se pudo contactar al servidor. Intenta nuevamente.',
          extensions: { code: 'UPSTREAM_UNAVAILABLE' },
        },
      ],
    });
    const router = renderApp('/panel/historial', [
      {
        request: { query: SESSION },
        error: new ServerError('Response not successful', {
          response: new Response(body, { status: 503 }),
          bodyText: body,
        }),
      },
      sessionMock(viewer('ADMIN')),
      ...BOARD,
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Error de conexión' })).toBeInTheDocument();
    expect(screen.getByText('No se pudo contactar al servidor. Intenta nuevamente.')).toBeInTheDocument();
    // Not logged out, not sent home: the address stays and no visitor bar is shown.
    expect(router.pathname).toBe('/panel/historial');
    expect(screen.queryByRole('button', { name: 'Regístrate / Iniciar Sesion' })).toBeNull();
    // The page checks again after a second and comes back as the staff member, where they were.
    await waitFor(
      () =>
        expect(links()).toEqual([
          'Panel',
          'Plazas',
          'Candidatos',
          'Historial',
          'Reportes',
          'Usuarios',
          'Plantillas',
          'Auditoría',
          'Retención',
        ]),
      {
        timeout: 10_000,
      },
    );
    expect(screen.queryByRole('heading', { name: 'Error de conexión' })).toBeNull();
    expect(router.pathname).toBe('/panel/historial');
  });

  it('a FORBIDDEN answer asks who is logged in again: a role changed elsewhere reaches the bar and the screens', async () => {
    const router = renderApp('/panel/usuarios', [
      sessionMock(viewer('ADMIN'), { maxUsageCount: 1 }),
      {
        request: { query: STAFF_USERS },
        result: {
          errors: [new GraphQLError('Tu rol no permite realizar esta acción.', { extensions: { code: 'FORBIDDEN' } })],
        },
      },
      forever({ request: { query: API_TOKENS }, result: { data: { apiTokens: [] } } }),
      // An administrator made this account a Visualizador meanwhile.
      forever(sessionMock(viewer('VIEWER'))),
      ...BOARD,
    ]);
    // The users screen is for administrators only: the page leaves it once the new role is known.
    await waitFor(() => expect(router.pathname).not.toBe('/panel/usuarios'), { timeout: 10_000 });
    expect(router.pathname).toMatch(/^\/panel/);
  });

  it('an UNAUTHENTICATED answer means the session ended: back to / as a visitor', async () => {
    const router = renderApp('/panel/usuarios', [
      sessionMock(viewer('ADMIN'), { maxUsageCount: 1 }),
      {
        request: { query: STAFF_USERS },
        result: {
          errors: [
            new GraphQLError('Debes iniciar sesión para continuar.', { extensions: { code: 'UNAUTHENTICATED' } }),
          ],
        },
      },
      forever({ request: { query: API_TOKENS }, result: { data: { apiTokens: [] } } }),
      sessionMock(null),
      ...BOARD,
    ]);
    // Two lazy chunks (panel, users screen) load first: allow for a busy machine.
    await waitFor(() => expect(router.pathname).toBe('/'), { timeout: 10_000 });
    expect(await screen.findByRole('button', { name: 'Regístrate / Iniciar Sesion' })).toBeInTheDocument();
  });
});
