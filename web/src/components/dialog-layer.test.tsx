import { Modal } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { useLoginPrompt } from '../features/accounts';
import { BodyLayer, useReturnFocus } from './dialog-layer';

/** A dialog as the board's are: rendered into <body> by BodyLayer, mounted already open. */
function BoardDialog({ onClose }: { onClose: () => void }) {
  useReturnFocus(true);
  return (
    <BodyLayer>
      <Modal withinPortal={false} opened onClose={onClose} title="Detalles del empleo">
        <p>Una vacante</p>
        <Link to="/perfil">Mi perfil</Link>
      </Modal>
    </BodyLayer>
  );
}

/**
 * A board page whose 'Ver Detalles' opens the dialog by state (as a route would: mounted open,
 * unmounted on close). `rerenderCard` gives the card a new button when the dialog closes.
 */
function Board({ rerenderCard = false }: { rerenderCard?: boolean }) {
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  return (
    <main>
      <h1>Vacantes Disponibles</h1>
      <article>
        <h3 id="vacante-7">Enfermera</h3>
        <button key={generation} type="button" aria-describedby="vacante-7" onClick={() => setOpen(true)}>
          Ver Detalles
        </button>
      </article>
      {open && (
        <BoardDialog
          onClose={() => {
            setOpen(false);
            if (rerenderCard) setGeneration((g) => g + 1);
          }}
        />
      )}
    </main>
  );
}

function App({ rerenderCard = false }: { rerenderCard?: boolean }) {
  return (
    <Routes>
      <Route path="/" element={<Board rerenderCard={rerenderCard} />} />
      <Route path="/perfil" element={<ProfilePage />} />
    </Routes>
  );
}

function ProfilePage() {
  const navigate = useNavigate();
  return (
    <main>
      <h1>Mi perfil</h1>
      <button type="button" onClick={() => void navigate('/')}>
        Volver
      </button>
    </main>
  );
}

const details = () => screen.getByRole('button', { name: 'Ver Detalles' });

async function openWithKeyboard(user: ReturnType<typeof userEvent.setup>) {
  await user.tab();
  expect(details()).toHaveFocus();
  await user.keyboard('{Enter}');
  await screen.findByRole('dialog', { name: 'Detalles del empleo' });
  // Mantine's focus trap moves into the dialog.
  await waitFor(() => expect(details()).not.toHaveFocus());
}

describe('useReturnFocus (public dialogs)', () => {
  it('returns focus to the button that opened a dialog closed with Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<App />);
    await openWithKeyboard(user);

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(details()).toHaveFocus());
  });

  it('returns focus when the dialog is closed with its X', async () => {
    const user = userEvent.setup();
    renderWithProviders(<App />);
    await openWithKeyboard(user);

    // Mantine's close button carries no name of its own in this dialog: it is the one in the header.
    const dialog = screen.getByRole('dialog');
    await user.click(dialog.querySelector<HTMLButtonElement>('.mantine-Modal-close')!);

    await waitFor(() => expect(details()).toHaveFocus());
  });

  it('finds the card’s new button when the card was rendered again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<App rerenderCard />);
    await openWithKeyboard(user);
    const before = details();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(details()).toHaveFocus());
    expect(details()).not.toBe(before);
  });

  it('leaves focus alone when a link in the dialog went to another page', async () => {
    // The top bar stays on every page: its button is still there after the link was followed.
    function Shell() {
      const [open, setOpen] = useState(false);
      // Like the board's dialogs, it belongs to the page it was opened on.
      const onBoard = useLocation().pathname === '/';
      return (
        <>
          <nav>
            <button type="button" onClick={() => setOpen(true)}>
              Abrir
            </button>
          </nav>
          <App />
          {open && onBoard && <BoardDialog onClose={() => setOpen(false)} />}
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Shell />);
    const trigger = screen.getByRole('button', { name: 'Abrir' });
    trigger.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Detalles del empleo' });
    await waitFor(() => expect(trigger).not.toHaveFocus());

    await user.click(screen.getByRole('link', { name: 'Mi perfil' }));

    expect(await screen.findByRole('heading', { name: 'Mi perfil' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(trigger).not.toHaveFocus();
  });

  it('returns focus to what opened the login dialog', async () => {
    function TopBar() {
      const { openLogin } = useLoginPrompt();
      return (
        <button type="button" onClick={() => openLogin()}>
          Regístrate / Iniciar Sesion
        </button>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<TopBar />);
    const trigger = screen.getByRole('button', { name: 'Regístrate / Iniciar Sesion' });
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Accede a tu cuenta' }, { timeout: 10_000 });
    await waitFor(() => expect(trigger).not.toHaveFocus());

    await user.keyboard('{Escape}');

    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
