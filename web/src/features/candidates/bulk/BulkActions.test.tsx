import '../../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../gql/graphql';
import { renderWithProviders, type Mocks } from '../../../test/render';
import { viewer } from '../../../test/session';
import { viewerMock } from '../../../test/vacancy-fixtures';
import { CANDIDATE_INBOX } from '../inbox/operations';
import { CandidatesInboxPage } from '../inbox/CandidatesInboxPage';
import { page, row } from '../test-support/candidate-fixtures';
import { BULK_CHANGE_CANDIDATE_STATE } from './operations';

const ROWS = [row('1', 'APPLIED'), row('2', 'INTERVIEW'), row('3', 'APPLIED')];
const inbox = (total = 3): Mocks[number] => ({
  request: { query: CANDIDATE_INBOX, variables: { page: 1, pageSize: 10, state: null, search: null } },
  result: { data: { candidates: page(ROWS, { totalCount: total, counts: { APPLIED: 2, INTERVIEW: 1 } }) } },
  maxUsageCount: 5,
});

type Outcome = 'MOVED' | 'UNCHANGED' | 'REFUSED' | 'NOT_FOUND';
const result = (id: string, outcome: Outcome, message: string, emailQueued = outcome === 'MOVED') => ({
  __typename: 'BulkRowResult' as const,
  candidateId: id,
  name: `Candidata ${id}`,
  outcome,
  from: 'APPLIED' as const,
  to: outcome === 'MOVED' ? ('FOLLOW_UP' as const) : ('APPLIED' as const),
  emailQueued,
  message,
});
const answer = (dryRun: boolean, results: ReturnType<typeof result>[]) => ({
  data: {
    bulkChangeCandidateState: {
      __typename: 'BulkStateChangePayload' as const,
      dryRun,
      total: results.length,
      moved: results.filter((r) => r.outcome === 'MOVED').length,
      emailsQueued: results.filter((r) => r.outcome === 'MOVED' && r.emailQueued).length,
      unchanged: results.filter((r) => r.outcome === 'UNCHANGED').length,
      refused: results.filter((r) => r.outcome === 'REFUSED').length,
      results,
      error: null,
    },
  },
});
const REFUSED = 'Cambio de estado no permitido según el flujo de trabajo';

function renderInbox(role: Role, mocks: Mocks) {
  return renderWithProviders(<CandidatesInboxPage />, {
    mocks: [viewerMock(role), ...mocks],
    route: '/panel/candidatos',
    viewer: viewer(role),
  });
}

describe('bulk actions in the inbox (issue 23)', () => {
  it(
    'ticks rows, shows what will happen and how many e-mails, moves, and lists each row',
    { timeout: 45_000 },
    async () => {
      const user = userEvent.setup();
      const selection = { candidateIds: ['1', '2'] };
      renderInbox('MANAGER', [
        inbox(),
        {
          request: {
            query: BULK_CHANGE_CANDIDATE_STATE,
            variables: { selection, state: 'FOLLOW_UP', dryRun: true },
          },
          result: answer(true, [
            result('1', 'MOVED', 'Movido; se le envió un correo.'),
            result('2', 'REFUSED', REFUSED),
          ]),
        },
        {
          request: { query: BULK_CHANGE_CANDIDATE_STATE, variables: { selection, state: 'FOLLOW_UP', note: null } },
          result: answer(false, [
            result('1', 'MOVED', 'Movido; se le envió un correo.'),
            result('2', 'REFUSED', REFUSED),
          ]),
        },
        inbox(),
      ]);
      const table = await screen.findByRole('table', { name: 'Candidatos activos' });
      const menu = screen.getByRole('button', { name: 'Acciones masivas' });
      expect(menu).toHaveAttribute('aria-disabled', 'true');
      await user.click(within(table).getByRole('checkbox', { name: 'Seleccionar a Candidata 1' }));
      await user.click(within(table).getByRole('checkbox', { name: 'Seleccionar a Candidata 2' }));
      expect(screen.getByText('2 candidatos seleccionados')).toBeInTheDocument();
      await user.click(menu);
      await user.click(await screen.findByRole('menuitem', { name: 'Mover a En seguimiento' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mover a En seguimiento' });
      expect(
        await within(dialog).findByText(
          'Se moverán 1 candidato. Se enviará un correo a 1 candidato. 1 candidato no se puede mover.',
        ),
      ).toBeInTheDocument();
      expect(within(dialog).getByText(REFUSED)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Mover 1 candidato' }));
      expect(
        await within(dialog).findByText('1 movido, 1 correo enviado, 1 no permitido, 0 sin cambios.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByText('Movido')).toBeInTheDocument();
      expect(within(dialog).getByText('No permitido')).toBeInTheDocument();
      // The modal's own close button is 'Cerrar' too: the dialog's is the last.
      await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.queryByText('2 candidatos seleccionados')).not.toBeInTheDocument();
    },
  );

  it(
    'selects every row matching the filter, confirms its count, and rejects with the observation',
    { timeout: 45_000 },
    async () => {
      const user = userEvent.setup();
      const filter = { list: 'INBOX', state: null, search: null };
      renderInbox('ADMIN', [
        inbox(40),
        {
          request: {
            query: BULK_CHANGE_CANDIDATE_STATE,
            variables: { selection: { filter }, state: 'REJECTED', dryRun: true },
          },
          result: answer(true, [result('1', 'MOVED', 'Movido'), result('3', 'MOVED', 'Movido', false)]),
        },
        {
          request: {
            query: BULK_CHANGE_CANDIDATE_STATE,
            variables: { selection: { candidateIds: ['1', '3'] }, state: 'REJECTED', note: 'Vacante cubierta' },
          },
          result: answer(false, [result('1', 'MOVED', 'Movido'), result('3', 'MOVED', 'Movido', false)]),
        },
        inbox(40),
      ]);
      await screen.findByRole('table', { name: 'Candidatos activos' });
      await user.click(screen.getByRole('checkbox', { name: 'Seleccionar esta página' }));
      expect(screen.getByText('3 candidatos seleccionados')).toBeInTheDocument();
      await user.click(
        screen.getByRole('button', { name: 'Seleccionar los 40 candidatos que coinciden con el filtro' }),
      );
      expect(screen.getByText('Seleccionados los 40 candidatos que coinciden con el filtro')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Acciones masivas' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Rechazar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Rechazar' });
      expect(
        await within(dialog).findByText('Se moverán 2 candidatos. Se enviará un correo a 1 candidato.'),
      ).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText(/Observación/), 'Vacante cubierta');
      await user.click(within(dialog).getByRole('button', { name: 'Rechazar 2 candidatos' }));
      expect(
        await within(dialog).findByText('2 movidos, 1 correo enviado, 0 no permitidos, 0 sin cambios.'),
      ).toBeInTheDocument();
    },
  );

  it('says so when the selection is over the limit, and nothing is offered', { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    renderInbox('ADMIN', [
      inbox(900),
      {
        request: {
          query: BULK_CHANGE_CANDIDATE_STATE,
          variables: {
            selection: { filter: { list: 'INBOX', state: null, search: null } },
            state: 'FOLLOW_UP',
            dryRun: true,
          },
        },
        result: answer(true, []),
      },
    ]);
    await screen.findByRole('table', { name: 'Candidatos activos' });
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar esta página' }));
    await user.click(
      screen.getByRole('button', { name: 'Seleccionar los 900 candidatos que coinciden con el filtro' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Una acción masiva admite como máximo 500 candidatos y la selección tiene 900.',
    );
    expect(screen.getByRole('button', { name: 'Acciones masivas' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('bulk dialogs: refresh, focus and the result table (review of issue 23)', () => {
  const selection = { candidateIds: ['1', '3'] };
  const movedRows = [row('1', 'FOLLOW_UP'), row('2', 'INTERVIEW'), row('3', 'FOLLOW_UP')];
  /** The inbox before the move (answered once), then after it (the refetch). */
  const before: Mocks[number] = { ...inbox(), maxUsageCount: 1 };
  const after: Mocks[number] = {
    request: { query: CANDIDATE_INBOX, variables: { page: 1, pageSize: 10, state: null, search: null } },
    result: { data: { candidates: page(movedRows, { totalCount: 3, counts: { FOLLOW_UP: 2, INTERVIEW: 1 } }) } },
    maxUsageCount: 5,
  };
  const moveMocks = (target: 'FOLLOW_UP' | 'REJECTED'): Mocks => [
    {
      request: { query: BULK_CHANGE_CANDIDATE_STATE, variables: { selection, state: target, dryRun: true } },
      result: answer(true, [result('1', 'MOVED', 'Movido'), result('3', 'MOVED', 'Movido')]),
    },
    {
      request: { query: BULK_CHANGE_CANDIDATE_STATE, variables: { selection, state: target, note: null } },
      result: answer(false, [result('1', 'MOVED', 'Movido'), result('3', 'MOVED', 'Movido')]),
    },
  ];
  const states = () =>
    Array.from(document.querySelectorAll('td[data-label="Estado"]')).map((td) => td.textContent.trim().toLowerCase());

  async function openMove(user: ReturnType<typeof userEvent.setup>, label: string) {
    const table = await screen.findByRole('table', { name: 'Candidatos activos' });
    await user.click(within(table).getByRole('checkbox', { name: 'Seleccionar a Candidata 1' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Seleccionar a Candidata 3' }));
    await user.click(screen.getByRole('button', { name: 'Acciones masivas' }));
    await user.click(await screen.findByRole('menuitem', { name: label }));
    return screen.findByRole('dialog', { name: label });
  }

  for (const how of ['the modal’s ×', 'Escape'] as const)
    it(
      `refreshes the list after a move closed with ${how}, not only with the result's 'Cerrar'`,
      {
        timeout: 45_000,
      },
      async () => {
        const user = userEvent.setup();
        renderInbox('MANAGER', [before, ...moveMocks('FOLLOW_UP'), after]);
        const dialog = await openMove(user, 'Mover a En seguimiento');
        await user.click(await within(dialog).findByRole('button', { name: 'Mover 2 candidatos' }));
        await within(dialog).findByText('2 movidos, 2 correos enviados, 0 no permitidos, 0 sin cambios.');
        expect(states()).toEqual(['postulado', 'entrevista', 'postulado']);
        if (how === 'Escape') await user.keyboard('{Escape}');
        else await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' })[0]!);
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        await waitFor(() => expect(states()).toEqual(['en seguimiento', 'entrevista', 'en seguimiento']));
        expect(screen.queryByText('2 candidatos seleccionados')).not.toBeInTheDocument();
      },
    );

  it('starts the move confirmation on Cancelar, so Enter right away sends nothing', { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    renderInbox('MANAGER', [before, ...moveMocks('FOLLOW_UP'), after]);
    const dialog = await openMove(user, 'Mover a En seguimiento');
    const cancel = await within(dialog).findByRole('button', { name: 'Cancelar' });
    await waitFor(() => expect(cancel).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Mover 2 candidatos' })).not.toHaveFocus();
  });

  it('starts the rejection on its Observación box', { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    renderInbox('MANAGER', [before, ...moveMocks('REJECTED'), after]);
    const dialog = await openMove(user, 'Rechazar');
    const box = await within(dialog).findByLabelText(/Observación/);
    await waitFor(() => expect(box).toHaveFocus());
  });

  it("gives focus back to 'Acciones masivas' when a bulk dialog closes", { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    // Opened twice: the dry run is asked twice.
    renderInbox('MANAGER', [before, moveMocks('FOLLOW_UP')[0]!, ...moveMocks('FOLLOW_UP'), after]);
    const menu = await screen.findByRole('button', { name: 'Acciones masivas' });
    let dialog = await openMove(user, 'Mover a En seguimiento');
    await user.click(await within(dialog).findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(menu).toHaveFocus());

    // After a move the selection is gone: the button stays focusable (aria-disabled) and gets focus back.
    await user.click(menu);
    await user.click(await screen.findByRole('menuitem', { name: 'Mover a En seguimiento' }));
    dialog = await screen.findByRole('dialog', { name: 'Mover a En seguimiento' });
    await user.click(await within(dialog).findByRole('button', { name: 'Mover 2 candidatos' }));
    await user.click((await within(dialog).findAllByRole('button', { name: 'Cerrar' })).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Acciones masivas' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Acciones masivas' })).toHaveAttribute('aria-disabled', 'true');
    // …and opens nothing while nothing is selected.
    await user.click(screen.getByRole('button', { name: 'Acciones masivas' }));
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  });

  it('shows the per-row result as a responsive table with no scroll box of its own', { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    renderInbox('MANAGER', [before, ...moveMocks('FOLLOW_UP'), after]);
    const dialog = await openMove(user, 'Mover a En seguimiento');
    await user.click(await within(dialog).findByRole('button', { name: 'Mover 2 candidatos' }));
    const table = await within(dialog).findByRole('table', { name: 'Resultado de la acción masiva' });
    // Each cell names its column (ResponsiveTable's cards on a phone) and nothing scrolls inside the dialog.
    for (const td of table.querySelectorAll('td')) expect(td).toHaveAttribute('data-label');
    expect(
      within(table)
        .getAllByRole('cell')
        .map((td) => td.getAttribute('data-label')),
    ).toEqual(['Nombre', 'Resultado', 'Detalle', 'Nombre', 'Resultado', 'Detalle']);
    expect(dialog.querySelector('.mantine-ScrollArea-root')).toBeNull();
  });
});
