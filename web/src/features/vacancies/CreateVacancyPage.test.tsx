import '../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateVacancyPage } from './CreateVacancyPage';
import { DRAFT_KEY } from './draft';
import { CREATE_VACANCY, VACANCY_NAME_CHECK } from './operations';
import { departmentsMock, inDays } from '../../test/vacancy-fixtures';
import { EMPTY_VACANCY, type VacancyFormValues } from './vacancy-form';
import { branchesMock } from '../../test/fixtures';
import { FakeXhr } from '../../test/fake-xhr';
import { renderWithProviders, type Mocks } from '../../test/render';

const COMPLETE: VacancyFormValues = {
  ...EMPTY_VACANCY,
  name: 'Enfermera profesional',
  branchId: '1',
  departmentId: '01',
  placeMode: 'texto',
  placeText: 'Clínica zona 1',
  description: 'Atención de pacientes en consulta externa.',
  endsAt: inDays(20),
  requirements: ['Título de enfermería'],
  benefits: ['Prestaciones de ley'],
};

const INPUT = {
  name: 'Enfermera profesional',
  branchId: '1',
  description: 'Atención de pacientes en consulta externa.',
  endsAt: COMPLETE.endsAt,
  active: true,
  departmentId: '01',
  municipalityId: null,
  placeText: 'Clínica zona 1',
  requirements: ['Título de enfermería'],
  benefits: ['Prestaciones de ley'],
};

const BASE: Mocks = [branchesMock, departmentsMock];

function renderCreate(mocks: Mocks = []) {
  return renderWithProviders(<CreateVacancyPage />, {
    mocks: [...BASE, ...mocks],
    route: '/panel/plazas/crear-vacante',
  });
}

async function expectBanner(title: string, message: string) {
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText(title)).toBeInTheDocument();
  expect(within(alert).getByText(message)).toBeInTheDocument();
}

async function chooseImage(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Imagen/ }));
  const input = screen.getByLabelText('Seleccionar imagen de la vacante');
  await user.upload(input, new File(['\x89PNG'], 'foto.png', { type: 'image/png' }));
}

beforeEach(() => {
  localStorage.clear();
  FakeXhr.sent = 0;
  FakeXhr.urls = [];
  FakeXhr.answer = { status: 201, body: { id: 'up-1', name: 'foto.png', size: 4, type: 'image/png' } };
  FakeXhr.answer = { status: 201, body: { id: 'up-1', name: 'foto.png', size: 4, type: 'image/png' } };
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

// Many clicks per test: slow on a busy machine.
describe('Crear Vacante', { timeout: 30_000 }, () => {
  it('has the tabs, the three steps, today as creation date and Activa by default', async () => {
    renderCreate();
    expect(screen.getByRole('tab', { name: 'Crear Vacante' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Vista Previa' })).toBeInTheDocument();
    for (const s of ['Información General', 'Requisitos y Beneficios', 'Imagen'])
      expect(screen.getByText(s)).toBeInTheDocument();
    expect(screen.getByLabelText('Fecha de creación')).toHaveAttribute('readonly');
    expect(screen.getByRole('switch', { name: 'Estado: Activa' })).toBeChecked();
  });

  it("checks the fields in the spec's order, with its titles and messages", async () => {
    const user = userEvent.setup();
    renderCreate();
    const preview = () => user.click(screen.getByRole('button', { name: 'Ver Previo' }));

    await preview();
    await expectBanner('Campo Obligado', 'Debe de ingresar un nombre de vacante');
    await user.type(screen.getByLabelText(/Nombre de la vacante/), 'Enfermera');

    await preview();
    await expectBanner('Campo Obligado', 'Debe de seleccionar una sede');
    await user.selectOptions(await screen.findByLabelText(/^Sede/), '1');

    await preview();
    await expectBanner('Campo Obligado', 'Debe seleccionar una ubicación');
    await user.click(screen.getByRole('radio', { name: 'Otro lugar (texto libre)' }));
    await user.type(screen.getByLabelText('Lugar'), 'Clínica zona 1');

    await preview();
    await expectBanner('Campo Obligado', 'Debe seleccionar un departamento para la vacante');
    await user.selectOptions(await screen.findByLabelText(/^Departamento/), '01');

    await preview();
    await expectBanner('Campo Obligado', 'Debe de seleccionar una fecha de finalización');
  });

  it.each([
    [{ endsAt: inDays(0) }, 'Fecha Inválida', 'La fecha de finalización debe ser posterior a hoy'],
    [{ description: '  ' }, 'Campo Obligado', 'Debe de ingresar una descripción de la vacante'],
    [{ requirements: [] }, 'Campo Obligado', 'Debe de ingresar al menos un requisito'],
    [{ benefits: [] }, 'Campo Obligado', 'Debe de ingresar al menos un beneficio'],
    [{}, 'Campo Obligado', 'Debe de seleccionar una imagen'],
  ])('then %o → %s: %s', async (over, title, message) => {
    const user = userEvent.setup();
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...COMPLETE, ...over }));
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Ver Previo' }));
    await expectBanner(title, message);
  });

  it('hides the message banner after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderCreate();
      await user.click(screen.getByRole('button', { name: 'Ver Previo' }));
      expect(await screen.findByRole('alert')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(3100);
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('adds requirements with Enter or "Agregar", ignoring blank ones, and removes them', async () => {
    const user = userEvent.setup();
    renderCreate();
    // Straight to the second step by its header ('Siguiente' would first ask for step 1's fields).
    await user.click(screen.getByRole('button', { name: /Requisitos y Beneficios/ }));
    const input = screen.getByLabelText('Requisitos');
    await user.type(input, 'Título de enfermería{Enter}');
    await user.type(input, '   {Enter}');
    await user.type(input, 'Colegiado activo');
    await user.click(screen.getByRole('button', { name: 'Agregar requisito' }));
    expect(screen.getByText('Título de enfermería')).toBeInTheDocument();
    expect(screen.getByText('Colegiado activo')).toBeInTheDocument();
    expect(screen.getByText('2 agregado(s).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar requisito: Título de enfermería' }));
    expect(screen.queryByText('Título de enfermería')).not.toBeInTheDocument();
    // The draft follows every change.
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!).requirements).toEqual(['Colegiado activo']);
  });

  it('restores the draft from localStorage (all but the image) and clears it on Cancelar', async () => {
    const user = userEvent.setup();
    localStorage.setItem(DRAFT_KEY, JSON.stringify(COMPLETE));
    renderCreate();
    expect(screen.getByText(/Se recuperó el borrador/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Nombre de la vacante/)).toHaveValue('Enfermera profesional');
    expect(screen.getByLabelText('Lugar')).toHaveValue('Clínica zona 1');
    expect(screen.getByLabelText(/Descripción/)).toHaveValue('Atención de pacientes en consulta externa.');
    await waitFor(() => expect(screen.getByLabelText(/^Sede/)).toHaveValue('1'));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('"Siguiente" stays on an empty first step, says what is missing and does not mark it complete', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Campo Obligado')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nombre de la vacante/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Requisitos')).not.toBeInTheDocument();
    const first = screen.getByRole('button', { name: /Información General/ });
    expect(first).not.toHaveAttribute('data-completed');
  });

  it('"Siguiente" moves on once the first step is complete', async () => {
    const user = userEvent.setup();
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...COMPLETE, requirements: [], benefits: [] }));
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByLabelText('Requisitos')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('"Siguiente" checks only the fields of the step it leaves', async () => {
    const user = userEvent.setup();
    renderCreate();
    // Step 1 is empty; the header jumps to step 2 without checking it.
    await user.click(screen.getByRole('button', { name: /Requisitos y Beneficios/ }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await expectBanner('Campo Obligado', 'Debe de ingresar al menos un requisito');
    expect(screen.queryByText('Debe de ingresar un nombre de vacante')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Requisitos'), 'Colegiado activo{Enter}');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await expectBanner('Campo Obligado', 'Debe de ingresar al menos un beneficio');
    await user.type(screen.getByLabelText('Beneficios (Ofrecemos)'), 'Prestaciones de ley{Enter}');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByLabelText('Seleccionar imagen de la vacante')).toBeInTheDocument();
  });

  it('splits messy bracketed or quoted requirement lists in the preview, like the public detail', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        ...COMPLETE,
        requirements: ['["Título de enfermería", "Colegiado activo"]'],
        benefits: ["{'IGSS', 'Bono 14'}"],
      }),
    );
    renderCreate();
    await chooseImage(user);
    await waitFor(() => expect(FakeXhr.sent).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Ver Previo' }));
    const panel = screen.getByRole('tabpanel');
    for (const item of ['Título de enfermería', 'Colegiado activo', 'IGSS', 'Bono 14'])
      expect(within(panel).getByText(item)).toBeInTheDocument();
    expect(within(panel).queryByText(/\[|\{/)).not.toBeInTheDocument();
  });

  it('refuses a non-image file with "Archivo no válido"', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderCreate();
    await user.click(screen.getByText('Imagen'));
    await user.upload(
      screen.getByLabelText('Seleccionar imagen de la vacante'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    await expectBanner('Archivo no válido', 'Solo se permiten archivos JPG, PNG o GIF');
    expect(FakeXhr.sent).toBe(0);
  });

  it('names only what it takes (JPG, PNG o GIF) and refuses a WebP at once, in the spec words', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderCreate();
    await user.click(screen.getByText('Imagen'));
    expect(screen.getByText('JPG, PNG o GIF, máximo 5MB.')).toBeInTheDocument();
    expect(screen.queryByText(/WebP|[Cc]ualquier/)).not.toBeInTheDocument();
    const input = screen.getByLabelText('Seleccionar imagen de la vacante');
    expect(input).toHaveAttribute('accept', expect.not.stringContaining('webp'));
    await user.upload(input, new File(['RIFF....WEBP'], 'foto.webp', { type: 'image/webp' }));
    await expectBanner('Archivo no válido', 'Solo se permiten archivos JPG, PNG o GIF');
    expect(FakeXhr.sent).toBe(0);
  });

  it('sends a PNG for the create step and refuses more than 5 MB', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderCreate();
    await user.click(screen.getByText('Imagen'));
    const input = screen.getByLabelText('Seleccionar imagen de la vacante');
    await user.upload(input, new File(['\x89PNG'], 'foto.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeXhr.sent).toBe(1));
    expect(FakeXhr.urls.at(-1)).toBe('/uploads?kind=vacancy-image');

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.png', { type: 'image/png' });
    await user.upload(input, big);
    await expectBanner('Archivo muy grande', 'El archivo no debe superar los 5MB');
    expect(FakeXhr.sent).toBe(1);
  });

  it('shows a read-only preview like the public detail, and saves after confirming a duplicate name', async () => {
    const user = userEvent.setup();
    localStorage.setItem(DRAFT_KEY, JSON.stringify(COMPLETE));
    renderCreate([
      {
        request: { query: VACANCY_NAME_CHECK, variables: { name: 'Enfermera profesional', branchId: '1' } },
        result: { data: { vacancyNameCheck: { __typename: 'VacancyNameCheck', exists: true, activeCount: 1 } } },
      },
      {
        request: { query: CREATE_VACANCY, variables: { input: INPUT, imageUploadId: 'up-1' } },
        result: {
          data: {
            createVacancy: {
              __typename: 'VacancyPayload',
              vacancy: { __typename: 'Vacancy', id: '77', name: 'Enfermera profesional' },
              error: null,
            },
          },
        },
      },
    ]);
    await chooseImage(user);
    expect(await screen.findByAltText('Vista previa de la imagen de la vacante')).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.sent).toBe(1));

    await user.click(screen.getByRole('button', { name: 'Ver Previo' }));
    expect(screen.getByRole('tab', { name: 'Vista Previa' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Enfermera profesional' })).toBeInTheDocument();
    expect(within(panel).getByText('Clínica zona 1')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Ofrecemos' })).toBeInTheDocument();
    expect(within(panel).getByText('Prestaciones de ley')).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Volver al formulario' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Guardar Plaza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plaza duplicada' });
    expect(within(dialog).getByText(/¿Deseas crearla de todos modos\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Crear de todos modos' }));

    expect(await screen.findByText('Plaza creada')).toBeInTheDocument();
    expect(screen.getByText('La plaza ha sido registrada exitosamente')).toBeInTheDocument();
    // A clean create screen, and no draft left.
    await waitFor(() => expect(screen.getByLabelText(/Nombre de la vacante/)).toHaveValue(''));
    expect(screen.getByRole('tab', { name: 'Crear Vacante' })).toHaveAttribute('aria-selected', 'true');
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null')?.name ?? '').toBe('');
  });

  it('goes on with a notice "Aviso" when the duplicate check fails, and shows a server refusal', async () => {
    const user = userEvent.setup();
    localStorage.setItem(DRAFT_KEY, JSON.stringify(COMPLETE));
    renderCreate([
      {
        request: { query: VACANCY_NAME_CHECK, variables: { name: 'Enfermera profesional', branchId: '1' } },
        error: new Error('caído'),
      },
      {
        request: { query: CREATE_VACANCY, variables: { input: INPUT, imageUploadId: 'up-1' } },
        result: {
          data: {
            createVacancy: {
              __typename: 'VacancyPayload',
              vacancy: null,
              error: { __typename: 'OperationFailed', message: 'La sede no existe.', status: 400, detail: null },
            },
          },
        },
      },
    ]);
    await chooseImage(user);
    await user.click(screen.getByRole('button', { name: 'Ver Previo' }));
    await user.click(screen.getByRole('button', { name: 'Guardar Plaza' }));
    expect(await screen.findByText('Aviso')).toBeInTheDocument();
    expect(await screen.findByText('La sede no existe.')).toBeInTheDocument();
    // The draft stays until the vacancy is saved.
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
  });
});
