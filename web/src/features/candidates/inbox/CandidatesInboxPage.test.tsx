import '../../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../gql/graphql';
import { renderWithProviders, type Mocks } from '../../../test/render';
import { viewer } from '../../../test/session';
import { viewerMock } from '../../../test/vacancy-fixtures';
import { page, row } from '../test-support/candidate-fixtures';
import { CandidatesInboxPage, INBOX_EMPTY, INBOX_LOAD_FAILED } from './CandidatesInboxPage';
import { CANDIDATE_INBOX } from './operations';

const vars = (over: Record<string, unknown> = {}) => ({ page: 1, pageSize: 10, state: null, search: null, ...over });
const inbox = (variables: Record<string, unknown>, result: ReturnType<typeof page>): Mocks[number] => ({
  request: { query: CANDIDATE_INBOX, variables },
  result: { data: { candidates: result } },
});
const COUNTS = { APPLIED: 4, FOLLOW_UP: 2, PRE_TESTS: 1, POST_TESTS: 0, INTERVIEW: 3, INDUCTION: 1 };
const ROWS = [row('1', 'APPLIED'), row('2', 'INTERVIEW'), row('3', 'INDUCTION')];

let search = '';
function Address() {
  search = useLocation().search;
  return null;
}

function renderInbox(role: Role, mocks: Mocks, route = '/panel/candidatos') {
  return renderWithProviders(
    <>
      <CandidatesInboxPage />
      <Address />
    </>,
    { mocks: [viewerMock(role), ...mocks], route, viewer: viewer(role) },
  );
}

const actionNames = (tr: HTMLElement) =>
  [...tr.querySelectorAll<HTMLElement>('td[data-label="Acciones"] a, td[data-label="Acciones"] button')].map(
    (b) => `${b.getAttribute('aria-label')!.split(':')[0]}${b.hasAttribute('disabled') ? ' [off]' : ''}`,
  );

describe('Candidatos Activos (/panel/candidatos)', () => {
  it('shows the columns, the tab counts and, for a Gestor, the row actions by state', async () => {
    renderInbox('MANAGER', [inbox(vars(), page(ROWS, { totalCount: 11, counts: COUNTS }))]);
    const table = await screen.findByRole('table', { name: 'Candidatos activos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Selección', 'Nombre', 'Puesto', 'Estado', 'Acciones']);
    expect(screen.getByRole('tab', { name: 'Todos 11' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Postulados 4' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Inducción 1' })).toBeInTheDocument();
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('c1@example.com')).toBeInTheDocument();
    expect(within(first!).getByText('Enfermera profesional')).toBeInTheDocument();
    expect(within(first!).getByText('Postulado')).toBeInTheDocument();
    expect(actionNames(first!)).toEqual([
      'Ver perfil',
      'Pre-pruebas [off]',
      'Resultados de pruebas [off]',
      'Programar entrevista [off]',
      'Mover a inducción [off]',
      'Contratar [off]',
      'Rechazar',
    ]);
    expect(actionNames(second!)).toEqual([
      'Ver perfil',
      'Pre-pruebas',
      'Resultados de pruebas',
      'Programar entrevista',
      'Mover a inducción',
      'Contratar [off]',
      'Rechazar',
    ]);
    expect(actionNames(third!)).not.toContain('Contratar [off]');
    expect(within(second!).getByRole('link', { name: /^Resultados de pruebas/ })).toHaveAttribute(
      'href',
      '/panel/asignacionpruebas/2?tab=resultados',
    );
    expect(within(first!).getByRole('link', { name: /^Ver perfil/ })).toHaveAttribute(
      'href',
      '/panel/detallecandidato/1',
    );
    expect(screen.getByRole('link', { name: 'Historial de Candidatos' })).toHaveAttribute('href', '/panel/historial');
  });

  it('is read-only for the Visualizador: only the profile action, no link to the history', async () => {
    renderInbox('VIEWER', [inbox(vars(), page(ROWS, { counts: COUNTS }))]);
    const table = await screen.findByRole('table');
    for (const tr of within(table).getAllByRole('row').slice(1)) expect(actionNames(tr)).toEqual(['Ver perfil']);
    expect(screen.queryByRole('link', { name: 'Historial de Candidatos' })).not.toBeInTheDocument();
    // No selection and no bulk actions (issue 23).
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acciones masivas' })).not.toBeInTheDocument();
  });

  it('filters by tab and search (debounced), going back to page 1, and keeps the filters in the address', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 10 }, (_, i) => row(String(i + 1), 'INTERVIEW'));
    renderInbox('ADMIN', [
      inbox(vars(), page(many, { totalCount: 40, counts: { INTERVIEW: 40 } })),
      inbox(vars({ page: 3 }), page(many, { totalCount: 40, counts: { INTERVIEW: 40 } })),
      inbox(vars({ state: 'INTERVIEW' }), page(many.slice(0, 2), { totalCount: 2, counts: { INTERVIEW: 2 } })),
      inbox(vars({ state: 'INTERVIEW', search: 'zz' }), page([], { counts: {} })),
    ]);
    expect(await screen.findByText('Mostrando 1-10 de 40 candidatos')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Página \d$/ })).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Mostrando 21-30 de 40 candidatos')).toBeInTheDocument();
    expect(search).toBe('?pagina=3');

    await user.click(screen.getByRole('tab', { name: /^Entrevista/ }));
    expect(await screen.findByText('Mostrando 1-2 de 2 candidatos')).toBeInTheDocument();
    expect(search).toBe('?estado=entrevista');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'zz');
    expect(await screen.findByText(INBOX_EMPTY)).toBeInTheDocument();
    expect(search).toBe('?estado=entrevista&q=zz');
  });

  it('reads its filters from the address (back or refresh keep them)', async () => {
    renderInbox(
      'MANAGER',
      [
        inbox(
          vars({ state: 'FOLLOW_UP', search: 'ana', page: 2, pageSize: 5 }),
          page([row('9', 'FOLLOW_UP')], { totalCount: 6, pageSize: 5, counts: { FOLLOW_UP: 6 } }),
        ),
      ],
      '/panel/candidatos?estado=seguimiento&q=ana&pagina=2&filas=5',
    );
    expect(await screen.findByText('Mostrando 6-6 de 6 candidatos')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^En seguimiento/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('ana');
    expect(screen.getByLabelText('Filas por página')).toHaveValue('5');
  });

  it('offers Reintentar when the list cannot load', async () => {
    const user = userEvent.setup();
    renderInbox('MANAGER', [
      { request: { query: CANDIDATE_INBOX, variables: vars() }, error: new Error('boom') },
      inbox(vars(), page([row('1', 'APPLIED')], { counts: { APPLIED: 1 } })),
    ]);
    expect(await screen.findByText(INBOX_LOAD_FAILED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByRole('table')).toBeInTheDocument());
  });
});
