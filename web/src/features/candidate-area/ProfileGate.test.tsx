import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import { MY_PROFILE } from './operations';
import { ProfileGate } from './ProfileGate';
import { completeProfile, newProfile } from './test-fixtures';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="dirección">{pathname + search}</output>;
}

function profileMock(answer: ReturnType<typeof newProfile> | Error): Mocks[number] {
  return answer instanceof Error
    ? { request: { query: MY_PROFILE }, error: answer }
    : { request: { query: MY_PROFILE }, result: { data: { myProfile: answer } } };
}

function render(route: string, mocks: Mocks) {
  return renderWithProviders(
    <>
      <ProfileGate />
      <Where />
    </>,
    { mocks, route, viewer: viewer('CANDIDATE') },
  );
}

describe('the profile gate (spec 1 §2.8)', () => {
  it("stops a candidate with an incomplete profile with 'Completa tu perfil' until 'Ir a mi perfil'", async () => {
    const user = userEvent.setup();
    render('/vacantes', [profileMock(newProfile())]);
    const dialog = await screen.findByRole('dialog', { name: 'Completa tu perfil' });
    // Not dismissible: no close button, Escape does nothing.
    expect(screen.queryByRole('button', { name: /^cerrar$/i })).toBeNull();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir a mi perfil' }));
    expect(screen.getByLabelText('dirección')).toHaveTextContent('/perfil?tab=perfil&editar=1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets the candidate log out from the gate, with the keyboard alone too (issue 20)', async () => {
    const user = userEvent.setup();
    const logout = vi.fn(async () => {});
    renderWithProviders(<ProfileGate />, {
      mocks: [profileMock(newProfile())],
      route: '/vacantes',
      viewer: viewer('CANDIDATE'),
      session: { logout },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Completa tu perfil' });
    // 'Ir a mi perfil' has the focus; Tab reaches 'Cerrar sesión' inside the dialog.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Ir a mi perfil' })).toHaveFocus());
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cerrar sesión' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('lets a complete profile through', async () => {
    render('/', [profileMock(completeProfile())]);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets the candidate continue when the profile cannot be fetched', async () => {
    render('/', [profileMock(new TypeError('Failed to fetch'))]);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not stand in the way on /perfil itself', async () => {
    render('/perfil', [profileMock(newProfile())]);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
