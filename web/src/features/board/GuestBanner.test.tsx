import { screen } from '@testing-library/react';
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
});
