import '../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { daysRemaining } from '@bolsa/domain';
import { AdminVacancyGrid, showingRange } from './AdminVacancyGrid';
import { DaysRemaining, TONE_COLOR } from './DaysRemaining';
import { ADMIN_VACANCY_OPTIONS, SET_VACANCY_FEATURED } from './operations';
import { adminPage, inDays, item, viewerMock } from '../../test/vacancy-fixtures';
import { BRANCH_LIST, branchesMock } from '../../test/fixtures';
import { renderWithProviders, type Mocks } from '../../test/render';

const FIRST = { filter: {}, page: 1, pageSize: 6 };

const EIGHT = [
  item('1', { name: 'Enfermera profesional', endsAt: inDays(20), featured: true }),
  item('2', { name: 'Médico general', endsAt: inDays(5) }),
  item('3', { name: 'Auxiliar de enfermería', endsAt: inDays(-2), active: false }),
  item('4', { name: 'Recepcionista', endsAt: inDays(1) }),
  item('5', { name: 'Laboratorista', endsAt: inDays(8) }),
  item('6', { name: 'Psicóloga', endsAt: inDays(0), active: false }),
];

let lastState: unknown = null;
function CandidatesProbe() {
  const location = useLocation();
  lastState = location.state;
  return <p>Candidatos de {location.pathname}</p>;
}

function renderGrid(mocks: Mocks) {
  return renderWithProviders(
    <Routes>
      <Route path="/panel" element={<AdminVacancyGrid />} />
      <Route path="/panel/plazas/candidatos/:id" element={<CandidatesProbe />} />
    </Routes>,
    { mocks: [branchesMock, ...mocks], route: '/panel' },
  );
}

describe('days-remaining indicator (spec 2 §4)', () => {
  it.each([
    [30, 'green', '30 días restantes'],
    [8, 'green', '8 días restantes'],
    [7, 'orange', '7 días restantes'],
    [1, 'orange', '1 día restante'],
    [0, 'red', 'Vencida'],
    [-3, 'red', 'Vencida'],
  ])('%i days → %s', (days, tone, label) => {
    renderWithProviders(<DaysRemaining endsAt={inDays(days)} />);
    const badge = screen.getByText(label).closest('[data-tone]');
    expect(badge).toHaveAttribute('data-tone', tone);
    expect(daysRemaining(inDays(days)).tone).toBe(tone);
    expect(TONE_COLOR[tone as 'green']).toMatch(/^#/);
  });
});

describe('Panel de Acceso Rápido (admin grid)', () => {
  it('shows the counts, each card with its status and days remaining, and "Mostrando a-b de n vacantes"', async () => {
    renderGrid([
      viewerMock('MANAGER'),
      adminPage(FIRST, EIGHT, { totalCount: 8, activeCount: 5, inactiveCount: 3, featuredCount: 1 }),
    ]);
    expect(screen.getByRole('heading', { name: 'Panel de Acceso Rápido' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(6);
    expect(screen.getByTestId('conteo-Activas')).toHaveTextContent('5');
    expect(screen.getByTestId('conteo-Inactivas')).toHaveTextContent('3');
    expect(screen.getByTestId('conteo-Destacadas')).toHaveTextContent('1');
    expect(screen.getByText('Mostrando 1-6 de 8 vacantes')).toBeInTheDocument();

    const first = within(cards[0]!);
    expect(first.getByText('ACTIVA')).toBeInTheDocument();
    expect(first.getByText('20 días restantes').closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
    expect(within(cards[1]!).getByText('5 días restantes').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'orange',
    );
    expect(within(cards[2]!).getByText('INACTIVA')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Vencida').closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
    expect(within(cards[5]!).getByText('Vencida')).toBeInTheDocument();

    // Roles 1–2 get the featured toggle.
    expect(await first.findByRole('switch', { name: 'Destacada' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Página 2' })).toBeInTheDocument();
  });

  it('computes the range text at the edges', () => {
    expect(showingRange(2, 6, 8)).toBe('Mostrando 7-8 de 8 vacantes');
    expect(showingRange(1, 6, 0)).toBe('Mostrando 0-0 de 0 vacantes');
  });

  it('pages through the server and changes the page size', async () => {
    const user = userEvent.setup();
    renderGrid([
      viewerMock('VIEWER'),
      adminPage(FIRST, EIGHT, { totalCount: 8 }),
      adminPage({ ...FIRST, page: 2 }, [item('7'), item('8')], { totalCount: 8 }),
      adminPage({ ...FIRST, pageSize: 3 }, EIGHT.slice(0, 3), { totalCount: 8 }),
    ]);
    await screen.findByText('Mostrando 1-6 de 8 vacantes');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Mostrando 7-8 de 8 vacantes')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Vacantes por página'), '3');
    expect(await screen.findByText('Mostrando 1-3 de 8 vacantes')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
  });

  it('enables the vacancy filter only once a branch is chosen', async () => {
    const user = userEvent.setup();
    const inB2 = [item('9', { name: 'Psicóloga clínica', branch: BRANCH_LIST[1]! })];
    renderGrid([
      viewerMock('VIEWER'),
      adminPage(FIRST, EIGHT),
      adminPage({ filter: { branchId: '2' }, page: 1, pageSize: 6 }, inB2),
      adminPage({ filter: { branchId: '2', vacancyId: '9' }, page: 1, pageSize: 6 }, inB2),
      {
        request: { query: ADMIN_VACANCY_OPTIONS, variables: { filter: { branchId: '2' }, pageSize: 100 } },
        result: {
          data: {
            adminVacancies: {
              __typename: 'AdminVacancyPage',
              items: [{ __typename: 'Vacancy', id: '9', name: 'Psicóloga clínica' }],
              totalCount: 1,
            },
          },
        },
      },
    ]);
    const vacancy = screen.getByLabelText('Vacante');
    expect(vacancy).toBeDisabled();
    await screen.findAllByRole('article');
    await user.selectOptions(screen.getByLabelText('Sede'), '2');
    expect(screen.getByLabelText('Vacante')).toBeEnabled();
    expect(await screen.findByRole('option', { name: 'Psicóloga clínica' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Vacante'), '9');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByText('Mostrando 1-1 de 1 vacantes')).toBeInTheDocument();
  });

  it('"Ver Candidatos" opens the candidates of the vacancy with its id and name', async () => {
    const user = userEvent.setup();
    renderGrid([viewerMock('VIEWER'), adminPage(FIRST, EIGHT.slice(0, 2))]);
    const cards = await screen.findAllByRole('article');
    await user.click(within(cards[1]!).getByRole('button', { name: 'Ver Candidatos' }));
    expect(await screen.findByText('Candidatos de /panel/plazas/candidatos/2')).toBeInTheDocument();
    expect(lastState).toEqual({ vacancyId: '2', vacancyName: 'Médico general' });
  });

  it('a Visualizador sees no featured toggle', async () => {
    renderGrid([viewerMock('VIEWER'), adminPage(FIRST, EIGHT)]);
    await screen.findAllByRole('article');
    expect(screen.getByText('Mostrando 1-6 de 6 vacantes')).toBeInTheDocument();
    // Wait for the role to be known before asserting absence.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Ver Candidatos' })).toHaveLength(6));
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  describe('featured toggle', () => {
    const featuredMock = (
      featured: boolean,
      result: Mocks[number]['result'] | undefined,
      error?: Error,
    ): Mocks[number] => ({
      request: { query: SET_VACANCY_FEATURED, variables: { id: '2', featured } },
      ...(error ? { error } : { result }),
      // Long enough that 'Actualizando…' is still there when a busy machine gets to look for it
      // (300 ms was missed at load 20: the answer had come and gone before the first check).
      delay: 2_000,
    });

    it('shows the loading dialog, then "Plaza marcada como destacada"', async () => {
      const user = userEvent.setup();
      renderGrid([
        viewerMock('ADMIN'),
        adminPage(FIRST, EIGHT.slice(0, 2)),
        featuredMock(true, {
          data: {
            setVacancyFeatured: {
              __typename: 'VacancyPayload',
              vacancy: { __typename: 'Vacancy', id: '2', featured: true },
              error: null,
            },
          },
        }),
        // The counts are stale after the change: the grid asks again.
        adminPage(FIRST, [EIGHT[0]!, { ...EIGHT[1]!, featured: true }]),
      ]);
      const cards = await screen.findAllByRole('article');
      await user.click(await within(cards[1]!).findByRole('switch', { name: 'Destacada' }));
      expect(await screen.findByText('Actualizando…')).toBeInTheDocument();
      // The switch shows the new state while the server answers.
      expect(within(cards[1]!).getByRole('switch', { name: 'Destacada' })).toBeChecked();
      expect(await screen.findByText('Plaza marcada como destacada')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId('conteo-Destacadas')).toHaveTextContent('2'));
    });

    it('"Plaza desmarcada" when unmarking', async () => {
      const user = userEvent.setup();
      const marked = { ...EIGHT[1]!, featured: true };
      renderGrid([
        viewerMock('MANAGER'),
        adminPage(FIRST, [marked]),
        featuredMock(false, {
          data: {
            setVacancyFeatured: {
              __typename: 'VacancyPayload',
              vacancy: { __typename: 'Vacancy', id: '2', featured: false },
              error: null,
            },
          },
        }),
        adminPage(FIRST, [{ ...marked, featured: false }]),
      ]);
      await user.click(await screen.findByRole('switch', { name: 'Destacada' }));
      expect(await screen.findByText('Plaza desmarcada')).toBeInTheDocument();
    });

    it('OperationFailed: "No se pudo actualizar" / "El servidor respondió sin confirmar el cambio."', async () => {
      const user = userEvent.setup();
      renderGrid([
        viewerMock('MANAGER'),
        adminPage(FIRST, EIGHT.slice(0, 2)),
        featuredMock(true, {
          data: {
            setVacancyFeatured: {
              __typename: 'VacancyPayload',
              vacancy: null,
              error: { __typename: 'OperationFailed', message: 'x', status: 502, detail: null },
            },
          },
        }),
      ]);
      const cards = await screen.findAllByRole('article');
      await user.click(await within(cards[1]!).findByRole('switch', { name: 'Destacada' }));
      expect(await screen.findByText('No se pudo actualizar')).toBeInTheDocument();
      expect(screen.getByText('El servidor respondió sin confirmar el cambio.')).toBeInTheDocument();
      expect(within(cards[1]!).getByRole('switch', { name: 'Destacada' })).not.toBeChecked();
    });

    it('a network failure: "Ocurrió un error al actualizar el estado destacado. Intenta de nuevo."', async () => {
      const user = userEvent.setup();
      renderGrid([
        viewerMock('MANAGER'),
        adminPage(FIRST, EIGHT.slice(0, 2)),
        featuredMock(true, undefined, new TypeError('Failed to fetch')),
      ]);
      const cards = await screen.findAllByRole('article');
      await user.click(await within(cards[1]!).findByRole('switch', { name: 'Destacada' }));
      expect(
        await screen.findByText('Ocurrió un error al actualizar el estado destacado. Intenta de nuevo.'),
      ).toBeInTheDocument();
    });
  });

  it('shows the load failure with Reintentar', async () => {
    const user = userEvent.setup();
    renderGrid([
      viewerMock('VIEWER'),
      { request: { query: adminPage(FIRST, []).request.query, variables: FIRST }, error: new Error('caído') },
      adminPage(FIRST, EIGHT.slice(0, 1)),
    ]);
    expect(
      await screen.findByText('No se pudieron cargar los datos. Intente nuevamente más tarde.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });
});
