import '../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminEmailsTab } from './AdminEmailsTab';
import {
  ADMIN_EMAILS,
  CREATE_ADMIN_EMAIL,
  DELETE_ADMIN_EMAIL,
  SET_ADMIN_EMAIL_ACTIVE,
  UPDATE_ADMIN_EMAIL,
} from './operations';
import { settingsMock, viewerMock } from '../../test/vacancy-fixtures';
import { renderWithProviders, type Mocks } from '../../test/render';

const email = (id: string, address: string, name: string, active = true) => ({
  __typename: 'AdminEmail' as const,
  id,
  email: address,
  name,
  active,
});
const LIST = [email('1', 'rrhh@ejemplo.org.gt', 'Recursos Humanos'), email('2', 'gerencia@ejemplo.org.gt', 'Gerencia')];

const listMock = (vars: { search: string | null; includeInactive: boolean }, items = LIST): Mocks[number] => ({
  request: { query: ADMIN_EMAILS, variables: vars },
  result: { data: { adminEmails: items } },
});
const ALL = { search: null, includeInactive: false };

function renderTab(mocks: Mocks) {
  return renderWithProviders(<AdminEmailsTab />, { mocks: [settingsMock, ...mocks] });
}

describe('Mantenimiento de Correos', () => {
  it('applies the domain rule: hint, "Formato inválido. Solo @{domain}" and "Nombre demasiado corto"', async () => {
    const user = userEvent.setup();
    renderTab([viewerMock('MANAGER'), listMock(ALL)]);
    const form = within(await screen.findByRole('region', { name: 'Nuevo Correo' }));
    expect(form.getByText('Debe terminar en @ejemplo.org.gt')).toBeInTheDocument();
    await user.type(form.getByLabelText(/^Correo/), 'ana@gmail.com');
    await user.type(form.getByLabelText(/^Nombre del responsable/), 'An');
    await user.click(form.getByRole('button', { name: 'Agregar correo' }));
    expect(await form.findByText('Formato inválido. Solo @ejemplo.org.gt')).toBeInTheDocument();
    expect(form.getByText('Nombre demasiado corto')).toBeInTheDocument();
  });

  it('sends the e-mail trimmed and lower-cased', async () => {
    const user = userEvent.setup();
    renderTab([
      viewerMock('MANAGER'),
      listMock(ALL),
      {
        request: { query: CREATE_ADMIN_EMAIL, variables: { email: 'ana.lopez@ejemplo.org.gt', name: 'Ana López' } },
        result: {
          data: {
            createAdminEmail: {
              __typename: 'AdminEmailPayload',
              adminEmail: email('3', 'ana.lopez@ejemplo.org.gt', 'Ana López'),
              error: null,
            },
          },
        },
      },
      listMock(ALL, [...LIST, email('3', 'ana.lopez@ejemplo.org.gt', 'Ana López')]),
    ]);
    const form = within(await screen.findByRole('region', { name: 'Nuevo Correo' }));
    await user.type(form.getByLabelText(/^Correo/), '  Ana.Lopez@EJEMPLO.org.gt ');
    await user.type(form.getByLabelText(/^Nombre del responsable/), ' Ana López ');
    await user.click(form.getByRole('button', { name: 'Agregar correo' }));
    expect(await screen.findByText('ana.lopez@ejemplo.org.gt', { selector: 'p' })).toBeInTheDocument();
  });

  it('shows the server message when creating fails', async () => {
    const user = userEvent.setup();
    renderTab([
      viewerMock('MANAGER'),
      listMock(ALL),
      {
        request: { query: CREATE_ADMIN_EMAIL, variables: { email: 'rrhh@ejemplo.org.gt', name: 'Duplicado' } },
        result: {
          data: {
            createAdminEmail: {
              __typename: 'AdminEmailPayload',
              adminEmail: null,
              error: { __typename: 'Conflict', message: 'Ese correo ya está registrado.' },
            },
          },
        },
      },
    ]);
    const form = within(await screen.findByRole('region', { name: 'Nuevo Correo' }));
    await user.type(form.getByLabelText(/^Correo/), 'rrhh@ejemplo.org.gt');
    await user.type(form.getByLabelText(/^Nombre del responsable/), 'Duplicado');
    await user.click(form.getByRole('button', { name: 'Agregar correo' }));
    expect(await screen.findByText('No se pudo crear el correo.')).toBeInTheDocument();
    expect(screen.getByText('Ese correo ya está registrado.')).toBeInTheDocument();
  });

  it('edits inline with "Solo @{domain}" and saves with "Actualizado"', async () => {
    const user = userEvent.setup();
    renderTab([
      viewerMock('MANAGER'),
      listMock(ALL),
      {
        request: {
          query: UPDATE_ADMIN_EMAIL,
          variables: { id: '1', email: 'talento@ejemplo.org.gt', name: 'Recursos Humanos' },
        },
        result: {
          data: {
            updateAdminEmail: {
              __typename: 'AdminEmailPayload',
              adminEmail: email('1', 'talento@ejemplo.org.gt', 'Recursos Humanos'),
              error: null,
            },
          },
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Editar rrhh@ejemplo.org.gt' }));
    const edit = within(screen.getByRole('form', { name: 'Editar rrhh@ejemplo.org.gt' }));
    const address = edit.getByLabelText('Correo');
    await user.clear(address);
    await user.type(address, 'talento@otro.com');
    await user.clear(edit.getByLabelText('Nombre del responsable'));
    await user.type(edit.getByLabelText('Nombre del responsable'), 'RH');
    await user.click(edit.getByRole('button', { name: 'Guardar' }));
    expect(await edit.findByText('Solo @ejemplo.org.gt')).toBeInTheDocument();
    expect(edit.getByText('Nombre demasiado corto')).toBeInTheDocument();

    await user.clear(address);
    await user.type(address, 'talento@ejemplo.org.gt');
    await user.clear(edit.getByLabelText('Nombre del responsable'));
    await user.type(edit.getByLabelText('Nombre del responsable'), 'Recursos Humanos');
    await user.click(edit.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Actualizado')).toBeInTheDocument();
    expect(screen.getByText('talento@ejemplo.org.gt')).toBeInTheDocument();
  });

  it('toggles with "Correo desactivado", and deletes (role 1) after confirming', async () => {
    const user = userEvent.setup();
    renderTab([
      viewerMock('ADMIN'),
      listMock(ALL),
      {
        request: { query: SET_ADMIN_EMAIL_ACTIVE, variables: { id: '2', active: false } },
        result: {
          data: {
            setAdminEmailActive: {
              __typename: 'AdminEmailPayload',
              adminEmail: { __typename: 'AdminEmail', id: '2', active: false },
              error: null,
            },
          },
        },
      },
      {
        request: { query: DELETE_ADMIN_EMAIL, variables: { id: '1' } },
        result: { data: { deleteAdminEmail: { __typename: 'DeletePayload', ok: true, error: null } } },
      },
    ]);
    const toggles = await screen.findAllByRole('switch');
    await user.click(toggles[1]!);
    expect(await screen.findByText('Correo desactivado')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Eliminar rrhh@ejemplo.org.gt' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar correo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Correo eliminado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('rrhh@ejemplo.org.gt')).not.toBeInTheDocument());
  });

  it('a Visualizador only reads the list', async () => {
    renderTab([viewerMock('VIEWER'), listMock(ALL)]);
    expect(await screen.findByText('rrhh@ejemplo.org.gt')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Activo')).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Nuevo Correo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar|Eliminar/ })).not.toBeInTheDocument();
  });

  it('shows "Error al cargar correos" when the list fails without a server message', async () => {
    renderTab([
      viewerMock('VIEWER'),
      { request: { query: ADMIN_EMAILS, variables: ALL }, error: new TypeError('Failed to fetch') },
    ]);
    expect(await screen.findByText('Error al cargar correos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
