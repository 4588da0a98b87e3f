import '../../test/backoffice-env';
import { RETENTION_UI } from '@bolsa/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import { RetentionPage } from '.';
import { RETENTION_PREVIEW, RUN_RETENTION } from './operations';

const APP = {
  __typename: 'RetentionApplication' as const,
  id: '41',
  name: 'Rosa Tiul',
  vacancy: 'Bodeguero',
  state: 'REJECTED' as const,
  reason: 'Rechazado',
  lastActivity: '2024-11-01T15:00:00.000Z',
  anonymiseOn: '2026-12-01T18:00:00.000Z',
  nextStep: 'ANONYMISE' as const,
};
const preview = (upcoming = [APP], runs: object[] = []) => ({
  data: {
    retentionPreview: {
      __typename: 'RetentionPreview' as const,
      policy: {
        __typename: 'RetentionPolicy' as const,
        months: 24,
        guestDocumentMonths: 6,
        noticeDays: 30,
        description: ['Las postulaciones rechazadas se anonimizan 24 meses después de su última actividad.'],
      },
      nextRunAt: '2026-12-01T18:00:00.000Z',
      anonymise: upcoming.length,
      notices: 0,
      guestDocuments: 0,
      headline: `Se anonimizarán ${upcoming.length} candidatos el 01/12/2026`,
      noticesLine: 'Se enviarán 0 avisos por correo (30 días antes de anonimizar)',
      guestDocumentsLine: 'Se eliminarán los documentos de 0 postulaciones de invitados',
      confirmation: `Se anonimizarán ${upcoming.length} candidatos, se enviarán 0 avisos y se eliminarán los documentos de 0 postulaciones de invitados. Esta acción no se puede deshacer.`,
      upcomingTotal: upcoming.length,
      upcoming,
    },
    retentionRuns: runs,
  },
});
const RUN = {
  __typename: 'RetentionRun' as const,
  id: '3',
  kind: 'DAILY' as const,
  at: '2026-11-27T06:00:00.000Z',
  by: null,
  anonymised: 2,
  notices: 1,
  guestDocuments: 0,
  files: 4,
};

const render = (mocks: Mocks) => renderWithProviders(<RetentionPage />, { mocks, viewer: viewer('ADMIN') });

describe('/panel/retencion', { timeout: 20_000 }, () => {
  it('says what the next run will do, lists who, and the last runs', async () => {
    render([{ request: { query: RETENTION_PREVIEW }, result: preview([APP], [RUN]) }]);
    expect(await screen.findByText('Se anonimizarán 1 candidatos el 01/12/2026')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: RETENTION_UI.affected });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      'Rosa Tiul',
      'Bodeguero',
      'Rechazado',
      'Rechazado',
      '01/11/2024',
      '01/12/2026Se anonimiza en la próxima ejecución',
    ]);
    const runs = screen.getByRole('table', { name: RETENTION_UI.runs });
    expect(within(runs).getAllByRole('row')[1]).toHaveTextContent('Diaria');
    expect(within(runs).getAllByRole('row')[1]).toHaveTextContent('Sistema');
  });

  it('shows the empty states', async () => {
    render([{ request: { query: RETENTION_PREVIEW }, result: preview([]) }]);
    expect(await screen.findByText(RETENTION_UI.affectedEmpty)).toBeInTheDocument();
    expect(screen.getByText(RETENTION_UI.runsEmpty)).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    render([{ request: { query: RETENTION_PREVIEW }, error: new Error('caído') }]);
    expect(await screen.findByText(RETENTION_UI.loadFailed)).toBeInTheDocument();
  });

  it("'Ejecutar ahora' asks first, saying how many, then runs and reports", async () => {
    render([
      { request: { query: RETENTION_PREVIEW }, result: preview() },
      {
        request: { query: RUN_RETENTION },
        result: {
          data: {
            runRetention: {
              __typename: 'RunRetentionPayload' as const,
              run: { __typename: 'RetentionRun' as const, id: '4' },
              message:
                'Retención ejecutada: 1 candidato anonimizado, 0 avisos enviados, documentos de 0 invitados eliminados.',
              error: null,
            },
          },
        },
      },
      { request: { query: RETENTION_PREVIEW }, result: preview([]) },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: RETENTION_UI.runNow }));
    const dialog = await screen.findByRole('dialog', { name: RETENTION_UI.confirmTitle });
    expect(dialog).toHaveTextContent('Se anonimizarán 1 candidatos');
    fireEvent.click(within(dialog).getByRole('button', { name: RETENTION_UI.confirm }));
    expect(await screen.findByText(/^Retención ejecutada: 1 candidato anonimizado/)).toBeInTheDocument();
  });
});
