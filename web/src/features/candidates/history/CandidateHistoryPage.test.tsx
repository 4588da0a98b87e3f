import '../../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../gql/graphql';
import { renderWithProviders, type Mocks } from '../../../test/render';
import { viewer } from '../../../test/session';
import { viewerMock } from '../../../test/vacancy-fixtures';
import { page, row } from '../test-support/candidate-fixtures';
import { CandidateHistoryPage, HISTORY_EMPTY } from './CandidateHistoryPage';
import { CANDIDATE_HISTORY, HISTORY_DELETE, HISTORY_REACTIVATE } from './operations';

const vars = (over: Record<string, unknown> = {}) => ({
  tab: 'ALL',
  candidateSearch: null,
  positionSearch: null,
  page: 1,
  pageSize: 5,
  ...over,
});
const history = (variables: Record<string, unknown>, result: ReturnType<typeof page>): Mocks[number] => ({
  request: { query: CANDIDATE_HISTORY, variables },
  result: { data: { candidateHistory: result } },
});
const cv = {
  __typename: 'CandidateFile' as const,
  id: '31',
  kind: 'CURRICULUM' as const,
  url: '/files/candidatos/postulacion/31',
};
const HIRED = { ...row('1', 'HIRED'), documents: [cv] };
const REJECTED = { ...row('2', 'REJECTED'), documents: [] };
const PAGE = page([HIRED, REJECTED], { pageSize: 5, states: ['HIRED', 'REJECTED'], counts: { HIRED: 3, REJECTED: 4 } });

function renderHistory(role: Role, mocks: Mocks) {
  return renderWithProviders(<CandidateHistoryPage />, {
    mocks: [viewerMock(role), ...mocks],
    route: '/panel/historial',
    viewer: viewer(role),
  });
}

describe('Historial de Candidatos (/panel/historial)', () => {
  it('lists hired and rejected with counts, application date, Ver CV, and Reactivar only for an Administrador', async () => {
    renderHistory('MANAGER', [history(vars(), PAGE)]);
    const table = await screen.findByRole('table', { name: 'Historial de candidatos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nombre', 'Email', 'Puesto', 'Estado', 'Acciones']);
    expect(screen.getByRole('tab', { name: 'Todos 7' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Contratados 3' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rechazados 4' })).toBeInTheDocument();
    expect(screen.getByLabelText('Filas por página')).toHaveValue('5');
    const [hired, rejected] = within(table).getAllByRole('row').slice(1);
    expect(within(hired!).getByText('Postulación: 02/10/2026')).toBeInTheDocument();
    expect(within(hired!).getByRole('link', { name: 'Ver CV' })).toHaveAttribute('href', cv.url);
    expect(within(hired!).getByRole('link', { name: 'Ver CV' })).toHaveAttribute('target', '_blank');
    expect(within(rejected!).getByRole('link', { name: 'Ver CV' })).toHaveAttribute(
      'href',
      '/panel/detallecandidato/2',
    );
    const reactivate = within(rejected!).getByRole('button', { name: 'Reactivar' });
    expect(reactivate).toHaveAttribute('aria-disabled', 'true');
    expect(reactivate).toHaveAccessibleDescription('Solo los administradores pueden reactivar candidatos');
  });

  it('lets an Administrador reactivate a rejected candidate, and says why it failed', async () => {
    const user = userEvent.setup();
    renderHistory('ADMIN', [
      history(vars(), PAGE),
      {
        request: { query: HISTORY_REACTIVATE, variables: { id: '2' } },
        result: {
          data: {
            reactivateCandidate: {
              __typename: 'CandidatePayload',
              candidate: null,
              error: { __typename: 'OperationFailed', message: 'x', status: 503 },
            },
          },
        },
      },
    ]);
    const table = await screen.findByRole('table');
    const [hired, rejected] = within(table).getAllByRole('row').slice(1);
    expect(within(hired!).getByRole('button', { name: 'Reactivar' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(rejected!).getByRole('button', { name: 'Reactivar' }));
    // Nothing happens on one click: the question says that the candidate will get an e-mail.
    const dialog = await screen.findByRole('dialog', { name: '¿Reactivar candidato?' });
    expect(dialog).toHaveTextContent(
      'Candidata 2 volverá a la etapa en la que estaba y se le enviará un correo (c2@example.com) para avisarle.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reactivar' }));
    expect(await screen.findByText('No se pudo reactivar', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Error 503')).toBeInTheDocument();
  });

  it('does not reactivate when the question is cancelled', async () => {
    const user = userEvent.setup();
    renderHistory('ADMIN', [history(vars(), PAGE)]);
    const table = await screen.findByRole('table');
    const rejected = within(table).getAllByRole('row')[2]!;
    await user.click(within(rejected).getByRole('button', { name: 'Reactivar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Reactivar candidato?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // No mutation was mocked: had it run, 'No se pudo reactivar' would show.
    expect(screen.queryByText('No se pudo reactivar')).not.toBeInTheDocument();
  });

  it('deletes after confirmation and refetches', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    renderHistory('MANAGER', [
      history(vars(), PAGE),
      {
        request: { query: HISTORY_DELETE, variables: { id: '1' } },
        result: { data: { deleteCandidate: { __typename: 'DeletePayload', ok: true, error: null } } },
      },
      history(vars(), page([REJECTED], { pageSize: 5, states: ['HIRED', 'REJECTED'], counts: { REJECTED: 4 } })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Candidata 1' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar candidato?' });
    expect(within(dialog).getByText(/no se puede deshacer/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Candidato eliminado', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Todos 4' })).toBeInTheDocument());
  });

  it('searches by position and by candidate, and shows the empty state', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    renderHistory('MANAGER', [
      history(vars(), PAGE),
      history(vars({ positionSearch: 'enf' }), PAGE),
      history(vars({ positionSearch: 'enf', candidateSearch: 'zz' }), page([], { states: ['HIRED', 'REJECTED'] })),
    ]);
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por puesto' }), 'enf');
    await new Promise((r) => setTimeout(r, 400));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por candidato' }), 'zz');
    expect(await screen.findByText(HISTORY_EMPTY, undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
