import '../../../test/backoffice-env';
import { CANDIDATE_EXPORT_MESSAGES } from '@bolsa/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type Mocks } from '../../../test/render';
import { viewer } from '../../../test/session';
import { CandidateExportLog } from '.';
import { CANDIDATE_EXPORTS } from './operations';

const vars = { page: 1, pageSize: 10 };
const page = (items: object[]) => ({
  data: {
    candidateExports: {
      __typename: 'CandidateExportPage' as const,
      totalCount: items.length,
      page: 1,
      pageSize: 10,
      items,
    },
  },
});
const ITEM = {
  __typename: 'CandidateExport' as const,
  id: '1',
  // 02:30 UTC is 20:30 of the day before in Guatemala.
  exportedAt: '2026-11-27T02:30:00.000Z',
  exportedBy: 'Gestor Demo',
  byApiToken: false,
  list: 'VACANCY' as const,
  vacancyId: '4',
  vacancyName: 'Auxiliar de enfermería',
  state: 'FOLLOW_UP' as const,
  search: 'ana',
  rowCount: 1234,
  format: 'XLSX' as const,
  selectedCount: null as number | null,
};

const render = (mocks: Mocks, role: 'ADMIN' | 'MANAGER' = 'ADMIN') =>
  renderWithProviders(<CandidateExportLog />, { mocks, viewer: viewer(role) });

describe("'Exportaciones' (the export log)", { timeout: 20_000 }, () => {
  it('shows who exported what, when, with which filter, rows and format', async () => {
    render([
      {
        request: { query: CANDIDATE_EXPORTS, variables: vars },
        result: page([ITEM, { ...ITEM, id: '2', state: null, search: null, rowCount: 12, selectedCount: 12 }]),
      },
    ]);
    const table = await screen.findByRole('table', { name: 'Exportaciones' });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '26/11/2026 20:30',
      'Gestor Demo',
      'Postulantes por plaza: Auxiliar de enfermería',
      'Estado: En seguimiento · Búsqueda: "ana"',
      (1234).toLocaleString('es-GT'),
      'Excel',
    ]);
    // An export of the rows selected in the list (the bulk bar's 'Exportar').
    expect(within(within(table).getAllByRole('row')[2]!).getByText('12 seleccionados')).toBeInTheDocument();
  });

  it('says when nothing was exported yet, and when the log could not be read', async () => {
    const { unmount } = render([{ request: { query: CANDIDATE_EXPORTS, variables: vars }, result: page([]) }]);
    expect(await screen.findByRole('status')).toHaveTextContent(CANDIDATE_EXPORT_MESSAGES.logEmpty);
    unmount();
    render([{ request: { query: CANDIDATE_EXPORTS, variables: vars }, error: new Error('caído') }]);
    expect(await screen.findByText(CANDIDATE_EXPORT_MESSAGES.logFailed)).toBeInTheDocument();
  });

  it('is not shown to a manager', () => {
    render([], 'MANAGER');
    expect(screen.queryByText('Exportaciones')).toBeNull();
  });
});
