import '../../../test/backoffice-env';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type Mocks } from '../../../test/render';
import { viewer } from '../../../test/session';
import { page, row } from '../test-support/candidate-fixtures';
import {
  BY_VACANCY_NO_ID,
  BY_VACANCY_NO_MATCH,
  BY_VACANCY_NONE,
  CandidatesByVacancyPage,
  vacancyFrom,
} from './CandidatesByVacancyPage';
import { DETAIL_MESSAGES } from '../detail/CandidateDetail';
import { CANDIDATE_DETAIL } from '../detail/operations';
import { BY_VACANCY_NAME, CANDIDATES_BY_VACANCY } from './operations';

const list = (variables: Record<string, unknown>, result: ReturnType<typeof page>): Mocks[number] => ({
  request: { query: CANDIDATES_BY_VACANCY, variables: { page: 1, pageSize: 5, search: null, ...variables } },
  result: { data: { candidatesByVacancy: result } },
});

function renderAt(route: string | { pathname: string; state: unknown }, mocks: Mocks) {
  const path = typeof route === 'string' ? route : route.pathname;
  return renderWithProviders(
    <Routes>
      <Route path="/panel/plazas/candidatos/:id" element={<CandidatesByVacancyPage />} />
      <Route path="/panel/candidatoporplaza" element={<CandidatesByVacancyPage />} />
    </Routes>,
    { mocks, route: path, viewer: viewer('MANAGER') },
  );
}

describe('Postulantes para la plaza (spec 3 §2.3)', () => {
  it('takes the id from the path, the plazaId query or the navigation state', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(vacancyFrom('7', q('plazaId=8'), { vacancyId: '9', vacancyName: 'X' })).toEqual({ id: '7', name: null });
    expect(vacancyFrom(undefined, q('plazaId=8'), null)).toEqual({ id: '8', name: null });
    expect(vacancyFrom(undefined, q(''), { vacancyId: 9, vacancyName: 'Médico' })).toEqual({ id: '9', name: 'Médico' });
    expect(vacancyFrom('9', q(''), { vacancyId: '9', vacancyName: 'Médico' })).toEqual({ id: '9', name: 'Médico' });
    expect(vacancyFrom(undefined, q('plazaId='), 'x')).toEqual({ id: null, name: null });
  });

  it('warns when no vacancy id arrived', () => {
    renderAt('/panel/candidatoporplaza', []);
    expect(screen.getByText(BY_VACANCY_NO_ID)).toBeInTheDocument();
  });

  it('lists the candidates of the vacancy named in the query, five a page, and embeds the one selected', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 5 }, (_, i) => row(String(i + 1), 'APPLIED'));
    renderAt('/panel/candidatoporplaza?plazaId=7', [
      {
        request: { query: BY_VACANCY_NAME, variables: { id: '7' } },
        result: { data: { adminVacancy: { __typename: 'Vacancy', id: '7', name: 'Enfermera profesional' } } },
      },
      list({ vacancyId: '7' }, page(rows, { totalCount: 12, pageSize: 5 })),
      { request: { query: CANDIDATE_DETAIL, variables: { id: '2' } }, result: { data: { candidate: null } } },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Postulantes para la plaza: Enfermera profesional' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.getAllByRole('button', { name: /^Página \d$/ })).toHaveLength(3);
    expect(within(table).getAllByRole('link', { name: 'Ver detalle' })[0]).toHaveAttribute(
      'href',
      '/panel/detallecandidato/1',
    );
    await user.click(within(table).getByRole('button', { name: 'Seleccionar a Candidata 2' }));
    const embedded = screen.getByRole('region', { name: 'Candidato seleccionado: Candidata 2' });
    // The candidate's detail loads inside (here the server no longer finds it).
    expect(
      await within(embedded).findByText(DETAIL_MESSAGES.notFound, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(within(embedded).getByRole('button', { name: 'Cerrar la vista del candidato' }));
    expect(screen.queryByRole('region', { name: /Candidato seleccionado/ })).not.toBeInTheDocument();
  });

  it('tells an empty vacancy from a search without results', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    renderAt({ pathname: '/panel/plazas/candidatos/7', state: null }, [
      {
        request: { query: BY_VACANCY_NAME, variables: { id: '7' } },
        result: { data: { adminVacancy: { __typename: 'Vacancy', id: '7', name: 'Enfermera profesional' } } },
      },
      list({ vacancyId: '7' }, page([], { pageSize: 5 })),
      list({ vacancyId: '7', search: 'zz' }, page([], { pageSize: 5 })),
    ]);
    expect(await screen.findByText(BY_VACANCY_NONE, undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'zz');
    expect(await screen.findByText(BY_VACANCY_NO_MATCH, undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
