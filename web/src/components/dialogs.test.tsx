import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog } from './dialogs';

/** A button that opens the question, and what was answered. */
function Asker({ danger, startOnCancel, answers }: { danger: boolean; startOnCancel?: boolean; answers: string[] }) {
  const [open, setOpen] = useState(false);
  const answer = (a: string) => {
    answers.push(a);
    setOpen(false);
  };
  return (
    <>
      <button onClick={() => setOpen(true)}>Preguntar</button>
      <ConfirmDialog
        opened={open}
        title="¿Seguro?"
        confirmLabel="Sí"
        danger={danger}
        startOnCancel={startOnCancel}
        onConfirm={() => answer('sí')}
        onCancel={() => answer('cancelar')}
      >
        Pregunta
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', { timeout: 20_000 }, () => {
  it("a destructive question starts on 'Cancelar': Enter pressed twice destroys nothing", async () => {
    const user = userEvent.setup();
    const answers: string[] = [];
    renderWithProviders(<Asker danger answers={answers} />);
    screen.getByRole('button', { name: 'Preguntar' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(answers).toEqual(['cancelar']);
  });

  it("a question that e-mails someone starts on 'Cancelar' without a red button", async () => {
    const user = userEvent.setup();
    const answers: string[] = [];
    renderWithProviders(<Asker danger={false} startOnCancel answers={answers} />);
    await user.click(screen.getByRole('button', { name: 'Preguntar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Sí' }).getAttribute('style') ?? '').not.toContain('red');
    await user.keyboard('{Enter}');
    expect(answers).toEqual(['cancelar']);
  });

  it('any other question starts on its confirm button', async () => {
    const user = userEvent.setup();
    const answers: string[] = [];
    renderWithProviders(<Asker danger={false} answers={answers} />);
    await user.click(screen.getByRole('button', { name: 'Preguntar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Sí' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(answers).toEqual(['sí']);
  });
});
