import '../../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NOTE_MESSAGES } from '@bolsa/domain';
import { renderWithProviders, type Mocks } from '../../../test/render';
import { viewer } from '../../../test/session';
import { CandidateNotes } from './CandidateNotes';
import { ADD_CANDIDATE_NOTE, CANDIDATE_NOTES, DELETE_CANDIDATE_NOTE } from './operations';

// The machine running the tests keeps UTC; Guatemala is six hours behind it.
const note = (id: string, text: string, mine: boolean, over: Record<string, unknown> = {}) => ({
  __typename: 'CandidateNote' as const,
  id,
  text,
  author: mine ? 'Gabriel Gestor' : 'Ana Administradora',
  createdAt: '2026-11-27T15:04:00.000Z',
  editedAt: null,
  mine,
  ...over,
});

const notesMock = (notes: unknown[] | Error): Mocks[number] => ({
  request: { query: CANDIDATE_NOTES, variables: { id: '41' } },
  ...(notes instanceof Error
    ? { error: notes }
    : { result: { data: { candidate: { __typename: 'Candidate', id: '41', notes } } } }),
});

function renderNotes(mocks: Mocks, role: 'MANAGER' | 'VIEWER' = 'MANAGER') {
  return renderWithProviders(<CandidateNotes candidateId="41" />, { mocks, viewer: viewer(role) });
}

describe("'Notas' on the candidate detail (issue 23)", { timeout: 30_000 }, () => {
  it('lists notes with author and Guatemala date; only your own can be edited or deleted', async () => {
    renderNotes([
      notesMock([
        note('2', 'Mía', true, { editedAt: '2026-11-27T18:30:00.000Z' }),
        note('1', 'Llamada:\ndisponible', false),
      ]),
    ]);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Gabriel Gestor · 27/11/2026 09:04 · editada 27/11/2026 12:30')).toBeTruthy();
    expect(within(items[0]!).getByRole('button', { name: NOTE_MESSAGES.edit })).toBeTruthy();
    expect(within(items[1]!).getByText('Ana Administradora · 27/11/2026 09:04')).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: NOTE_MESSAGES.edit })).toBeNull();
    expect(within(items[1]!).queryByRole('button', { name: NOTE_MESSAGES.delete })).toBeNull();
  });

  it("'Editar' puts focus in that note's text, caret at the end; Escape leaves it and focus goes back to its 'Editar'", async () => {
    const user = userEvent.setup();
    renderNotes([notesMock([note('2', 'Segunda', true), note('1', 'Primera', true)])]);
    const items = await screen.findAllByRole('listitem');
    within(items[1]!).getByRole('button', { name: NOTE_MESSAGES.edit }).focus();
    await user.keyboard('{Enter}');
    const box = await within(items[1]!).findByRole('textbox', { name: NOTE_MESSAGES.edit });
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveValue('Primera');
    expect((box as HTMLTextAreaElement).selectionStart).toBe('Primera'.length);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(items[1]!).queryByRole('textbox')).toBeNull());
    expect(within(items[1]!).getByText('Primera')).toBeTruthy();
    expect(within(items[1]!).getByRole('button', { name: NOTE_MESSAGES.edit })).toHaveFocus();
  });

  it('refuses an empty note with the domain message, then adds one and shows it', async () => {
    const user = userEvent.setup();
    renderNotes([
      notesMock([]),
      {
        request: { query: ADD_CANDIDATE_NOTE, variables: { candidateId: '41', text: 'Llamó hoy' } },
        result: {
          data: {
            addCandidateNote: { __typename: 'CandidateNotePayload', note: note('3', 'Llamó hoy', true), error: null },
          },
        },
      },
      notesMock([note('3', 'Llamó hoy', true)]),
    ]);
    expect(await screen.findByText(NOTE_MESSAGES.empty)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: NOTE_MESSAGES.add }));
    expect(await screen.findByText(NOTE_MESSAGES.required)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: NOTE_MESSAGES.add }), 'Llamó hoy');
    await user.click(screen.getByRole('button', { name: NOTE_MESSAGES.add }));
    expect(await screen.findByText('Llamó hoy', { selector: 'p' })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: NOTE_MESSAGES.add }) as HTMLTextAreaElement).value).toBe(''),
    );
  });

  it('asks before deleting: Cancelar keeps the note, Eliminar deletes it', async () => {
    const user = userEvent.setup();
    renderNotes([
      notesMock([note('2', 'Borrar esto', true)]),
      {
        request: { query: DELETE_CANDIDATE_NOTE, variables: { id: '2' } },
        result: { data: { deleteCandidateNote: { __typename: 'DeletePayload', ok: true, error: null } } },
      },
      notesMock([]),
    ]);
    await user.click(await screen.findByRole('button', { name: NOTE_MESSAGES.delete }));
    let dialog = await screen.findByRole('dialog', { name: NOTE_MESSAGES.deleteTitle });
    expect(within(dialog).getByText(NOTE_MESSAGES.deleteConfirm)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Borrar esto')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: NOTE_MESSAGES.delete }));
    dialog = await screen.findByRole('dialog', { name: NOTE_MESSAGES.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: NOTE_MESSAGES.delete }));
    expect(await screen.findByText(NOTE_MESSAGES.empty)).toBeTruthy();
  });

  it('is read-only for the Visualizador, and says so when the notes cannot load', async () => {
    renderNotes([notesMock([note('2', 'Del equipo', false)])], 'VIEWER');
    expect(await screen.findByText('Del equipo')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: NOTE_MESSAGES.edit })).toBeNull();
  });

  it('shows an error with Reintentar when the notes cannot load', async () => {
    renderNotes([notesMock(new Error('caída'))], 'VIEWER');
    expect(await screen.findByText(NOTE_MESSAGES.loadFailed)).toBeTruthy();
  });
});
