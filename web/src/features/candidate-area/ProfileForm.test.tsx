import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileInput } from '../../gql/graphql';
import { FakeXhr } from '../../test/fake-xhr';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import { UPDATE_MY_PROFILE } from './operations';
import { ProfileForm } from './ProfileForm';
import { completeProfile, newProfile } from './test-fixtures';

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.sent = 0;
  FakeXhr.answer = { status: 201, body: { id: 'up-1', name: 'x', size: 4, type: 'application/pdf' } };
});
afterEach(() => vi.unstubAllGlobals());

function updateMock(payload: Record<string, unknown>, seen: { input?: ProfileInput } = {}): Mocks[number] {
  return {
    request: {
      query: UPDATE_MY_PROFILE,
      variables: (v: Record<string, unknown>) => {
        seen.input = v.input as ProfileInput;
        return true;
      },
    },
    result: { data: { updateMyProfile: { __typename: 'ProfilePayload', profile: null, error: null, ...payload } } },
  };
}

function render(profile = newProfile(), mocks: Mocks = [], onSaved = vi.fn()) {
  renderWithProviders(<ProfileForm profile={profile} onCancel={vi.fn()} onSaved={onSaved} />, {
    mocks,
    route: '/perfil',
    viewer: viewer('CANDIDATE'),
  });
  return { onSaved };
}

describe('the profile form', () => {
  it('refuses bad input with the messages of spec 1 §5.3', async () => {
    const user = userEvent.setup();
    render();
    expect(screen.getAllByRole('group', { name: /^Experiencia \d/ })).toHaveLength(3);
    const phone = () => screen.getByLabelText(/^Teléfono/, { selector: '#perfil-phone' });
    // Only digits, at most 8: a ninth digit is not taken.
    await user.type(phone(), '5555-12345');
    expect(phone()).toHaveValue('55551234');
    await user.clear(phone());
    await user.type(phone(), '5555123');
    await user.type(screen.getByLabelText(/^Dirección completa/), 'zona 1 Cb');
    await user.type(screen.getByLabelText(/^Fecha de nacimiento/), '1990-05-01');
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));

    const [first, second] = screen.getAllByRole('group', { name: /^Experiencia \d/ }) as [HTMLElement, HTMLElement];
    await user.type(within(first).getByLabelText('Empresa'), 'Clínica Cobán');
    await user.type(within(first).getByLabelText('Desde'), '2018-01-01');
    await user.type(within(first).getByLabelText('Hasta'), '2020-12-31');
    await user.type(within(second).getByLabelText('Empresa'), 'Hospital');
    await user.type(within(second).getByLabelText('Desde'), '2020-06-01');
    await user.type(within(second).getByLabelText('Hasta'), '2021-06-01');
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));

    expect(await screen.findByText('El teléfono debe tener exactamente 8 dígitos')).toBeInTheDocument();
    expect(screen.getByText('La dirección debe tener al menos 10 caracteres')).toBeInTheDocument();
    // The first failing section is the photo's: its dropzone gets the focus, the toast says why.
    expect(screen.getAllByText('Formulario incompleto').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fotografía: elegir archivo' })).toHaveFocus());
    expect(await screen.findAllByText('La fotografía es obligatoria.')).not.toHaveLength(0);
    expect(screen.getByText('Las fechas de Clínica Cobán y Hospital se traslapan.')).toBeInTheDocument();
    expect(screen.getByText('Completa todos los campos en la experiencia 1.')).toBeInTheDocument();
    expect(screen.getByText('Agrega al menos una referencia personal con teléfono de 8 dígitos.')).toBeInTheDocument();
    expect(
      screen.getByText('Faltan archivos: Currículum, DPI escaneado, Antecedentes policiales, Antecedentes penales'),
    ).toBeInTheDocument();
    expect(screen.queryByText('¿Guardar cambios del perfil?')).toBeNull();
  });

  it('clears each error as soon as its field is fixed, without saving again (issue 20)', async () => {
    const user = userEvent.setup();
    render();
    const phone = () => screen.getByLabelText(/^Teléfono/, { selector: '#perfil-phone' });
    await user.type(phone(), '5555123');
    await user.type(screen.getByLabelText(/^Dirección completa/), 'zona 1 Cb');
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    expect(await screen.findByText('El teléfono debe tener exactamente 8 dígitos')).toBeInTheDocument();
    expect(screen.getByText('La dirección debe tener al menos 10 caracteres')).toBeInTheDocument();

    await user.type(phone(), '4');
    await waitFor(() => expect(screen.queryByText('El teléfono debe tener exactamente 8 dígitos')).toBeNull());
    expect(phone()).not.toHaveAttribute('aria-invalid', 'true');
    // Still wrong: still said.
    expect(screen.getByText('La dirección debe tener al menos 10 caracteres')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Dirección completa/), ', Cobán');
    await waitFor(() => expect(screen.queryByText('La dirección debe tener al menos 10 caracteres')).toBeNull());
    // Errors of a whole list go once the list is right: the personal reference, the experiences.
    expect(screen.getByText('Agrega al menos una referencia personal con teléfono de 8 dígitos.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nombre (referencia personal 1)'), 'Rosa Xol');
    await user.type(screen.getByLabelText('Teléfono (referencia personal 1)'), '41112222');
    await waitFor(() =>
      expect(screen.queryByText('Agrega al menos una referencia personal con teléfono de 8 dígitos.')).toBeNull(),
    );
    expect(screen.getByText('Debes ingresar al menos 2 experiencias completas.')).toBeInTheDocument();
    const rows = screen.getAllByRole('group', { name: /^Experiencia \d/ });
    for (const [i, [company, from, to]] of [
      ['Clínica Cobán', '2016-01-01', '2019-06-30'],
      ['Hospital Regional', '2019-07-01', '2023-12-31'],
    ].entries()) {
      const row = within(rows[i]!);
      await user.type(row.getByLabelText('Empresa'), company!);
      await user.type(row.getByLabelText('Puesto'), 'Enfermera');
      await user.type(row.getByLabelText('Desde'), from!);
      await user.type(row.getByLabelText('Hasta'), to!);
      await user.type(row.getByLabelText('Descripción'), 'Atención a pacientes.');
    }
    await waitFor(() => expect(screen.queryByText('Debes ingresar al menos 2 experiencias completas.')).toBeNull());
    // What is still missing is still said.
    expect(screen.getAllByText('La fotografía es obligatoria.').length).toBeGreaterThan(0);
  }, 90_000);

  it('refuses a document that is not a PDF', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render();
    await user.upload(
      screen.getByLabelText('Seleccionar Currículum'),
      new File(['hola'], 'cv.docx', {
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    );
    expect(await screen.findByText('Solo se permiten archivos PDF')).toBeInTheDocument();
    expect(FakeXhr.sent).toBe(0);
  });

  it('refuses a 6 MB document and a photo that is not an image, and uploads neither', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render();
    await user.upload(
      screen.getByLabelText('Seleccionar Antecedentes penales'),
      new File([new Uint8Array(6 * 1024 * 1024)], 'penales.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('El archivo no puede ser mayor a 5MB')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Seleccionar Fotografía'),
      new File(['%PDF-1.4'], 'foto.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Solo se permiten imágenes JPG o PNG')).toBeInTheDocument();
    expect(FakeXhr.sent).toBe(0);
  });

  it('counts documents marked for deletion in the confirmation, then saves and says "Perfil actualizado"', async () => {
    const user = userEvent.setup();
    const seen: { input?: ProfileInput } = {};
    const { onSaved } = render(completeProfile(), [updateMock({ profile: completeProfile() }, seen)]);
    await user.click(screen.getByRole('button', { name: 'Eliminar Antecedentes penales' }));
    expect(screen.getByText('Se eliminará al guardar.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Guardar cambios del perfil?' });
    expect(within(dialog).getByText('Se eliminará 1 documento marcado.')).toBeInTheDocument();
    // Deleting cannot be undone: the dialog starts on 'Cancelar'.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(seen.input?.removeDocuments).toEqual(['CRIMINAL_RECORD']);
    expect(seen.input?.experiences).toHaveLength(2);
    expect(await screen.findByText('Perfil actualizado')).toBeInTheDocument();
  });

  it("shows 'Datos inválidos' with the server's message when the server refuses the data", async () => {
    const user = userEvent.setup();
    const { onSaved } = render(completeProfile(), [
      updateMock({
        error: {
          __typename: 'ValidationFailed',
          title: null,
          message: 'La edad máxima permitida es 65 años',
          fields: [{ __typename: 'FieldError', path: 'birthDate', message: 'La edad máxima permitida es 65 años' }],
        },
      }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Guardar cambios del perfil?' })).getByRole('button', {
        name: 'Guardar',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Datos inválidos' });
    expect(within(dialog).getByText('La edad máxima permitida es 65 años')).toBeInTheDocument();
    expect(document.getElementById('perfil-birthDate')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(document.getElementById('perfil-birthDate')).toHaveFocus());
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends a chosen file again after the server refused the form (it deleted it, issue 22)', async () => {
    const user = userEvent.setup();
    const seen: { input?: ProfileInput } = {};
    const { onSaved } = render(completeProfile(), [
      updateMock({
        error: {
          __typename: 'ValidationFailed',
          title: null,
          message: 'El DPI no coincide con el de tu cuenta.',
          fields: [{ __typename: 'FieldError', path: 'dpi', message: 'El DPI no coincide con el de tu cuenta.' }],
        },
      }),
      updateMock({ profile: completeProfile() }, seen),
    ]);
    await user.upload(
      screen.getByLabelText('Seleccionar Currículum'),
      new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(FakeXhr.sent).toBe(1));
    const save = async () => {
      await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: '¿Guardar cambios del perfil?' })).getByRole('button', {
          name: 'Guardar',
        }),
      );
    };
    await save();
    const dialog = await screen.findByRole('dialog', { name: 'Datos inválidos' });
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(FakeXhr.sent).toBe(1);
    FakeXhr.answer = { status: 201, body: { id: 'up-2', name: 'cv.pdf', size: 4, type: 'application/pdf' } };
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(FakeXhr.sent).toBe(2);
    expect(seen.input?.curriculumUploadId).toBe('up-2');
  });

  it('lets rows beyond the third be removed, not the first three', async () => {
    const user = userEvent.setup();
    render(completeProfile());
    expect(screen.queryByRole('button', { name: /Quitar experiencia/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Agregar experiencia' }));
    expect(screen.getAllByRole('group', { name: /^Experiencia \d/ })).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Quitar experiencia 4' }));
    expect(screen.getAllByRole('group', { name: /^Experiencia \d/ })).toHaveLength(3);
  });

  it('removing a reference moves the ones after it up with what was written in them', async () => {
    const user = userEvent.setup();
    render(newProfile());
    const names = () => screen.getAllByLabelText(/^Nombre \(referencia laboral/, { selector: 'input' });
    await user.type(names()[0]!, 'Ana');
    await user.click(screen.getByRole('button', { name: 'Agregar referencia laboral' }));
    await user.type(names()[1]!, 'Berta');
    await user.click(screen.getByRole('button', { name: 'Agregar referencia laboral' }));
    await user.type(names()[2]!, 'Carla 3');
    await user.click(screen.getByRole('button', { name: 'Quitar referencia laboral 1' }));
    expect(names().map((n) => (n as HTMLInputElement).value)).toEqual(['Berta', 'Carla ']);
  });
});
