import '../../test/backoffice-env';
import { defaultFunnelRange, FUNNEL_MESSAGES } from '@bolsa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CandidateState } from '../../gql/graphql';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import { FunnelReportPage } from './FunnelReportPage';
import { FUNNEL_REPORT, FUNNEL_VACANCY_OPTIONS } from './operations';

const STEPS: CandidateState[] = ['APPLIED', 'FOLLOW_UP', 'PRE_TESTS', 'POST_TESTS', 'INTERVIEW', 'INDUCTION', 'HIRED'];
const STATES: CandidateState[] = [...STEPS, 'REJECTED'];

function funnelRow(vacancyId: string | null, vacancyName: string, reached: number[], rejected = 0) {
  return {
    __typename: 'FunnelRow' as const,
    vacancyId,
    vacancyName,
    total: reached[0]!,
    hired: reached[6]!,
    rejected,
    medianDaysToHire: reached[6] ? 10.5 : null,
    byState: STATES.map((state, i) => ({
      __typename: 'StateCount' as const,
      state,
      count: state === 'REJECTED' ? rejected : i < 7 ? reached[i]! - (reached[i + 1] ?? 0) : 0,
    })),
    steps: STEPS.map((state, i) => ({
      __typename: 'FunnelStep' as const,
      state,
      reached: reached[i]!,
      conversion: i === 0 ? null : reached[i - 1] ? reached[i]! / reached[i - 1]! : null,
      medianDays: i < 6 && reached[i + 1] ? 1.5 : null,
    })),
  };
}

const range = defaultFunnelRange();
const vars = { from: range.from, to: range.to, vacancyId: null };
const csvUrl = `/reports/funnel.csv?from=${range.from}&to=${range.to}`;

const report = (overall: ReturnType<typeof funnelRow>, vacancies: ReturnType<typeof funnelRow>[]) => ({
  data: {
    funnelReport: { __typename: 'FunnelReport' as const, from: range.from, to: range.to, csvUrl, overall, vacancies },
  },
});

const OPTIONS: Mocks[number] = {
  request: { query: FUNNEL_VACANCY_OPTIONS },
  result: {
    data: {
      adminVacancies: {
        __typename: 'AdminVacancyPage',
        items: [{ __typename: 'Vacancy', id: '4', name: 'Auxiliar de enfermería' }],
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const FULL = report(funnelRow(null, 'Todas las plazas', [10, 8, 4, 4, 4, 2, 1], 3), [
  funnelRow('4', 'Auxiliar de enfermería', [10, 8, 4, 4, 4, 2, 1], 3),
]);

function renderPage(mocks: Mocks) {
  return renderWithProviders(<FunnelReportPage />, {
    mocks: [OPTIONS, ...mocks],
    route: '/panel/reportes',
    viewer: viewer('MANAGER'),
  });
}

const dmy = (iso: string) => iso.split('-').reverse().join('/');

describe('Reportes (/panel/reportes)', { timeout: 20_000 }, () => {
  it('shows the last 90 days: the chart, a table per vacancy and the CSV download', async () => {
    renderPage([{ request: { query: FUNNEL_REPORT, variables: vars }, result: FULL }]);
    const overall = await screen.findByRole('table', { name: 'Embudo: Todas las plazas' });
    expect(screen.getByLabelText('Desde')).toHaveTextContent(dmy(range.from));
    expect(screen.getByLabelText('Hasta')).toHaveTextContent(dmy(range.to));
    expect(screen.getByText(`Postulaciones del ${dmy(range.from)} al ${dmy(range.to)}`)).toBeInTheDocument();
    expect(
      within(overall)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Etapa', 'Alcanzaron', 'Conversión', 'Mediana en la etapa', 'Actualmente']);
    const rows = within(overall).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Postulado',
      'En seguimiento',
      'Pre-pruebas',
      'Post-pruebas',
      'Entrevista',
      'Inducción',
      'Contratado',
      'Rechazado',
    ]);
    const followUp = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(followUp[1]).toBe('8');
    expect(followUp[2]).toMatch(/^80\s?%$/);
    expect(followUp[3]).toBe('1.5 días');
    expect(within(rows[0]!).getAllByRole('cell')[2]).toHaveTextContent('—');
    expect(screen.getByRole('table', { name: 'Embudo: Auxiliar de enfermería' })).toBeInTheDocument();
    expect(screen.getAllByText('10.5 días', { selector: 'strong' })).toHaveLength(2);
    // The chart is a lazy chunk of its own: on a busy machine its first import takes a while.
    expect(
      await screen.findByRole(
        'img',
        { name: /^Candidatos que alcanzaron cada etapa: Postulado 10/ },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    const csv = screen.getByRole('link', { name: 'Descargar CSV' });
    expect(csv).toHaveAttribute('href', csvUrl);
    expect(await screen.findByRole('option', { name: 'Auxiliar de enfermería' })).toBeInTheDocument();
  });

  it('narrows to one vacancy', async () => {
    renderPage([
      { request: { query: FUNNEL_REPORT, variables: vars }, result: FULL },
      {
        request: { query: FUNNEL_REPORT, variables: { ...vars, vacancyId: '4' } },
        result: report(funnelRow(null, 'Todas las plazas', [2, 1, 0, 0, 0, 0, 0]), [
          funnelRow('4', 'Auxiliar de enfermería', [2, 1, 0, 0, 0, 0, 0]),
        ]),
      },
    ]);
    await screen.findByRole('table', { name: 'Embudo: Todas las plazas' });
    await screen.findByRole('option', { name: 'Auxiliar de enfermería' });
    await userEvent.selectOptions(screen.getByLabelText('Plaza'), '4');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Embudo: Auxiliar de enfermería' }))
          .getAllByRole('row')[1]!
          .querySelectorAll('td')[1],
      ).toHaveTextContent('2'),
    );
  });

  it('says so when nobody applied in the range', async () => {
    renderPage([
      {
        request: { query: FUNNEL_REPORT, variables: vars },
        result: report(funnelRow(null, 'Todas las plazas', [0, 0, 0, 0, 0, 0, 0]), []),
      },
    ]);
    expect(await screen.findByText(FUNNEL_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failure with Reintentar, which loads it again', async () => {
    renderPage([
      { request: { query: FUNNEL_REPORT, variables: vars }, error: new Error('boom') },
      { request: { query: FUNNEL_REPORT, variables: vars }, result: FULL },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(FUNNEL_MESSAGES.loadFailed);
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Embudo: Todas las plazas' })).toBeInTheDocument();
  });

  it('refuses a start after the end in Spanish and keeps the last valid report', async () => {
    renderPage([{ request: { query: FUNNEL_REPORT, variables: vars }, result: FULL }]);
    await screen.findByRole('table', { name: 'Embudo: Todas las plazas' });
    await userEvent.click(screen.getByLabelText('Desde'));
    // From the start's month (89 days back) to the month after today.
    for (let i = 0; i < 4; i++) await userEvent.click(await screen.findByRole('button', { name: 'Mes siguiente' }));
    const days = screen.getAllByRole('button', { name: /^15 de / });
    await userEvent.click(days[0]!);
    expect(await screen.findByText(FUNNEL_MESSAGES.rangeInverted)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Embudo: Todas las plazas' })).toBeInTheDocument();
    // Under the field just changed (Desde), not under Hasta, which the user did not touch.
    expect(screen.getByLabelText('Desde')).toHaveAccessibleDescription(FUNNEL_MESSAGES.rangeInverted);
    expect(screen.getByLabelText('Hasta')).not.toHaveAccessibleDescription(FUNNEL_MESSAGES.rangeInverted);
  });
});
