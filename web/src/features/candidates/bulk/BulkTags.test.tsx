import '../../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BULK_EXPORT_MESSAGES, BULK_TAG_MESSAGES, TAG_MESSAGES } from '@bolsa/domain';
import type { Role } from '../../../gql/graphql';
import { renderWithProviders, type Mocks } from '../../../test/render';
import { viewer } from '../../../test/session';
import { viewerMock } from '../../../test/vacancy-fixtures';
import { CANDIDATE_INBOX } from '../inbox/operations';
import { CandidatesInboxPage } from '../inbox/CandidatesInboxPage';
import { TAGS } from '../tags/operations';
import { page, row } from '../test-support/candidate-fixtures';
import { BULK_CHANGE_CANDIDATE_TAGS } from './operations';

const ROWS = [row('1', 'APPLIED'), row('2', 'INTERVIEW'), row('3', 'APPLIED')];
const TAG_LIST = [
  { __typename: 'Tag' as const, id: '1', name: 'Bilingüe', color: 'green' },
  { __typename: 'Tag' as const, id: '2', name: 'Segunda entrevista', color: 'teal' },
];
const tagsMock: Mocks[number] = { request: { query: TAGS }, result: { data: { tags: TAG_LIST } }, maxUsageCount: 10 };
const inbox = (total = 3, tagIds?: string[]): Mocks[number] => ({
  request: {
    query: CANDIDATE_INBOX,
    variables: { page: 1, pageSize: 10, state: null, search: null, ...(tagIds ? { tagIds } : {}) },
  },
  result: { data: { candidates: page(ROWS, { totalCount: total, counts: { APPLIED: 2, INTERVIEW: 1 } }) } },
  maxUsageCount: 5,
});

type Outcome = 'CHANGED' | 'UNCHANGED' | 'REFUSED' | 'NOT_FOUND';
const result = (id: string, outcome: Outcome, message: string, tags = [TAG_LIST[1]!]) => ({
  __typename: 'BulkTagRowResult' as const,
  candidateId: id,
  name: `Candidata ${id}`,
  outcome,
  message,
  tags,
});
const answer = (results: ReturnType<typeof result>[]) => ({
  data: {
    bulkChangeCandidateTags: {
      __typename: 'BulkTagChangePayload' as const,
      dryRun: false,
      total: results.length,
      changed: results.filter((r) => r.outcome === 'CHANGED').length,
      unchanged: results.filter((r) => r.outcome === 'UNCHANGED').length,
      refused: results.filter((r) => r.outcome === 'REFUSED' || r.outcome === 'NOT_FOUND').length,
      results,
      error: null,
    },
  },
});

function renderInbox(role: Role, mocks: Mocks, route = '/panel/candidatos') {
  return renderWithProviders(<CandidatesInboxPage />, {
    mocks: [viewerMock(role), tagsMock, ...mocks],
    route,
    viewer: viewer(role),
  });
}

const pickTag = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, name: string) => {
  const box = (await within(dialog).findAllByLabelText(label)).find((e) => e.tagName === 'INPUT')!;
  await user.click(box);
  await user.click(await screen.findByRole('option', { name }));
};

describe('bulk tag actions (issue 23)', () => {
  it(
    "adds a tag to the ticked rows: the count first, a tag required, then every row's result",
    { timeout: 45_000 },
    async () => {
      const user = userEvent.setup();
      renderInbox('MANAGER', [
        inbox(),
        {
          request: {
            query: BULK_CHANGE_CANDIDATE_TAGS,
            variables: { selection: { candidateIds: ['1', '3'] }, add: ['2'] },
          },
          result: answer([
            result('1', 'CHANGED', BULK_TAG_MESSAGES.changed),
            result('3', 'REFUSED', BULK_TAG_MESSAGES.limit, []),
          ]),
        },
        inbox(),
      ]);
      const table = await screen.findByRole('table', { name: 'Candidatos activos' });
      await user.click(within(table).getByRole('checkbox', { name: 'Seleccionar a Candidata 1' }));
      await user.click(within(table).getByRole('checkbox', { name: 'Seleccionar a Candidata 3' }));
      await user.click(screen.getByRole('button', { name: 'Acciones masivas' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Agregar etiquetas' }));
      const dialog = await screen.findByRole('dialog', { name: 'Agregar etiquetas' });
      expect(within(dialog).getByText('Se aplicará a 2 candidatos.')).toBeInTheDocument();
      // Nothing chosen: said, nothing sent.
      await user.click(within(dialog).getByRole('button', { name: 'Agregar a 2 candidatos' }));
      expect(await within(dialog).findByText(BULK_TAG_MESSAGES.noTags)).toBeInTheDocument();
      await pickTag(user, dialog, 'Etiquetas que se agregarán', 'Segunda entrevista');
      await user.click(within(dialog).getByRole('button', { name: 'Agregar a 2 candidatos' }));
      expect(
        await within(dialog).findByText('1 candidato cambiado, 0 sin cambios, 1 no permitido.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByText('Cambiado')).toBeInTheDocument();
      expect(within(dialog).getByText(TAG_MESSAGES.tooMany)).toBeInTheDocument();
      expect(within(within(dialog).getByRole('table')).getByText('Segunda entrevista')).toBeInTheDocument();
      await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.queryByText('2 candidatos seleccionados')).not.toBeInTheDocument();
    },
  );

  it(
    'on a tag-filtered list, "every row matching" sends the tag filter with the selection',
    { timeout: 45_000 },
    async () => {
      const user = userEvent.setup();
      const filter = { list: 'INBOX', state: null, search: null, tagIds: ['2'] };
      renderInbox(
        'ADMIN',
        [
          inbox(40, ['2']),
          {
            request: { query: BULK_CHANGE_CANDIDATE_TAGS, variables: { selection: { filter }, remove: ['2'] } },
            result: answer([
              result('1', 'CHANGED', BULK_TAG_MESSAGES.changed, []),
              result('3', 'CHANGED', BULK_TAG_MESSAGES.changed, []),
            ]),
          },
          inbox(40, ['2']),
        ],
        '/panel/candidatos?etiquetas=2',
      );
      await screen.findByRole('table', { name: 'Candidatos activos' });
      await user.click(screen.getByRole('checkbox', { name: 'Seleccionar esta página' }));
      await user.click(
        screen.getByRole('button', { name: 'Seleccionar los 40 candidatos que coinciden con el filtro' }),
      );
      await user.click(screen.getByRole('button', { name: 'Acciones masivas' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Quitar etiquetas' }));
      const dialog = await screen.findByRole('dialog', { name: 'Quitar etiquetas' });
      expect(within(dialog).getByText('Se aplicará a 40 candidatos.')).toBeInTheDocument();
      await pickTag(user, dialog, 'Etiquetas que se quitarán', 'Segunda entrevista');
      await user.click(within(dialog).getByRole('button', { name: 'Quitar de 40 candidatos' }));
      expect(
        await within(dialog).findByText('2 candidatos cambiados, 0 sin cambios, 0 no permitidos.'),
      ).toBeInTheDocument();
    },
  );

  it(
    "'Exportar' downloads the ticked rows by id, or every row matching the filter (its tags included)",
    { timeout: 45_000 },
    async () => {
      const user = userEvent.setup();
      renderInbox('MANAGER', [inbox(40, ['2'])], '/panel/candidatos?etiquetas=2');
      const table = await screen.findByRole('table', { name: 'Candidatos activos' });
      await user.click(within(table).getByRole('checkbox', { name: 'Seleccionar a Candidata 1' }));
      await user.click(within(table).getByRole('checkbox', { name: 'Seleccionar a Candidata 3' }));
      await user.click(screen.getByRole('button', { name: 'Acciones masivas' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Exportar' }));
      let dialog = await screen.findByRole('dialog', { name: 'Exportar' });
      expect(within(dialog).getByText(BULK_EXPORT_MESSAGES.summary(2))).toBeInTheDocument();
      expect(within(dialog).getByRole('link', { name: 'Descargar CSV' })).toHaveAttribute(
        'href',
        '/reports/candidates.csv?list=inbox&ids=1%2C3',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The selection stays; now every row matching the (tag-filtered) list.
      await user.click(screen.getByRole('checkbox', { name: 'Seleccionar esta página' }));
      await user.click(
        screen.getByRole('button', { name: 'Seleccionar los 40 candidatos que coinciden con el filtro' }),
      );
      await user.click(screen.getByRole('button', { name: 'Acciones masivas' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Exportar' }));
      dialog = await screen.findByRole('dialog', { name: 'Exportar' });
      expect(within(dialog).getByText(BULK_EXPORT_MESSAGES.summary(40))).toBeInTheDocument();
      expect(within(dialog).getByRole('link', { name: 'Descargar Excel' })).toHaveAttribute(
        'href',
        '/reports/candidates.xlsx?list=inbox&tagIds=2',
      );
    },
  );
});
