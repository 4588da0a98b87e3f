import '../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DELETE_VACANCY } from './operations';
import { adminPage, item, viewerMock } from '../../test/vacancy-fixtures';
import { EMPTY_SEARCH, VacancyManagementPage } from './VacancyManagementPage';
import { renderWithProviders, type Mocks } from '../../test/render';

const BY_DATE = { field: 'PUBLISHED_AT', direction: 'DESC' };
const vars = (over: Record<string, unknown> = {}) => ({ filter: {}, sort: BY_DATE, page: 1, pageSize: 10, ...over });

const ROWS = [
  item('1', { name: 'Enfermera profesional', createdBy: 'Ana', updatedBy: 'Luis' }),
  item('2', { name: 'Médico general', active: false, createdBy: 'Marta', updatedBy: null }),
];

function renderPage(mocks: Mocks) {
  return renderWithProviders(<VacancyManagementPage />, { mocks, route: '/panel/plazas' });
}

describe('Gestión de Vacantes (/panel/plazas)', () => {
  it('lists the vacancies with their columns and sorts by clicking a header (ASC, then DESC)', async () => {
    const user = userEvent.setup();
    renderPage([
      viewerMock('ADMIN'),
      adminPage(vars(), ROWS),
      adminPage(vars({ sort: { field: 'NAME', direction: 'ASC' } }), ROWS),
      adminPage(vars({ sort: { field: 'NAME', direction: 'DESC' } }), [...ROWS].reverse()),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Gestión de Vacantes' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Nombre', 'Sede', 'Fecha Pub.', 'Creada Por', 'Editado Por', 'Estado', 'Acciones']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('07/03/2025')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Ana')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('INACTIVA')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Fecha Pub\./ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Nombre' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Nombre/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    expect(screen.getByRole('columnheader', { name: /Fecha Pub\./ })).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: 'Nombre' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Nombre/ })).toHaveAttribute('aria-sort', 'descending'),
    );
    await waitFor(() => {
      const first = within(screen.getByRole('table')).getAllByRole('row')[1]!;
      expect(within(first).getByText('Médico general')).toBeInTheDocument();
    });
  });

  it('changes the page size (10 by default) and pages through the server', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 10 }, (_, i) => item(`v${i + 1}`));
    renderPage([
      viewerMock('VIEWER'),
      adminPage(vars(), many, { totalCount: 27 }),
      adminPage(vars({ page: 3 }), many.slice(0, 7), { totalCount: 27 }),
      adminPage(vars({ pageSize: 25 }), many, { totalCount: 27 }),
    ]);
    expect(await screen.findByText('Mostrando 1-10 de 27 vacantes')).toBeInTheDocument();
    expect(screen.getByLabelText('Filas por página')).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Mostrando 21-27 de 27 vacantes')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filas por página'), '25');
    expect(await screen.findByText('Mostrando 1-25 de 27 vacantes')).toBeInTheDocument();
  });

  it('searches after a pause and shows the empty state', async () => {
    const user = userEvent.setup();
    renderPage([
      viewerMock('VIEWER'),
      adminPage(vars(), ROWS),
      adminPage(vars({ filter: { search: 'cirujano' } }), []),
    ]);
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'cirujano');
    expect(await screen.findByText(EMPTY_SEARCH)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a Visualizador can only view: no "Nueva Vacante", edit or delete', async () => {
    renderPage([viewerMock('VIEWER'), adminPage(vars(), ROWS)]);
    await screen.findByRole('table');
    expect(await screen.findByRole('button', { name: 'Ver Enfermera profesional' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nueva Vacante' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Editar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();
  });

  it('a Gestor creates and edits but does not delete', async () => {
    renderPage([viewerMock('MANAGER'), adminPage(vars(), ROWS)]);
    expect(await screen.findByRole('link', { name: 'Nueva Vacante' })).toHaveAttribute(
      'href',
      '/panel/plazas/crear-vacante',
    );
    expect(await screen.findByRole('button', { name: 'Editar Médico general' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();
  });

  it('an Administrador deletes after confirming and learns how many applications went with it', async () => {
    const user = userEvent.setup();
    renderPage([
      viewerMock('ADMIN'),
      adminPage(vars(), ROWS),
      {
        request: { query: DELETE_VACANCY, variables: { id: '2' } },
        result: {
          data: {
            deleteVacancy: { __typename: 'DeleteVacancyPayload', ok: true, deletedApplications: 3, error: null },
          },
        },
      },
      adminPage(vars(), ROWS.slice(0, 1)),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Médico general' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar vacante?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText('Vacante eliminada correctamente. Se eliminaron 3 postulaciones.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Médico general')).not.toBeInTheDocument());
  });

  it.each([
    [{ __typename: 'NotFound', message: 'x' }, 'La vacante no existe o ya fue eliminada.'],
    [
      { __typename: 'OperationFailed', message: 'x', status: 500, detail: null },
      'Error interno del servidor. Contacte al administrador.',
    ],
  ])('explains a refused deletion (%o)', async (error, text) => {
    const user = userEvent.setup();
    renderPage([
      viewerMock('ADMIN'),
      adminPage(vars(), ROWS),
      {
        request: { query: DELETE_VACANCY, variables: { id: '1' } },
        result: {
          data: { deleteVacancy: { __typename: 'DeleteVacancyPayload', ok: false, deletedApplications: 0, error } },
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Enfermera profesional' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('a network failure while deleting asks to check the connection', async () => {
    const user = userEvent.setup();
    renderPage([
      viewerMock('ADMIN'),
      adminPage(vars(), ROWS),
      { request: { query: DELETE_VACANCY, variables: { id: '1' } }, error: new TypeError('Failed to fetch') },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Enfermera profesional' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText('Error de conexión. Verifique su conexión a internet e intente nuevamente.'),
    ).toBeInTheDocument();
  });

  it('shows the load failure with Reintentar', async () => {
    renderPage([viewerMock('VIEWER'), { request: adminPage(vars(), []).request, error: new Error('caído') }]);
    expect(
      await screen.findByText('No se pudieron cargar los datos. Intente nuevamente más tarde.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
