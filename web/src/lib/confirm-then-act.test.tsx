import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../components/dialogs';
import { renderWithProviders } from '../test/render';
import { useConfirmThenAct, type ActOutcome } from './confirm-then-act';

function Deleter({ act }: { act: (name: string) => Promise<ActOutcome> }) {
  const deletion = useConfirmThenAct<string>({ act, onThrow: () => ({ failed: 'No se pudo', detail: 'Sin red' }) });
  return (
    <>
      <button onClick={() => deletion.ask('Uno')}>Eliminar Uno</button>
      <ConfirmDialog {...deletion.dialog} title="¿Eliminar?" confirmLabel="Eliminar" danger>
        {`Se eliminará ${deletion.target ?? ''}`}
      </ConfirmDialog>
    </>
  );
}

describe('useConfirmThenAct', () => {
  it('does nothing until confirmed, then acts on the target, toasts the outcome and closes', async () => {
    const user = userEvent.setup();
    const acted: string[] = [];
    let finish: (o: ActOutcome) => void = () => {};
    renderWithProviders(
      <Deleter
        act={(name) => {
          acted.push(name);
          return new Promise((resolve) => (finish = resolve));
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Eliminar Uno' }));
    expect(screen.getByText('Se eliminará Uno')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(acted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Eliminar Uno' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(acted).toEqual(['Uno']);
    // While the mutation runs the dialog stays, its buttons busy.
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    finish({ done: 'Eliminado', detail: 'Uno ya no está' });
    expect(await screen.findByText('Eliminado')).toBeInTheDocument();
    expect(screen.getByText('Uno ya no está')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('turns a thrown failure into its failure toast', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Deleter act={() => Promise.reject(new TypeError('Failed to fetch'))} />);
    await user.click(screen.getByRole('button', { name: 'Eliminar Uno' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('No se pudo')).toBeInTheDocument();
    expect(screen.getByText('Sin red')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
  });
});
