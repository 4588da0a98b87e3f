import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginModal } from './LoginModal';
import { NEW_CAPTCHA, REGISTER_CANDIDATE } from './operations';
import { renderWithProviders, type Mocks } from '../../test/render';

// Issue 20: the image captcha stays; a candidate who cannot see it chooses the accessible
// alternative (an ALTCHA proof of work, loaded only then) with the keyboard.

const VALID_CUI = '1234567890101';
const captchaMock = (id: string): Mocks[number] => ({
  request: { query: NEW_CAPTCHA },
  result: { data: { newCaptcha: { __typename: 'Captcha', id, image: `data:image/png;base64,${id}` } } },
});
const INPUT = {
  primerNombre: 'Ana',
  segundoNombre: null,
  primerApellido: 'López',
  segundoApellido: null,
  email: 'ana@example.com',
  emailConfirmation: 'ana@example.com',
  password: 'secreto1',
  passwordConfirmation: 'secreto1',
  comoSeEntero: null,
  observaciones: null,
  dpi: VALID_CUI,
};

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Primer nombre' }), 'Ana');
  await user.type(screen.getByRole('textbox', { name: 'Primer apellido' }), 'López');
  await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'ana@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Confirmar correo' }), 'ana@example.com');
  await user.type(screen.getByLabelText(/^Contraseña/), 'secreto1');
  await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'secreto1');
  await user.type(screen.getByRole('textbox', { name: 'DPI' }), VALID_CUI);
}

const choice = () => screen.getByRole('checkbox', { name: 'Usar verificación sin imagen (accesible)' });

describe('registration — the accessible alternative to the image captcha', () => {
  it('is chosen with the keyboard, replaces the image and its code, and waits for «Verificado»', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoginModal opened onClose={vi.fn()} />, { mocks: [captchaMock('k1')] });
    await user.click(screen.getByRole('tab', { name: 'Registrarse' }));
    // The spec's image captcha is still the default.
    expect(await screen.findByRole('img', { name: /Código de verificación/ })).toBeInTheDocument();
    expect(choice()).not.toBeChecked();
    expect(choice()).toHaveAccessibleDescription(/no hay que leer ni escuchar nada/);

    choice().focus();
    await user.keyboard(' ');
    expect(choice()).toBeChecked();
    expect(screen.queryByRole('img', { name: /Código de verificación/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Código de verificación' })).not.toBeInTheDocument();
    const group = await screen.findByRole('group', { name: 'Verificación accesible' });
    await waitFor(() => expect(group.querySelector('altcha-widget')).not.toBeNull());

    // Not verified yet: nothing is sent, the candidate is told what to do.
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findAllByText('Marca «No soy un robot» y espera a que diga «Verificado».')).not.toHaveLength(0);

    // Back to the image with Space again.
    choice().focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('img', { name: /Código de verificación/ })).toBeInTheDocument();
  }, 60_000);

  it("sends the widget's verified proof instead of the image's code", async () => {
    const user = userEvent.setup({ delay: null });
    const registered = vi.fn();
    renderWithProviders(<LoginModal opened onClose={vi.fn()} />, {
      mocks: [
        captchaMock('k1'),
        {
          request: { query: REGISTER_CANDIDATE, variables: { input: { ...INPUT, captchaProof: 'cHJ1ZWJh' } } },
          result: () => {
            registered();
            return {
              data: {
                registerCandidate: {
                  __typename: 'RegisterCandidatePayload',
                  ok: true,
                  email: INPUT.email,
                  error: null,
                },
              },
            };
          },
        },
      ],
    });
    await user.click(screen.getByRole('tab', { name: 'Registrarse' }));
    await screen.findByRole('img', { name: /Código de verificación/ });
    await user.click(choice());
    const group = await screen.findByRole('group', { name: 'Verificación accesible' });
    await waitFor(() => expect(group.querySelector('altcha-widget')).not.toBeNull());
    await fill(user);
    // What the widget announces once the browser solved the challenge.
    act(() => {
      group
        .querySelector('altcha-widget')!
        .dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'cHJ1ZWJh' } }));
    });
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));
    await waitFor(() => expect(registered).toHaveBeenCalledOnce());
    expect(await screen.findByText('¡Registro exitoso! Ahora puedes iniciar sesión.')).toBeInTheDocument();
  }, 60_000);
});
