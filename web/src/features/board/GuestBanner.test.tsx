import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { viewer } from '../../test/session';
import { GuestBanner } from './GuestBanner';

describe('GuestBanner (spec 1 §2.6)', () => {
  it('invites an anonymous visitor to log in or go on as a guest', () => {
    renderWithProviders(<GuestBanner />);
    expect(screen.getByText('¿Ya tienes una cuenta?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  it('shows a logged-in candidate their name, with no invitation and no login button', () => {
    renderWithProviders(<GuestBanner />, { viewer: viewer('CANDIDATE') });
    expect(screen.getByText('Hola, Ana López')).toBeInTheDocument();
    expect(screen.queryByText('¿Ya tienes una cuenta?')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });

  it("after 'Continuar como invitado' the focus goes on to what follows the banner (issue 20)", async () => {
    sessionStorage.clear();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <button type="button">Antes</button>
        <GuestBanner />
        <input aria-label="Buscar vacantes" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Continuar como invitado' }));
    expect(screen.queryByText('¿Ya tienes una cuenta?')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Buscar vacantes')).toHaveFocus());
  });
});
