import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { matchRoutes, MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createCache } from './apollo';
import { AppRoutes, routes } from './router';
import { ALL, boardMock, branchesMock, card, detail, detailMock } from '../test/fixtures';
import { TestMantine, type Mocks } from '../test/render';

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
  '/perfil',
  '/reclutadores/login',
  '/preguntas-frecuentes',
  '/panel',
  '/panel/plazas',
  '/panel/plazas/candidatos/3',
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
  '/panel/usuarios',
];

describe('route table', () => {
  it.each(SPEC_PATHS)('declares %s', (path) => {
    const matches = matchRoutes(routes, path) ?? [];
    expect(matches.at(-1)?.route.path).not.toBe('*');
  });

  it('sends an anonymous visitor on an unknown path to /', async () => {
    const router = renderAt('/no-existe', [boardMock(ALL, []), branchesMock]);
    await waitFor(() => expect(router.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Encuentra el trabajo de tus sueños' })).toBeVisible();
    // Replaced, not pushed: Back does not return to the unknown address.
    expect(router.action).toBe('REPLACE');
  });

  it('opens the vacancy dialog over the board at /vacantes/:id, and closing it goes to /vacantes', async () => {
    const router = renderAt('/vacantes/5', [
      boardMock(ALL, [card('5', { name: 'Psicóloga clínica' })]),
      branchesMock,
      detailMock('5', detail('5', { name: 'Psicóloga clínica' })),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Vacantes Disponibles' })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del empleo' });
    expect(await within(dialog).findByRole('heading', { level: 3, name: 'Psicóloga clínica' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Cerrar detalles del empleo' }).click();
    await waitFor(() => expect(router.pathname).toBe('/vacantes'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
