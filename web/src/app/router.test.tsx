import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { matchRoutes, MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createCache } from './apollo';
import { ROLE_IDS, ROUTES, routeRedirect } from '@bolsa/domain';
import { AppRoutes, guardRedirect, routes, type RouteAccess } from './router';
import type { Role } from '../gql/graphql';
import { API_TOKENS, STAFF_USERS } from '../features/users/operations';
import { APPLICATION_VACANCY } from '../features/applications/operations';
import { ALL, boardMock, branchesMock, card, detail, detailMock } from '../test/fixtures';
import { TestMantine, type Mocks } from '../test/render';
import { sessionMock, viewer } from '../test/session';

/** Where the router is, read from inside it. */
const at = { pathname: '', action: '' };
function Probe() {
  at.pathname = useLocation().pathname;
  at.action = useNavigationType();
  return null;
}

function renderAt(path: string, mocks: Mocks = []) {
  render(
    <TestMantine>
      <MockedProvider mocks={mocks} cache={createCache()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <Probe />
        </MemoryRouter>
      </MockedProvider>
    </TestMantine>,
  );
  return at;
}

const SPEC_PATHS = [
  '/',
  '/vacantes',
  '/vacantes/12',
  '/vacantes/12/postular',
  '/perfil',
  '/perfil/documentos/abc',
  '/reclutadores/login',
  '/preguntas-frecuentes',
  '/panel',
  '/panel/plazas',
  '/panel/plazas/candidatos/3',
  '/panel/plazas/3/tablero',
  '/panel/candidatoporplaza',
  '/panel/detallecandidato/3',
  '/panel/candidatos',
  '/panel/plazas/vista-vacante',
  '/vista-previa',
  '/panel/asignacionpruebas/3',
  '/panel/asignacionentrevista/3',
  '/panel/plazas/crear',
  '/panel/plazas/crear-vacante',
  '/panel/plazas/editar',
  '/panel/plazas/editar-vacante',
  '/panel/historial',
  '/panel/reportes',
  '/panel/usuarios',
  '/panel/plantillas',
];

describe('route table', () => {
  it.each(SPEC_PATHS)('declares %s', (path) => {
    const matches = matchRoutes(routes, path) ?? [];
    expect(matches.at(-1)?.route.path).not.toBe('*');
  });

  it('sends an anonymous visitor on an unknown path to /', async () => {
    const router = renderAt('/no-existe', [sessionMock(null), boardMock(ALL, []), branchesMock]);
    await waitFor(() => expect(router.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Encuentra el trabajo de tus sueños' })).toBeVisible();
    // Replaced, not pushed: Back does not return to the unknown address.
    expect(router.action).toBe('REPLACE');
  });

  it('opens the vacancy dialog over the board at /vacantes/:id, and closing it goes to /vacantes', async () => {
    const router = renderAt('/vacantes/5', [
      sessionMock(null),
      boardMock(ALL, [card('5', { name: 'Psicóloga clínica' })]),
      branchesMock,
      detailMock('5', detail('5', { name: 'Psicóloga clínica' })),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Vacantes Disponibles' })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del empleo' }, { timeout: 10_000 });
    expect(await within(dialog).findByRole('heading', { level: 3, name: 'Psicóloga clínica' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Cerrar detalles del empleo' }).click();
    await waitFor(() => expect(router.pathname).toBe('/vacantes'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Ver Detalles on the home page', () => {
  it('opens the detail dialog over the home page: the address is shareable, the hero stays', async () => {
    const router = renderAt('/', [
      sessionMock(null),
      { ...boardMock(ALL, [card('5', { name: 'Psicóloga clínica' })]), maxUsageCount: Number.POSITIVE_INFINITY },
      branchesMock,
      detailMock('5', detail('5', { name: 'Psicóloga clínica' })),
    ]);
    const hero = await screen.findByRole(
      'heading',
      { level: 1, name: 'Encuentra el trabajo de tus sueños' },
      { timeout: 10_000 },
    );
    (await screen.findAllByRole('button', { name: 'Ver Detalles' }, { timeout: 10_000 }))[0]!.click();
    // The dialog is a lazy chunk.
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del empleo' }, { timeout: 10_000 });
    expect(
      await within(dialog).findByRole('heading', { level: 3, name: 'Psicóloga clínica' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.pathname).toBe('/vacantes/5');
    expect(hero).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Vacantes Disponibles' })).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Cerrar detalles del empleo' }).click();
    await waitFor(() => expect(router.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Encuentra el trabajo de tus sueños' })).toBeInTheDocument();
  });
});

function applicationVacancyMock(id: string, name: string): Mocks[number] {
  return {
    request: { query: APPLICATION_VACANCY, variables: { id } },
    result: {
      data: {
        vacancy: {
          __typename: 'Vacancy',
          id,
          name,
          place: 'Guatemala, Guatemala',
          active: true,
          endsAt: null,
          branch: { __typename: 'Branch', id: 'b1', name: 'Sede Central' },
        },
        today: '2026-11-28',
      },
    },
  };
}

describe('Aplicar Ahora (issue 9)', () => {
  it('opens the application form over the home page at /vacantes/:id/postular; Cancelar goes back', async () => {
    const router = renderAt('/', [
      sessionMock(null),
      { ...boardMock(ALL, [card('5', { name: 'Psicóloga clínica' })]), maxUsageCount: Number.POSITIVE_INFINITY },
      branchesMock,
      applicationVacancyMock('5', 'Psicóloga clínica'),
    ]);
    const hero = await screen.findByRole('heading', { level: 1, name: 'Encuentra el trabajo de tus sueños' });
    (await screen.findAllByRole('button', { name: 'Aplicar Ahora' }))[0]!.click();
    const dialog = await screen.findByRole('dialog', { name: 'Formulario de Postulación' }, { timeout: 5000 });
    expect(await within(dialog).findByText('Psicóloga clínica')).toBeInTheDocument();
    expect(router.pathname).toBe('/vacantes/5/postular');
    expect(hero).toBeInTheDocument();
    // The guest's link to log in works from the dialog over the page (the login provider wraps both).
    within(dialog).getByRole('button', { name: 'inicia sesión' }).click();
    await waitFor(() => expect(router.pathname).toBe('/'));
    expect(await screen.findByRole('tab', { name: 'Iniciar Sesión' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('opens the form from a shared link; closing it goes to /vacantes', async () => {
    const router = renderAt('/vacantes/5/postular', [
      sessionMock(null),
      boardMock(ALL, [card('5', { name: 'Psicóloga clínica' })]),
      branchesMock,
      applicationVacancyMock('5', 'Psicóloga clínica'),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Formulario de Postulación' }, { timeout: 5000 });
    expect(await within(dialog).findByText('Psicóloga clínica')).toBeInTheDocument();
    within(dialog).getByRole('button', { name: 'Cancelar' }).click();
    await waitFor(() => expect(router.pathname).toBe('/vacantes'));
  });
});

type Who = 'anonymous' | Role;
const WHO: Who[] = ['anonymous', 'CANDIDATE', 'ADMIN', 'MANAGER', 'VIEWER'];

/** Where each role lands on each address of spec 1 §2.1 ('=' stays). */
const BOARD = { anonymous: '=', CANDIDATE: '=', ADMIN: '/panel', MANAGER: '/panel', VIEWER: '/panel' };
const STAFF = { anonymous: '/', CANDIDATE: '/perfil', ADMIN: '=', MANAGER: '=', VIEWER: '=' };
const EDITORS = { anonymous: '/', CANDIDATE: '/perfil', ADMIN: '=', MANAGER: '=', VIEWER: '/panel' };
const ADMINS = { anonymous: '/', CANDIDATE: '/perfil', ADMIN: '=', MANAGER: '/panel', VIEWER: '/panel' };
const EXPECTED: Record<string, Record<Who, string>> = {
  '/': BOARD,
  '/vacantes': BOARD,
  '/vacantes/12': BOARD,
  '/vacantes/12/postular': BOARD,
  '/perfil': { anonymous: '/', CANDIDATE: '=', ADMIN: '/panel', MANAGER: '/panel', VIEWER: '/panel' },
  // The document-update link: a visitor stays to log in (and come back); staff go to the panel.
  '/perfil/documentos/abc': BOARD,
  '/reclutadores/login': { anonymous: '=', CANDIDATE: '/', ADMIN: '/panel', MANAGER: '/panel', VIEWER: '/panel' },
  '/preguntas-frecuentes': { anonymous: '=', CANDIDATE: '=', ADMIN: '=', MANAGER: '=', VIEWER: '=' },
  '/panel': STAFF,
  '/panel/plazas': STAFF,
  '/panel/plazas/candidatos/3': STAFF,
  '/panel/plazas/3/tablero': STAFF,
  '/panel/candidatoporplaza': STAFF,
  '/panel/detallecandidato/3': STAFF,
  '/panel/candidatos': STAFF,
  '/panel/plazas/vista-vacante': STAFF,
  '/vista-previa': STAFF,
  '/panel/asignacionpruebas/3': STAFF,
  '/panel/asignacionentrevista/3': STAFF,
  '/panel/plazas/crear': EDITORS,
  '/panel/plazas/crear-vacante': EDITORS,
  '/panel/plazas/editar': EDITORS,
  '/panel/plazas/editar-vacante': EDITORS,
  '/panel/historial': EDITORS,
  '/panel/reportes': EDITORS,
  '/panel/usuarios': ADMINS,
  '/panel/plantillas': ADMINS,
  '/no-existe': { anonymous: '/', CANDIDATE: '/perfil', ADMIN: '/panel', MANAGER: '/panel', VIEWER: '/panel' },
};

const forever = <T extends object>(m: T) => ({ ...m, maxUsageCount: Number.POSITIVE_INFINITY });
const PAGE_MOCKS: Mocks = [
  forever(boardMock(ALL, [])),
  branchesMock,
  forever(detailMock('12', null)),
  forever({ request: { query: STAFF_USERS }, result: { data: { staffUsers: [] } } }),
  forever({ request: { query: API_TOKENS }, result: { data: { apiTokens: [] } } }),
];

const CASES = Object.entries(EXPECTED).flatMap(([path, row]) =>
  WHO.map((who) => [path, who, row[who] === '=' ? path : row[who]!] as const),
);

describe('route guard (spec 1 §2.1)', () => {
  it('covers every address of the spec', () => {
    expect(Object.keys(EXPECTED).filter((p) => p !== '/no-existe')).toEqual(SPEC_PATHS);
  });

  it.each(CASES)('%s as %s lands on %s', async (path, who, expected) => {
    const me = who === 'anonymous' ? null : viewer(who);
    const router = renderAt(path, [sessionMock(me), ...PAGE_MOCKS]);
    // Screens are lazy chunks: on a busy machine the first import of one takes a while.
    await waitForElementToBeRemoved(() => screen.queryByLabelText('Cargando sesión'), { timeout: 10_000 });
    await waitFor(() => expect(router.pathname).toBe(expected), { timeout: 10_000 });
    if (expected !== path) expect(router.action).toBe('REPLACE');
  });

  it('decides without rendering too', () => {
    expect(guardRedirect('/panel/usuarios', 2)).toBe('/panel');
    expect(guardRedirect('/panel/plazas/crear', 3)).toBe('/panel');
    expect(guardRedirect('/panel', 4)).toBe('/perfil');
    expect(guardRedirect('/perfil', null)).toBe('/');
    expect(guardRedirect('/', 1)).toBe('/panel');
    expect(guardRedirect('/vacantes/7', 4)).toBeNull();
  });

  it("routes every address of domain's ROUTES with its audience, and decides as domain's routeRedirect", () => {
    const roles = [null, ...ROLE_IDS] as const;
    for (const rule of ROUTES) {
      const address = rule.path.replace(/:\w+/g, 'x1');
      const matches = matchRoutes(routes, address) ?? [];
      expect(matches.at(-1)?.route.path, address).not.toBe('*');
      // A route without a handle takes its parent's, as the guard reads it.
      const audience = matches
        .map((m) => (m.route.handle as RouteAccess | undefined)?.audience)
        .filter((a) => a !== undefined)
        .at(-1);
      expect(audience, address).toEqual(rule.audience);
      for (const role of roles)
        expect(guardRedirect(address, role), `${address} as ${role}`).toBe(routeRedirect(address, role));
    }
  });

  it('shows a spinner until the session is known', async () => {
    renderAt('/', [sessionMock(null), ...PAGE_MOCKS]);
    expect(screen.getByLabelText('Cargando sesión')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Encuentra el trabajo de tus sueños' })).toBeVisible();
  });
});
