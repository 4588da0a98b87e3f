import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import { ApiTokensSection } from './ApiTokensSection';
import { API_TOKENS, CREATE_API_TOKEN } from './operations';

const tokensMock: Mocks[number] = { request: { query: API_TOKENS }, result: { data: { apiTokens: [] } } };

// No createApiToken mock unless a test sends one: a refused name must not reach the server.
function renderSection(mocks: Mocks = []) {
  return renderWithProviders(<ApiTokensSection />, {
    mocks: [tokensMock, ...mocks],
    viewer: viewer('ADMIN'),
    route: '/panel/usuarios',
  });
}

const nameField = () => screen.getByRole('textbox', { name: 'Nombre del token' });

describe('ApiTokensSection: the name', () => {
  it('an empty name is refused under the field, not with a toast', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Crear token' }));
    expect(await screen.findByText('El nombre del token es requerido.')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveFocus();
    expect(screen.queryByText('No se pudo crear el token')).not.toBeInTheDocument();

    await user.type(nameField(), 'E');
    expect(screen.queryByText('El nombre del token es requerido.')).not.toBeInTheDocument();
  });

  it('says how much a name of 430 characters is over, keeps it whole, and refuses it with the limit', async () => {
    const user = userEvent.setup();
    renderSection();
    const long = 'Integración con el ERP '.repeat(19).slice(0, 430);
    await user.click(nameField());
    await user.paste(long);
    expect(nameField()).toHaveValue(long);
    const over = long.trim().length - 200;
    expect(screen.getByText(`Tienes ${over} caracteres de más (máximo 200).`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Crear token' }));
    expect(await screen.findByText('El nombre del token no puede tener más de 200 caracteres.')).toBeInTheDocument();
    expect(nameField()).toHaveValue(long);
    expect(screen.queryByText('Solicitud inválida')).not.toBeInTheDocument();
  });

  it('says what is left near the limit', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(nameField());
    await user.paste('n'.repeat(195));
    expect(screen.getByText('Quedan 5 caracteres.')).toBeInTheDocument();
  });

  it("shows the server's refusal of the name under the field", async () => {
    const user = userEvent.setup();
    const message = 'El nombre del token no puede tener más de 200 caracteres.';
    renderSection([
      {
        request: { query: CREATE_API_TOKEN, variables: { name: 'ERP', role: 'VIEWER' } },
        result: {
          data: {
            createApiToken: {
              __typename: 'CreateApiTokenPayload',
              token: null,
              apiToken: null,
              error: { __typename: 'ValidationFailed', title: null, message, fields: [{ path: 'name', message }] },
            },
          },
        },
      },
    ]);
    await user.type(nameField(), 'ERP');
    await user.click(screen.getByRole('button', { name: 'Crear token' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('No se pudo crear el token')).not.toBeInTheDocument();
  });
});
