import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@bolsa/domain';
import type { Role } from '../../gql/graphql';
import { installFocusKeeper } from '../../lib/focus-keeper';
import { emulateFocusFixup } from '../../test/focus';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import {
  API_TOKENS,
  CREATE_API_TOKEN,
  CREATE_STAFF_USER,
  DELETE_STAFF_USER,
  REVOKE_API_TOKEN,
  STAFF_USERS,
  TOGGLE_STAFF_USER,
  UPDATE_STAFF_USER,
} from './operations';
import { pageWindow } from '../../components/PageWindow';
import { EMPTY_USERS, NO_MATCHING_USERS, UsersPage } from './UsersPage';

function staff(id: string, name: string, role: Role = 'VIEWER', active = true) {
  return {
    __typename: 'StaffUser' as const,
    id,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@ejemplo.org.gt`,
    role,
    active,
  };
}

const USERS = [
  staff('1', 'Ana Administradora', 'ADMIN'),
  staff('2', 'Gabriel Gestor', 'MANAGER'),
  staff('3', 'Valeria Visualizadora', 'VIEWER', false),
];

const usersMock = (users: unknown[]): Mocks[number] => ({
  request: { query: STAFF_USERS },
  result: { data: { staffUsers: users } },
});
const tokensMock = (tokens: unknown[] = []): Mocks[number] => ({
  request: { query: API_TOKENS },
  result: { data: { apiTokens: tokens } },
});

/** An active API token named 'ERP'. */
const erpToken = (id: string) => ({
  __typename: 'ApiToken' as const,
  id,
  name: 'ERP',
  role: 'VIEWER' as const,
  createdAt: '2026-03-01T10:00:00Z',
  lastUsedAt: null,
  revoked: false,
});

function renderPage(mocks: Mocks) {
  return renderWithProviders(<UsersPage />, { mocks, viewer: viewer('ADMIN'), route: '/panel/usuarios' });
}

const table = () => screen.getByRole('table');

describe('UsersPage (Gestión de usuarios)', () => {
  it('lists the users with their role and state', async () => {
    renderPage([usersMock(USERS), tokensMock()]);
    expect(screen.getByRole('heading', { level: 1, name: 'Gestión de usuarios' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('columnheader')
          .map((c) => c.textContent),
      )[0],
    ).toEqual(['Nombre', 'Correo', 'Rol', 'Estado', 'Acciones']);
    expect(rows).toHaveLength(4);
    expect(within(rows[3]!).getByText('Visualizador')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Inactivo')).toBeInTheDocument();
    expect(within(rows[3]!).getByRole('button', { name: 'Activar Valeria Visualizadora' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Inactivar Ana Administradora' })).toBeInTheDocument();
  });

  it('keeps "Crear usuario" disabled while the e-mail is outside the organisation domain', async () => {
    const user = userEvent.setup();
    renderPage([usersMock(USERS), tokensMock()]);
    const correo = screen.getByRole('textbox', { name: 'Correo electrónico' });
    await user.type(correo, 'Pepe@Gmail.com');
    expect(correo).toHaveValue('pepe@gmail.com');
    expect(screen.getByText('El correo debe ser del dominio @ejemplo.org.gt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear usuario' })).toBeDisabled();

    await user.clear(correo);
    await user.type(correo, ' Pepe@Ejemplo.org.gt ');
    expect(correo).toHaveValue('pepe@ejemplo.org.gt');
    expect(screen.queryByText('El correo debe ser del dominio @ejemplo.org.gt')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear usuario' })).toBeEnabled();
  });

  it('asks for the missing fields, then creates the user and adds the row without reloading', async () => {
    const user = userEvent.setup();
    const created = staff('9', 'Pedro Pérez', 'MANAGER');
    renderPage([
      usersMock(USERS),
      tokensMock(),
      {
        request: {
          query: CREATE_STAFF_USER,
          variables: {
            input: { name: 'Pedro Pérez', email: 'pedro@ejemplo.org.gt', password: 'Clave2026!', role: 'MANAGER' },
          },
        },
        result: { data: { createStaffUser: { __typename: 'StaffUserPayload', user: created, error: null } } },
      },
    ]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('Campos incompletos')).toBeInTheDocument();
    expect(screen.getByText('Por favor complete todos los campos requeridos.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Pedro Pérez');
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'pedro@ejemplo.org.gt');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Clave2026!');
    await user.click(screen.getByLabelText('Rol', { selector: 'input' }));
    await user.click(screen.getByRole('option', { name: 'Gestor' }));
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));

    expect(await screen.findByText('Usuario creado')).toBeInTheDocument();
    expect(await within(table()).findByText('Pedro Pérez')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('');
  });

  it("checks the new user with the domain's schema before sending: a short password gets the api's message", async () => {
    const user = userEvent.setup();
    // No CREATE_STAFF_USER mock: a request would fail the test with 'No se pudo crear el usuario / Intente nuevamente.'
    renderPage([usersMock(USERS), tokensMock()]);
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Pedro Pérez');
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'pedro@ejemplo.org.gt');
    await user.type(screen.getByLabelText(/^Contraseña/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('No se pudo crear el usuario')).toBeInTheDocument();
    // In the toast and under the field.
    expect(screen.getAllByText('La contraseña debe tener al menos 6 caracteres.')).toHaveLength(2);
    expect(screen.queryByText('Intente nuevamente.')).not.toBeInTheDocument();
  });

  it('blocks saving an edit whose e-mail leaves the organisation domain, and asks for a missing name', async () => {
    const user = userEvent.setup();
    renderPage([usersMock(USERS), tokensMock()]);
    const row = (await within(await screen.findByRole('table')).findByText('Gabriel Gestor')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /Editar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuario' });
    const correo = within(dialog).getByRole('textbox', { name: 'Usuario' });
    await user.clear(correo);
    await user.type(correo, 'gabriel@gmail.com');
    expect(within(dialog).getByText('El correo debe ser del dominio @ejemplo.org.gt')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();

    await user.clear(correo);
    await user.type(correo, 'gabriel@ejemplo.org.gt');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Nombre' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Campos incompletos')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when there are no users at all', async () => {
    renderPage([usersMock([]), tokensMock()]);
    expect(await screen.findByText(EMPTY_USERS)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('searches by name, e-mail or role label after a pause, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderPage([usersMock(USERS), tokensMock()]);
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    await user.type(search, 'gestor');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(within(table()).getByText('Gabriel Gestor')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'visualizador');
    await waitFor(() => expect(within(table()).getByText('Valeria Visualizadora')).toBeInTheDocument());

    await user.clear(search);
    await user.type(search, 'nadie');
    expect(await screen.findByText(NO_MATCHING_USERS)).toBeInTheDocument();
  });

  it('pages through the list, 10 at a time by default, with at most 5 page buttons', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) =>
      staff(String(100 + i), `Usuario ${String(i + 1).padStart(2, '0')}`),
    );
    renderPage([usersMock(many), tokensMock()]);
    expect(await screen.findAllByRole('row')).toHaveLength(11);
    const pages = screen.getByRole('navigation', { name: 'Páginas de usuarios' });
    await user.click(within(pages).getByRole('button', { name: 'Página 2' }));
    expect(within(table()).getAllByRole('row')).toHaveLength(3);
    expect(within(table()).getByText('Usuario 12')).toBeInTheDocument();

    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 12)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it('asks before deleting, then removes the row', async () => {
    const user = userEvent.setup();
    renderPage([
      usersMock(USERS),
      tokensMock(),
      {
        request: { query: DELETE_STAFF_USER, variables: { id: '2' } },
        result: { data: { deleteStaffUser: { __typename: 'DeletePayload', ok: true, error: null } } },
      },
    ]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Eliminar Gabriel Gestor' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar usuario?' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Usuario eliminado')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText('Gabriel Gestor')).not.toBeInTheDocument());
  });

  it('keeps the user when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    renderPage([usersMock(USERS), tokensMock()]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Eliminar Gabriel Gestor' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar usuario?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(table()).getByText('Gabriel Gestor')).toBeInTheDocument();
  });

  it('reports a server that does not allow deleting (405)', async () => {
    const user = userEvent.setup();
    renderPage([
      usersMock(USERS),
      tokensMock(),
      {
        request: { query: DELETE_STAFF_USER, variables: { id: '2' } },
        result: {
          data: {
            deleteStaffUser: {
              __typename: 'DeletePayload',
              ok: false,
              error: {
                __typename: 'OperationFailed',
                message: 'El servidor no permite eliminar usuarios.',
                status: 405,
                detail: null,
              },
            },
          },
        },
      },
    ]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Eliminar Gabriel Gestor' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Eliminar usuario?' })).getByRole('button', {
        name: 'Eliminar',
      }),
    );
    expect(await screen.findByText('Operación no permitida')).toBeInTheDocument();
    expect(within(table()).getByText('Gabriel Gestor')).toBeInTheDocument();
  });

  it('toggles the state in place', async () => {
    const user = userEvent.setup();
    renderPage([
      usersMock(USERS),
      tokensMock(),
      {
        request: { query: TOGGLE_STAFF_USER, variables: { id: '3' } },
        result: {
          data: {
            toggleStaffUser: { __typename: 'StaffUserPayload', user: { ...USERS[2]!, active: true }, error: null },
          },
        },
      },
    ]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Activar Valeria Visualizadora' }));
    expect(await screen.findByText('Estado actualizado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inactivar Valeria Visualizadora' })).toBeInTheDocument();
  });

  it('shows an error panel with technical details and retries', async () => {
    const user = userEvent.setup();
    renderPage([
      { request: { query: STAFF_USERS }, error: new Error('Failed to fetch') },
      tokensMock(),
      usersMock(USERS),
    ]);
    const panel = (await screen.findByText('No se pudieron cargar los usuarios')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    await user.click(within(panel).getByRole('button', { name: 'Detalles técnicos' }));
    // The browser's 'Failed to fetch' is English: the user reads the spec's wording instead.
    expect(within(panel).getAllByText('No se pudo contactar al servidor. Intenta nuevamente.').length).toBeGreaterThan(
      0,
    );
    expect(within(panel).getByText('NETWORK_ERROR')).toBeInTheDocument();
    expect(within(panel).queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('shows a new API token once, with a copy button', async () => {
    const user = userEvent.setup();
    const token = erpToken('t1');
    renderPage([
      usersMock(USERS),
      tokensMock(),
      {
        request: { query: CREATE_API_TOKEN, variables: { name: 'ERP', role: 'VIEWER' } },
        result: {
          data: {
            createApiToken: { __typename: 'CreateApiTokenPayload', token: 'bt_secreto', apiToken: token, error: null },
          },
        },
      },
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Nombre del token' }), 'ERP');
    await user.click(screen.getByRole('button', { name: 'Crear token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Token creado' });
    expect(within(dialog).getByText('bt_secreto')).toBeInTheDocument();
    expect(within(dialog).getByText(/no se volverá a mostrar/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copiar token' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByText('bt_secreto')).not.toBeInTheDocument());
    const tokens = screen.getAllByRole('table').at(-1)!;
    expect(within(tokens).getByText('ERP')).toBeInTheDocument();
    expect(within(tokens).getByText('Activo')).toBeInTheDocument();
  });

  it('revokes a token after asking, and marks it revoked in place', async () => {
    const user = userEvent.setup();
    const token = erpToken('t7');
    renderPage([
      usersMock(USERS),
      tokensMock([token]),
      {
        request: { query: REVOKE_API_TOKEN, variables: { id: 't7' } },
        result: { data: { revokeApiToken: { __typename: 'DeletePayload', ok: true, error: null } } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Revocar ERP' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Revocar token?' });
    expect(within(dialog).getByText(/dejarán de tener acceso/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText('Token revocado')).toBeInTheDocument();
    const tokens = screen.getAllByRole('table').at(-1)!;
    // Created 2026-03-01T10:00:00Z: 04:00 in Guatemala, whatever the computer's zone.
    expect(within(tokens).getByText('01/03/2026 04:00')).toBeInTheDocument();
    await waitFor(() => expect(within(tokens).getByText('Revocado')).toBeInTheDocument());
    expect(within(tokens).queryByRole('button', { name: 'Revocar ERP' })).not.toBeInTheDocument();
  });
});

/** A refusal as the api words it (MutationErrorFields). */
const conflict = (message: string) => ({ __typename: 'Conflict' as const, message });

// A keyboard user's focus after an action (the staff panel's focus keeper, lib/focus-keeper), with
// Chromium's move of focus to <body> when the focused button turns busy.
describe('UsersPage: focus after an action, by keyboard', () => {
  const stops: (() => void)[] = [];
  beforeEach(() => {
    stops.push(emulateFocusFixup(), installFocusKeeper());
  });
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it("stays on 'Crear usuario' when the user is refused (duplicate e-mail)", async () => {
    const user = userEvent.setup();
    renderPage([
      usersMock(USERS),
      tokensMock(),
      {
        request: {
          query: CREATE_STAFF_USER,
          variables: {
            input: { name: 'Otra Ana', email: 'ana@ejemplo.org.gt', password: 'Clave2026!', role: 'VIEWER' },
          },
        },
        delay: 50,
        result: {
          data: {
            createStaffUser: {
              __typename: 'StaffUserPayload',
              user: null,
              error: conflict('Ya existe un usuario con ese correo.'),
            },
          },
        },
      },
    ]);
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Otra Ana');
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'ana@ejemplo.org.gt');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Clave2026!');
    const create = screen.getByRole('button', { name: 'Crear usuario' });
    create.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(create).toBeDisabled());
    await waitFor(() => expect(document.activeElement).toBe(document.body)); // Chromium's fixup, emulated
    expect(await screen.findByText('Ya existe un usuario con ese correo.')).toBeInTheDocument();
    await waitFor(() => expect(create).toHaveFocus());
  });

  it("stays on 'Inactivar' / 'Activar' after 'Estado actualizado'", async () => {
    const user = userEvent.setup();
    renderPage([
      usersMock(USERS),
      tokensMock(),
      {
        request: { query: TOGGLE_STAFF_USER, variables: { id: '2' } },
        delay: 50,
        result: {
          data: {
            toggleStaffUser: { __typename: 'StaffUserPayload', user: { ...USERS[1]!, active: false }, error: null },
          },
        },
      },
    ]);
    await screen.findByRole('table');
    screen.getByRole('button', { name: 'Inactivar Gabriel Gestor' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Estado actualizado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Activar Gabriel Gestor' })).toHaveFocus());
  });

  it("does not offer the role of one's own account, and says why; another user's role stays editable", async () => {
    const user = userEvent.setup();
    const me = viewer('ADMIN');
    renderPage([usersMock([{ ...staff(me.id, me.name, 'ADMIN'), email: me.email }, ...USERS.slice(1)]), tokensMock()]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: `Editar ${me.name}` }));
    const own = await screen.findByRole('dialog', { name: 'Editar usuario' });
    expect(within(own).getByLabelText('Rol', { selector: 'input' })).toBeDisabled();
    expect(within(own).getByText(USER_MESSAGES.ownRole)).toBeInTheDocument();
    await user.click(within(own).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar usuario' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Editar Gabriel Gestor' }));
    const other = await screen.findByRole('dialog', { name: 'Editar usuario' });
    expect(within(other).getByLabelText('Rol', { selector: 'input' })).toBeEnabled();
    expect(within(other).queryByText(USER_MESSAGES.ownRole)).not.toBeInTheDocument();
  });

  it("keeps focus in 'Editar usuario' on 'Guardar cambios' when the save is refused", async () => {
    const user = userEvent.setup();
    renderPage([
      usersMock(USERS),
      tokensMock(),
      {
        request: {
          query: UPDATE_STAFF_USER,
          variables: {
            id: '2',
            input: { name: 'Gabriel Gestor', email: 'gabriel@ejemplo.org.gt', role: 'VIEWER', password: null },
          },
        },
        delay: 50,
        result: {
          data: {
            updateStaffUser: {
              __typename: 'StaffUserPayload',
              user: null,
              error: conflict('No puedes cambiar el rol de tu propia cuenta.'),
            },
          },
        },
      },
    ]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Editar Gabriel Gestor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuario' });
    await user.click(within(dialog).getByLabelText('Rol', { selector: 'input' }));
    await user.click(screen.getByRole('option', { name: 'Visualizador' }));
    const save = within(dialog).getByRole('button', { name: 'Guardar cambios' });
    save.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('No puedes cambiar el rol de tu propia cuenta.')).toBeInTheDocument();
    await waitFor(() => expect(save).toHaveFocus());
    expect(screen.getByRole('dialog', { name: 'Editar usuario' })).toBeInTheDocument();
  });

  it.each([['Entendido'], ['Escape']])(
    "returns to 'Crear token' when the 'Token creado' dialog is closed (%s)",
    async (how) => {
      const user = userEvent.setup();
      renderPage([
        usersMock(USERS),
        tokensMock(),
        {
          request: { query: CREATE_API_TOKEN, variables: { name: 'ERP', role: 'VIEWER' } },
          delay: 50,
          result: {
            data: {
              createApiToken: {
                __typename: 'CreateApiTokenPayload',
                token: 'bt_secreto',
                apiToken: erpToken('t1'),
                error: null,
              },
            },
          },
        },
      ]);
      await user.type(screen.getByRole('textbox', { name: 'Nombre del token' }), 'ERP');
      const create = screen.getByRole('button', { name: 'Crear token' });
      create.focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'Token creado' });
      await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
      if (how === 'Escape') await user.keyboard('{Escape}');
      else await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(create).toHaveFocus());
    },
  );

  it("goes to the 'Tokens de API' heading once the revoked token's 'Revocar' is gone", async () => {
    const user = userEvent.setup();
    renderPage([
      usersMock(USERS),
      tokensMock([erpToken('t7')]),
      {
        request: { query: REVOKE_API_TOKEN, variables: { id: 't7' } },
        delay: 50,
        result: { data: { revokeApiToken: { __typename: 'DeletePayload', ok: true, error: null } } },
      },
    ]);
    (await screen.findByRole('button', { name: 'Revocar ERP' })).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '¿Revocar token?' });
    // A destructive question starts on 'Cancelar'; Tab reaches 'Revocar'.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await user.keyboard('{Tab}');
    expect(within(dialog).getByRole('button', { name: 'Revocar' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Token revocado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Tokens de API' })).toHaveFocus());
  });
});
