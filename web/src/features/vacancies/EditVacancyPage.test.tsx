import '../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditVacancyPage } from './EditVacancyPage';
import { MUNICIPALITIES } from '../../lib/catalogue';
import { ADMIN_VACANCY, UPDATE_VACANCY } from './operations';
import { DEPARTMENT_LIST, departmentsMock, full, inDays } from '../../test/vacancy-fixtures';
import { VacancyViewPage } from './VacancyViewPage';
import { branchesMock } from '../../test/fixtures';
import { FakeXhr } from '../../test/fake-xhr';
import { renderWithProviders, type Mocks } from '../../test/render';

function Where() {
  return <p data-testid="donde">{useLocation().pathname}</p>;
}

function renderAt(route: string, mocks: Mocks) {
  // StrictMode as in main.tsx: effects run twice in development, and must not show things twice.
  return renderWithProviders(
    <StrictMode>
      <Routes>
        <Route path="/panel/plazas" element={<Where />} />
        <Route path="/panel/plazas/editar-vacante" element={<EditVacancyPage />} />
        <Route path="/panel/plazas/vista-vacante" element={<VacancyViewPage />} />
      </Routes>
    </StrictMode>,
    { mocks: [branchesMock, departmentsMock, municipalitiesMock, ...mocks], route },
  );
}

const municipalitiesMock: Mocks[number] = {
  request: { query: MUNICIPALITIES, variables: { departmentId: '01' } },
  result: {
    data: {
      municipalities: [
        { __typename: 'Municipality', id: '0101', name: 'Guatemala', department: DEPARTMENT_LIST[0] },
        { __typename: 'Municipality', id: '0108', name: 'Mixco', department: DEPARTMENT_LIST[0] },
      ],
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const vacancyMock = (v: ReturnType<typeof full> | null, id = '5'): Mocks[number] => ({
  request: { query: ADMIN_VACANCY, variables: { id } },
  result: { data: { adminVacancy: v } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

beforeEach(() => {
  FakeXhr.sent = 0;
  FakeXhr.urls = [];
  FakeXhr.answer = { status: 201, body: { id: 'up-1', name: 'foto.png', size: 4, type: 'image/png' } };
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

// Many clicks per test (and one waits past a banner's 3 s): slow on a busy machine.
describe('Editar Vacante', { timeout: 30_000 }, () => {
  it('without an id goes back to the list with "No se encontró información de la vacante", once', async () => {
    renderAt('/panel/plazas/editar-vacante', []);
    expect(await screen.findByTestId('donde')).toHaveTextContent('/panel/plazas');
    expect(await screen.findByText('No se encontró información de la vacante')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('Aviso')).toHaveLength(1);
  });

  it('takes a WebP, sent for the edit tab (which the BFF lets take WebP), and its hint names it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/panel/plazas/editar-vacante?id=5', [vacancyMock(full('5'))]);
    await user.click(await screen.findByRole('tab', { name: 'Imagen' }));
    const panel = screen.getByRole('tabpanel', { name: 'Imagen' });
    expect(within(panel).getByText('JPG, PNG, GIF o WebP, máximo 5MB.')).toBeInTheDocument();
    const input = screen.getByLabelText('Seleccionar imagen de la vacante');
    await user.upload(input, new File(['RIFF....WEBP'], 'foto.webp', { type: 'image/webp' }));
    await waitFor(() => expect(FakeXhr.sent).toBe(1));
    expect(FakeXhr.urls.at(-1)).toBe('/uploads?kind=vacancy-image-edit');
    expect(within(panel).queryByText(/Solo se permiten/)).not.toBeInTheDocument();
  });

  it('refuses a 5.9 MB image next to the field, in the spec words, and the message stays', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/panel/plazas/editar-vacante?id=5', [vacancyMock(full('5'))]);
    await user.click(await screen.findByRole('tab', { name: 'Imagen' }));
    const panel = screen.getByRole('tabpanel', { name: 'Imagen' });
    const input = screen.getByLabelText('Seleccionar imagen de la vacante');
    // A refusal of the server first: the size refusal replaces it rather than sitting under it.
    FakeXhr.answer = { status: 415, body: { title: 'Archivo no válido', message: 'Solo se permiten archivos JPG' } };
    await user.upload(input, new File(['x'], 'foto.jpg', { type: 'image/jpeg' }));
    expect(await within(panel).findByText(/Solo se permiten archivos JPG/)).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array(5.9 * 1024 * 1024)], 'grande.jpg', { type: 'image/jpeg' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Archivo muy grande');
    expect(alert).toHaveTextContent('El archivo no debe superar los 5MB');
    expect(within(panel).queryByText(/Solo se permiten/)).not.toBeInTheDocument();
    expect(FakeXhr.sent).toBe(1);
    // Longer than a form banner lives (3 s): the refusal is not gone before it is read.
    await new Promise((r) => setTimeout(r, 3_300));
    expect(within(panel).getByRole('alert')).toHaveTextContent('El archivo no debe superar los 5MB');
  });

  it('says the server could not be reached, in Spanish, when saving gets no answer', async () => {
    const user = userEvent.setup();
    const v = full('5', { name: 'Enfermera' });
    renderAt('/panel/plazas/editar-vacante?id=5', [
      vacancyMock(v),
      {
        request: { query: UPDATE_VACANCY, variables: () => true },
        error: new TypeError('Failed to fetch'),
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Guardar Cambios' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Confirmar cambios?' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo contactar al servidor. Intenta nuevamente.');
    expect(alert).not.toHaveTextContent('Failed to fetch');
  });

  it('with an unknown id does the same', async () => {
    renderAt('/panel/plazas/editar-vacante?id=5', [vacancyMock(null)]);
    expect(await screen.findByTestId('donde')).toHaveTextContent('/panel/plazas');
    expect(await screen.findByText('No se encontró información de la vacante')).toBeInTheDocument();
  });

  it('loads the vacancy in three tabs with the publication date read-only', async () => {
    const user = userEvent.setup();
    renderAt('/panel/plazas/editar-vacante?id=5', [vacancyMock(full('5', { name: 'Enfermera profesional' }))]);
    expect(await screen.findByLabelText(/Nombre de la vacante/)).toHaveValue('Enfermera profesional');
    expect(screen.getByRole('heading', { level: 1, name: 'Editar Vacante' })).toBeInTheDocument();
    for (const t of ['Información General', 'Requisitos y Beneficios', 'Imagen'])
      expect(screen.getByRole('tab', { name: t })).toBeInTheDocument();
    for (const b of ['Anterior', 'Siguiente', 'Cancelar', 'Guardar Cambios'])
      expect(screen.getByRole('button', { name: b })).toBeInTheDocument();
    const published = screen.getByLabelText('Fecha de publicación');
    expect(published).toHaveValue('07/03/2025');
    expect(published).toHaveAttribute('readonly');
    expect(screen.getByText('Para la plaza, la fecha debe ser posterior a hoy')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('tab', { name: 'Requisitos y Beneficios' })).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByLabelText('Requisitos'), 'Colegiado activo{Enter}');
    expect(screen.getByText('Colegiado activo')).toBeInTheDocument();
    expect(screen.getByText('Título de enfermería')).toBeInTheDocument();
  });

  it('refuses to reactivate a vacancy whose end date has passed', async () => {
    const user = userEvent.setup();
    renderAt('/panel/plazas/editar-vacante?id=5', [vacancyMock(full('5', { active: false, endsAt: inDays(-3) }))]);
    const toggle = await screen.findByRole('switch', { name: 'Estado: Inactiva' });
    await user.click(toggle);
    expect(
      await screen.findAllByText('Para reactivar la plaza, debe extender la fecha de finalización a una fecha futura.'),
    ).not.toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'Estado: Inactiva' })).not.toBeChecked();
  });

  it('asks for a future end date before saving an active vacancy', async () => {
    const user = userEvent.setup();
    renderAt('/panel/plazas/editar-vacante?id=5', [vacancyMock(full('5', { endsAt: inDays(0) }))]);
    await user.click(await screen.findByRole('button', { name: 'Guardar Cambios' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Para activar la plaza, la fecha de finalización debe ser posterior a hoy.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names the requirement over 300 characters that old data brought, on saving', async () => {
    const user = userEvent.setup();
    const long = `Experiencia comprobable en atención primaria ${'y más '.repeat(100)}`.trim();
    renderAt('/panel/plazas/editar-vacante?id=5', [
      vacancyMock(full('5', { requirements: ['Título de enfermería', long] })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Guardar Cambios' }));
    const message = `El requisito 2 («Experiencia comprobable en atención…») tiene ${long.length} caracteres. Cada elemento puede tener como máximo 300 caracteres.`;
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Campo Obligado')).toBeInTheDocument();
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('requires name and branch, then a department', async () => {
    const user = userEvent.setup();
    renderAt('/panel/plazas/editar-vacante?id=5', [vacancyMock(full('5'))]);
    await user.clear(await screen.findByLabelText(/Nombre de la vacante/));
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(
      within(await screen.findByRole('alert')).getByText('Por favor complete los campos obligatorios'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Nombre de la vacante/), 'Enfermera');
    await user.selectOptions(screen.getByLabelText(/^Departamento/), '');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() =>
      expect(within(screen.getByRole('alert')).getByText('Por favor seleccione un departamento.')).toBeInTheDocument(),
    );
  });

  it('confirms "¿Confirmar cambios?", saves and returns to the list with "¡Actualización exitosa!"', async () => {
    const user = userEvent.setup();
    const v = full('5', { name: 'Enfermera' });
    renderAt('/panel/plazas/editar-vacante?id=5', [
      vacancyMock(v),
      {
        request: {
          query: UPDATE_VACANCY,
          variables: {
            id: '5',
            input: {
              name: 'Enfermera jefe',
              branchId: '1',
              description: 'Atención de pacientes.',
              endsAt: v.endsAt,
              active: true,
              departmentId: '01',
              municipalityId: '0108',
              placeText: null,
              requirements: ['Título de enfermería'],
              benefits: ['Prestaciones de ley'],
            },
            imageUploadId: null,
          },
        },
        result: {
          data: {
            updateVacancy: {
              __typename: 'VacancyPayload',
              vacancy: {
                ...v,
                name: 'Enfermera jefe',
                cardImageUrl: null,
                updatedBy: 'Gestor',
              },
              error: null,
            },
          },
        },
      },
    ]);
    await user.type(await screen.findByLabelText(/Nombre de la vacante/), ' jefe');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Confirmar cambios?' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('¡Actualización exitosa!')).toBeInTheDocument();
    expect(await screen.findByTestId('donde')).toHaveTextContent('/panel/plazas');
  });
});

describe('Detalles del empleo (staff view)', () => {
  it('shows the vacancy like the public detail and closes back to the list', async () => {
    const user = userEvent.setup();
    renderAt('/panel/plazas/vista-vacante?id=5', [
      vacancyMock(full('5', { name: 'Psicóloga clínica', requirements: [], benefits: ['Seguro médico'] })),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Detalles del empleo' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Psicóloga clínica' })).toBeInTheDocument();
    expect(screen.getByText('Mixco, Guatemala')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ofrecemos' })).toBeInTheDocument();
    expect(screen.getByText('Seguro médico')).toBeInTheDocument();
    // No requirements: the spec's defaults.
    expect(screen.getByText('Estudios de diversificado')).toBeInTheDocument();
    expect(screen.getByText('07/03/2025')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ampliar imagen de la vacante' }));
    expect(await screen.findByRole('dialog', { name: 'Psicóloga clínica' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cerrar imagen' }));
    await user.click(screen.getByRole('button', { name: 'Cerrar detalles del empleo' }));
    expect(await screen.findByTestId('donde')).toHaveTextContent('/panel/plazas');
  });
});
