import '../../test/backoffice-env';
import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BOARD_COLUMNS, BOARD_MESSAGES, BOARD_PAGE_SIZE, stateToEnum } from '@bolsa/domain';
import type { CandidateRowFragment, CandidateState } from '../../gql/graphql';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewerMock } from '../../test/vacancy-fixtures';
import { page, row } from '../candidates/test-support/candidate-fixtures';
import { START_FOLLOW_UP } from '../candidates/actions/operations';
import { VACANCY_BOARD_COLUMN, VACANCY_BOARD_NAME } from './operations';
import { dropMove, useBoardDrop } from './use-board-drop';
import { VacancyBoardPage } from './VacancyBoardPage';

const STATES = BOARD_COLUMNS.map(stateToEnum) as CandidateState[];

const column = (
  state: CandidateState,
  items: CandidateRowFragment[],
  { totalCount = items.length, p = 1 } = {},
): Mocks[number] => ({
  request: {
    query: VACANCY_BOARD_COLUMN,
    variables: { vacancyId: '7', state, page: p, pageSize: BOARD_PAGE_SIZE },
  },
  result: { data: { vacancyBoardColumn: page(items, { totalCount, page: p, pageSize: BOARD_PAGE_SIZE }) } },
});

const nameMock: Mocks[number] = {
  request: { query: VACANCY_BOARD_NAME, variables: { id: '7' } },
  result: { data: { adminVacancy: { __typename: 'Vacancy', id: '7', name: 'Enfermera profesional' } } },
};

function renderBoard(role: 'MANAGER' | 'VIEWER', extra: Mocks = []) {
  const mocks: Mocks = [
    viewerMock(role),
    nameMock,
    ...STATES.map((s) =>
      s === 'APPLIED'
        ? column(
            s,
            Array.from({ length: BOARD_PAGE_SIZE }, (_, i) => row(String(i + 1), 'APPLIED')),
            { totalCount: BOARD_PAGE_SIZE + 1 },
          )
        : s === 'INTERVIEW'
          ? column(s, [row('30', 'INTERVIEW')])
          : column(s, []),
    ),
    ...extra,
  ];
  return renderWithProviders(
    <Routes>
      <Route path="/panel/plazas/:id/tablero" element={<VacancyBoardPage />} />
    </Routes>,
    { mocks, route: '/panel/plazas/7/tablero' },
  );
}

// jsdom puts a space before the hidden count (a browser does not).
const section = (label: RegExp) => screen.getByRole('region', { name: label });

describe('the vacancy board page (issue 23, item 5)', () => {
  it('shows one column per state with its count, the cards, and loads more', async () => {
    const user = userEvent.setup();
    renderBoard('MANAGER', [column('APPLIED', [row('99', 'APPLIED', { fullName: 'Última Postulante' })], { p: 2 })]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tablero de la plaza: Enfermera profesional' }),
    ).toBeInTheDocument();
    await screen.findByText('Candidata 30');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(8);
    const applied = section(/^Postulado ?: 21 candidatos$/);
    expect(within(applied).getAllByRole('listitem')).toHaveLength(BOARD_PAGE_SIZE);
    expect(section(/^Entrevista ?: 1 candidato$/)).toBeInTheDocument();
    expect(within(section(/^Rechazado ?: 0 candidatos$/)).getByText(BOARD_MESSAGES.emptyColumn)).toBeInTheDocument();
    // Each card's handle is a keyboard-reachable button (dnd-kit's KeyboardSensor).
    const handle = within(applied).getAllByRole('button', { name: /^Candidata 1 / })[0]!;
    expect(handle).toHaveAttribute('aria-roledescription', 'tarjeta movible');
    expect(handle).toHaveAttribute('tabindex', '0');
    await user.click(within(applied).getByRole('button', { name: /Cargar más/ }));
    expect(await within(applied).findByText('Última Postulante')).toBeInTheDocument();
    expect(within(applied).queryByRole('button', { name: /Cargar más/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver como lista' })).toHaveAttribute('href', '/panel/plazas/candidatos/7');
  });

  it('is read-only for role 3: no card can be lifted', async () => {
    renderBoard('VIEWER');
    expect(await screen.findByText(BOARD_MESSAGES.readOnly)).toBeInTheDocument();
    await screen.findByText('Candidata 30');
    expect(document.querySelectorAll('[aria-roledescription="tarjeta movible"]')).toHaveLength(0);
  });
});

function Harness({ card, to }: { card: CandidateRowFragment; to: CandidateState }) {
  const board = useBoardDrop();
  return (
    <>
      <Button onClick={() => (document.body.dataset.move = String(board.drop(card, to)))}>soltar</Button>
      <span data-testid="moving">{[...board.moving.values()].map((m) => `${m.card.id}→${m.to}`).join(',')}</span>
      <span data-testid="said">{board.said?.text}</span>
      {board.dialogs}
    </>
  );
}

function Probe() {
  const location = useLocation();
  return <p>Pantalla {location.pathname + location.search}</p>;
}

function renderDrop(
  card: CandidateRowFragment,
  to: CandidateState,
  mocks: Mocks = [],
  role: 'MANAGER' | 'VIEWER' = 'MANAGER',
) {
  delete document.body.dataset.move;
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/panel/plazas/7/tablero" element={<Harness card={card} to={to} />} />
      <Route path="*" element={<Probe />} />
    </Routes>,
    { mocks: [viewerMock(role), ...mocks], route: '/panel/plazas/7/tablero' },
  );
  return user;
}

const drop = async (user: ReturnType<typeof userEvent.setup>) => {
  await screen.findByRole('button', { name: 'soltar' });
  // The role arrives with the first query: until then every drop is refused.
  await waitFor(async () => {
    await user.click(screen.getByRole('button', { name: 'soltar' }));
    expect(document.body.dataset.move).not.toBe('null');
  });
};

describe('a drop on the board', () => {
  it('is allowed only onto a state the state machine allows from the card’s state', () => {
    const applied = row('1', 'APPLIED');
    expect(dropMove(applied, 'FOLLOW_UP')).toBe('followUp');
    expect(dropMove(applied, 'REJECTED')).toBe('reject');
    expect(dropMove(applied, 'PRE_TESTS')).toBeNull();
    expect(dropMove(applied, 'HIRED')).toBeNull();
    expect(dropMove(applied, 'APPLIED')).toBeNull();
    expect(dropMove(row('2', 'INDUCTION'), 'HIRED')).toBe('hire');
    expect(dropMove(row('3', 'REJECTED'), 'APPLIED')).toBeNull();
    // What the server says the viewer may do rules: no allowed states, no drop.
    expect(dropMove(row('4', 'INTERVIEW', { allowedStates: [] }), 'INDUCTION')).toBeNull();
  });

  it('refuses a forbidden drop without asking anything', async () => {
    const user = renderDrop(row('1', 'APPLIED'), 'INTERVIEW');
    await screen.findByRole('button', { name: 'soltar' });
    await user.click(screen.getByRole('button', { name: 'soltar' }));
    expect(document.body.dataset.move).toBe('null');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes nothing for role 3', async () => {
    const user = renderDrop(row('1', 'APPLIED'), 'FOLLOW_UP', [], 'VIEWER');
    await screen.findByRole('button', { name: 'soltar' });
    await new Promise((r) => setTimeout(r, 50));
    await user.click(screen.getByRole('button', { name: 'soltar' }));
    expect(document.body.dataset.move).toBe('null');
  });

  it('shows the card moved while the follow-up is saved and puts it back, with the refusal, when refused', async () => {
    const user = renderDrop(row('1', 'APPLIED'), 'FOLLOW_UP', [
      {
        request: { query: START_FOLLOW_UP, variables: { id: '1', expectedState: 'APPLIED' } },
        delay: 100,
        result: {
          data: {
            startFollowUp: {
              __typename: 'CandidatePayload',
              emailQueued: false,
              candidate: null,
              error: {
                __typename: 'TransitionNotAllowed',
                message: 'Cambio de estado no permitido según el flujo de trabajo',
                state: 'REJECTED',
                allowed: [],
              },
            },
          },
        },
      },
    ]);
    await drop(user);
    expect(document.body.dataset.move).toBe('followUp');
    expect(screen.getByTestId('moving')).toHaveTextContent('1→FOLLOW_UP');
    const notice = await screen.findByRole('dialog', { name: 'Cambio no permitido' });
    expect(within(notice).getByText(/Candidata 1/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('moving')).toHaveTextContent(''));
  });

  it.each([
    ['REJECTED', row('5', 'INTERVIEW'), 'Rechazar a Candidata 5'],
    ['INDUCTION', row('5', 'INTERVIEW'), '¿Mover a inducción?'],
    ['HIRED', row('6', 'INDUCTION'), 'Contratar a Candidata 6'],
  ] as const)('onto %s opens the inbox’s dialog first', async (to, card, title) => {
    const user = renderDrop(card, to);
    await drop(user);
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    // Nothing moves before the dialog's answer is saved.
    expect(screen.getByTestId('moving')).toHaveTextContent('');
  });

  it.each([
    ['REJECTED', 'Cancelar', row('5', 'INTERVIEW'), 'Rechazar a Candidata 5', 'entrevista'],
    ['REJECTED', 'Escape', row('5', 'INTERVIEW'), 'Rechazar a Candidata 5', 'entrevista'],
    ['INDUCTION', 'Cancelar', row('5', 'INTERVIEW'), '¿Mover a inducción?', 'entrevista'],
    ['HIRED', 'Escape', row('6', 'INDUCTION'), 'Contratar a Candidata 6', 'inducción'],
  ] as const)(
    'onto %s, its dialog closed with %s before sending: says the card stays where it was',
    async (to, how, card, title, from) => {
      const user = renderDrop(card, to);
      await drop(user);
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(screen.getByTestId('said')).toHaveTextContent('');
      if (how === 'Escape') await user.keyboard('{Escape}');
      else await user.click(within(dialog).getByRole('button', { name: how }));
      await waitFor(() =>
        expect(screen.getByTestId('said')).toHaveTextContent(BOARD_MESSAGES.cancelled(card.fullName, from)),
      );
      expect(screen.getByTestId('moving')).toHaveTextContent('');
    },
  );

  it.each([
    ['PRE_TESTS', row('8', 'FOLLOW_UP'), '/panel/asignacionpruebas/8'],
    ['INTERVIEW', row('8', 'FOLLOW_UP'), '/panel/asignacionentrevista/8'],
    ['POST_TESTS', row('8', 'PRE_TESTS'), '/panel/asignacionpruebas/8?tab=resultados'],
  ] as const)('onto %s opens the inbox’s screen for that step', async (to, card, path) => {
    const user = renderDrop(card, to);
    await drop(user);
    expect(await screen.findByText(`Pantalla ${path}`)).toBeInTheDocument();
  });
});
