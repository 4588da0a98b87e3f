import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ageOn,
  APPLICATION_MESSAGES,
  AUTH_MESSAGES,
  BOARD_VACANCY_MESSAGES,
  FILE_MESSAGES,
  OUTAGE_MESSAGES,
  todayInGuatemala,
} from '@bolsa/domain';
import type { ApplicationInput } from '../../gql/graphql';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import { FakeXhr } from '../../test/fake-xhr';
import { useAnyDialogOpen } from '../../lib/dialog-activity';
import { ApplicationDialog } from './ApplicationDialog';
import { ApplicationModal } from './ApplicationModal';
import { peekDraft } from './draft';
import { APPLICATION_CHECK, APPLICATION_PROFILE, APPLICATION_VACANCY, APPLY } from './operations';

const VALID_CUI = '1234567890101';
const VACANCY = {
  __typename: 'Vacancy' as const,
  id: '7',
  name: 'Enfermera Auxiliar',
  place: 'Cobán, Alta Verapaz',
  active: true,
  endsAt: null,
  branch: { __typename: 'Branch' as const, id: 'b1', name: 'Clínica Cobán' },
};

const vacancyMock: Mocks[number] = {
  request: { query: APPLICATION_VACANCY, variables: { id: '7' } },
  result: { data: { vacancy: VACANCY, today: todayInGuatemala() } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

type Check = { ok: boolean; conflict?: string | null; message?: string | null };
function checkMock(answer: Check | Error, times = Number.POSITIVE_INFINITY): Mocks[number] {
  return {
    request: { query: APPLICATION_CHECK, variables: () => true },
    ...(answer instanceof Error
      ? { error: answer }
      : {
          result: {
            data: {
              applicationCheck: {
                __typename: 'ApplicationCheck',
                conflict: null,
                message: null,
                captcha: null,
                ...answer,
              },
            },
          },
        }),
    maxUsageCount: times,
  };
}

function applyMock(payload: Record<string, unknown> | Error, seen: { input?: ApplicationInput } = {}): Mocks[number] {
  return {
    request: {
      query: APPLY,
      variables: (v: Record<string, unknown>) => {
        seen.input = v.input as ApplicationInput;
        return true;
      },
    },
    ...(payload instanceof Error
      ? { error: payload, delay: 400 }
      : {
          result: {
            data: {
              apply: {
                __typename: 'ApplyPayload',
                applicationId: null,
                message: null,
                mode: 'GUEST',
                error: null,
                ...payload,
              },
            },
          },
        }),
  };
}

/** myProfile as the form's query reads it; null when the candidate has not filled it yet. */
function profileMock(profile: Record<string, unknown> | null = null): Mocks[number] {
  return { request: { query: APPLICATION_PROFILE }, result: { data: { myProfile: profile } } };
}

const file = (id: string, name: string) => ({ __typename: 'CandidateFile' as const, id, name });
const PROFILE = {
  __typename: 'CandidateProfile' as const,
  userId: '41',
  fullName: 'Ana María López',
  email: 'ana.lopez@example.com',
  phone: '55556666',
  dpi: VALID_CUI,
  birthDate: '1995-03-10',
  address: 'Barrio El Centro, Cobán',
  photo: file('f1', 'ana.png'),
  curriculum: file('f2', 'cv-ana.pdf'),
  dpiFile: file('f3', 'dpi-ana.pdf'),
  policeRecord: null,
  criminalRecord: file('f5', 'penales-ana.pdf'),
  experiences: [
    {
      __typename: 'ProfileExperience' as const,
      company: 'Hospital Regional',
      position: 'Auxiliar',
      from: '2020-01-01',
      to: '2022-06-30',
      description: 'Atención a pacientes',
    },
  ],
  personalReferences: [{ __typename: 'ProfileReference' as const, name: 'Marta Coc', phone: '44445555' }],
  workReferences: [{ __typename: 'ProfileReference' as const, name: 'Jorge Tut', phone: '33334444' }],
};

function renderForm(mocks: Mocks = [], who: 'guest' | 'candidate' = 'guest', profile = profileMock()) {
  const onClose = vi.fn();
  const view = renderWithProviders(<ApplicationModal vacancyId="7" onClose={onClose} />, {
    mocks: [vacancyMock, ...(who === 'candidate' ? [profile] : []), ...mocks],
    viewer: who === 'candidate' ? viewer('CANDIDATE') : null,
  });
  return { ...view, onClose };
}

type User = ReturnType<typeof userEvent.setup>;
const SLOW_WAIT = { timeout: 10_000 };
const field = (name: string | RegExp) => screen.getByLabelText(name, { selector: 'input, select, textarea' });
/** The applicant's own phone, not the references' ('Teléfono (referencia personal 1)'). */
const PHONE = /^Teléfono\s*\*?$/;
const section = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}`) });

async function openSection(user: User, title: string) {
  const control = section(title);
  if (control.getAttribute('aria-expanded') !== 'true') await user.click(control);
}

/** Sets a field's value at once (the typing filters have their own tests; this keeps the journeys short). */
function set(target: HTMLElement, value: string) {
  fireEvent.change(target, { target: { value } });
}

async function fillPersonal(_user: User, { email = 'luis@example.com' } = {}) {
  set(field(/^Nombre completo/), 'Luis Pérez');
  set(field(/^CUI\/DPI/), VALID_CUI);
  set(field(PHONE), '55551234');
  set(field(/^Dirección/), 'Zona 1, Cobán');
  set(field(/^Correo electrónico/), email);
  set(field(/^Estado civil/), 'Soltero');
  set(field(/^Edad/), '30');
}

async function choose(user: User, label: string, file: File) {
  await user.upload(screen.getByLabelText(`Seleccionar ${label}`), file);
}

const pdf = (name = 'cv.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const png = () => new File(['\x89PNG'], 'foto.png', { type: 'image/png' });

async function fillRest(user: User, who: 'guest' | 'candidate' = 'guest') {
  // Section by section, as an applicant does: only the open one is on the page.
  await openSection(user, 'Datos personales');
  await choose(user, 'Fotografía', png());
  await waitFor(() => expect(screen.getAllByText(/· listo/)).toHaveLength(1), SLOW_WAIT);
  await openSection(user, 'Educación y Disponibilidad');
  set(field(/^Nivel educativo/), 'Diversificado');
  set(field(/^¿Estudias actualmente\?/), 'no');
  set(field(/^Disponibilidad inmediata/), 'si');
  set(field(/^Pretensión salarial/), '4500');
  set(field(/^¿Pretensión negociable\?/), 'si');
  await openSection(user, 'Experiencia Laboral');
  set(field('Empresa'), 'Hospital Regional');
  set(field('Puesto'), 'Auxiliar');
  set(field('Desde'), '2020-01-01');
  set(field('Hasta'), '2022-06-30');
  set(field('Descripción'), 'Atención a pacientes');
  await openSection(user, 'Referencias');
  set(field('Nombre (referencia personal 1)'), 'Marta Coc');
  set(field('Teléfono (referencia personal 1)'), '44445555');
  set(field('Nombre (referencia laboral 1)'), 'Jorge Tut');
  set(field('Teléfono (referencia laboral 1)'), '33334444');
  await openSection(user, 'Documentos Adjuntos');
  await choose(user, 'Hoja de Vida (PDF)', pdf());
  if (who === 'candidate') {
    await choose(user, 'DPI escaneado (PDF)', pdf('dpi.pdf'));
    await choose(user, 'Antecedentes policiales (PDF)', pdf('policiales.pdf'));
    await choose(user, 'Antecedentes penales (PDF)', pdf('penales.pdf'));
  }
  await waitFor(() => expect(screen.getAllByText(/· listo/).length).toBe(who === 'guest' ? 1 : 4), SLOW_WAIT);
}

const submit = () => screen.getByRole('button', { name: 'Enviar Postulación' });

beforeEach(() => {
  FakeXhr.sent = 0;
  FakeXhr.answer = { status: 201, body: { id: 'up-1', name: 'archivo', size: 4, type: 'application/pdf' } };
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Filling the whole form takes a while on a busy machine.
const SLOW = { timeout: 90_000 };

function DialogCount() {
  return <output aria-label="diálogo abierto">{useAnyDialogOpen() ? 'sí' : 'no'}</output>;
}

describe('Formulario de Postulación: what it shows', SLOW, () => {
  it('counts as an open dialog from the moment it is asked for (the carousel stands still behind it)', async () => {
    const { unmount } = renderWithProviders(
      <>
        <DialogCount />
        <ApplicationDialog vacancyId="7" onClose={() => {}} />
      </>,
      { mocks: [vacancyMock] },
    );
    await waitFor(() => expect(screen.getByRole('status', { name: 'diálogo abierto' })).toHaveTextContent('sí'));
    unmount();
    const after = renderWithProviders(<DialogCount />);
    expect(screen.getByRole('status', { name: 'diálogo abierto' })).toHaveTextContent('no');
    after.unmount();
  });

  it('shows the vacancy, branch and place, the guest invitation, the five sections and the buttons', async () => {
    renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'Formulario de Postulación' });
    expect(await within(dialog).findByText('Enfermera Auxiliar')).toBeInTheDocument();
    expect(within(dialog).getByText('Clínica Cobán · Cobán, Alta Verapaz')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'inicia sesión' })).toBeInTheDocument();
    for (const title of [
      'Datos personales',
      'Educación y Disponibilidad',
      'Experiencia Laboral',
      'Referencias',
      'Documentos Adjuntos',
    ])
      expect(section(title)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(submit()).toBeInTheDocument();
    // Guests send only the CV among the documents.
    await openSection(userEvent.setup(), 'Documentos Adjuntos');
    expect(screen.getByLabelText('Seleccionar Hoja de Vida (PDF)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Seleccionar Antecedentes penales (PDF)')).not.toBeInTheDocument();
  });

  it("says the service is unreachable when the vacancy cannot be read, and 'Reintentar' brings the form", async () => {
    renderWithProviders(<ApplicationModal vacancyId="7" onClose={vi.fn()} />, {
      mocks: [
        { request: { query: APPLICATION_VACANCY, variables: { id: '7' } }, error: new TypeError('Failed to fetch') },
        vacancyMock,
      ],
      viewer: null,
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(OUTAGE_MESSAGES.title)).toBeInTheDocument();
    expect(within(alert).getByText(OUTAGE_MESSAGES.message)).toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Enfermera Auxiliar', {}, SLOW_WAIT)).toBeInTheDocument();
  });

  it('tells a link to a closed vacancy from a link to one that does not exist', async () => {
    const closed = renderWithProviders(<ApplicationModal vacancyId="7" onClose={vi.fn()} />, {
      mocks: [
        {
          request: { query: APPLICATION_VACANCY, variables: { id: '7' } },
          result: { data: { vacancy: { ...VACANCY, active: false }, today: todayInGuatemala() } },
        },
      ],
      viewer: null,
    });
    expect(await screen.findByText(BOARD_VACANCY_MESSAGES.unavailable, {}, SLOW_WAIT)).toBeInTheDocument();
    closed.unmount();
    renderWithProviders(<ApplicationModal vacancyId="7" onClose={vi.fn()} />, {
      mocks: [
        {
          request: { query: APPLICATION_VACANCY, variables: { id: '7' } },
          result: { data: { vacancy: null, today: todayInGuatemala() } },
        },
      ],
      viewer: null,
    });
    expect(await screen.findByText(BOARD_VACANCY_MESSAGES.notFound, {}, SLOW_WAIT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver vacantes disponibles' })).toBeInTheDocument();
  });

  it("names the page after the vacancy: 'Postular: <plaza>' (issue 20)", async () => {
    document.title = 'Vacantes Disponibles · Bolsa de Trabajo';
    const view = renderForm();
    await screen.findByRole('dialog', { name: 'Formulario de Postulación' });
    await waitFor(() => expect(document.title).toBe('Postular: Enfermera Auxiliar · Bolsa de Trabajo'));
    view.unmount();
    expect(document.title).toBe('Vacantes Disponibles · Bolsa de Trabajo');
  });

  it('shows a registered candidate their name and asks for the four documents and the photo', async () => {
    renderForm([], 'candidate');
    expect(await screen.findByText('Postulando como Ana López')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'inicia sesión' })).not.toBeInTheDocument();
    expect(field(/^Nombre completo/)).toHaveValue('Ana López');
    const user = userEvent.setup();
    await openSection(user, 'Documentos Adjuntos');
    for (const label of [
      'Hoja de Vida (PDF)',
      'DPI escaneado (PDF)',
      'Antecedentes policiales (PDF)',
      'Antecedentes penales (PDF)',
    ])
      expect(screen.getByLabelText(`Seleccionar ${label}`)).toBeInTheDocument();
  });

  it("fills a registered candidate's form from their profile, with its documents 'En tu perfil'", async () => {
    renderForm([], 'candidate', profileMock(PROFILE));
    expect(await screen.findByText('Postulando como Ana López')).toBeInTheDocument();
    expect(field(/^Nombre completo/)).toHaveValue('Ana María López');
    expect(field(/^CUI\/DPI/)).toHaveValue(VALID_CUI);
    expect(field(PHONE)).toHaveValue('55556666');
    expect(field(/^Dirección/)).toHaveValue('Barrio El Centro, Cobán');
    expect(field(/^Correo electrónico/)).toHaveValue('ana.lopez@example.com');
    expect(field(/^Edad/)).toHaveValue(String(ageOn('1995-03-10', todayInGuatemala())));
    // The photo is the profile's, locked (spec 1 §2.6): no dropzone for it.
    expect(screen.getByRole('group', { name: 'Fotografía: En tu perfil' })).toHaveTextContent('ana.png');
    expect(screen.queryByLabelText('Seleccionar Fotografía')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await openSection(user, 'Experiencia Laboral');
    expect(screen.getAllByLabelText('Empresa', { selector: 'input' })[0]).toHaveValue('Hospital Regional');
    expect(screen.getAllByLabelText('Empresa', { selector: 'input' })[0]).toHaveAttribute('readonly');
    await openSection(user, 'Referencias');
    expect(field('Nombre (referencia personal 1)')).toHaveValue('Marta Coc');
    expect(field('Nombre (referencia personal 1)')).toHaveAttribute('readonly');
    await openSection(user, 'Documentos Adjuntos');
    for (const [label, name] of [
      ['Hoja de Vida (PDF)', 'cv-ana.pdf'],
      ['DPI escaneado (PDF)', 'dpi-ana.pdf'],
      ['Antecedentes penales (PDF)', 'penales-ana.pdf'],
    ] as const) {
      expect(screen.getByRole('group', { name: `${label}: En tu perfil` })).toHaveTextContent(name);
      expect(screen.queryByLabelText(`Seleccionar ${label}`)).not.toBeInTheDocument();
    }
    // The one the profile lacks is asked for.
    expect(screen.getByLabelText('Seleccionar Antecedentes policiales (PDF)')).toBeInTheDocument();
  });

  it('tells a logged-in candidate who already applied before they fill anything, with a way to Mis Postulaciones', async () => {
    const seen: Record<string, unknown>[] = [];
    const alreadyApplied: Mocks[number] = {
      request: {
        query: APPLICATION_CHECK,
        variables: (v: Record<string, unknown>) => {
          seen.push(v);
          return true;
        },
      },
      result: {
        data: {
          applicationCheck: {
            __typename: 'ApplicationCheck',
            ok: false,
            conflict: 'YA_APLICO',
            message: 'Ya tienes una postulación a esta vacante.',
          },
        },
      },
    };
    const { onClose } = renderForm([alreadyApplied], 'candidate', profileMock(PROFILE));
    const dialog = await screen.findByRole('dialog', { name: 'Formulario de Postulación' });
    expect(await within(dialog).findByText('Ya tienes una postulación a esta vacante.')).toBeInTheDocument();
    expect(seen).toEqual([{ vacancyId: '7', dpi: VALID_CUI, email: 'ana.lopez@example.com' }]);
    expect(within(dialog).queryByText(/Inicia sesión/i)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Nombre completo/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Ver Mis Postulaciones' })).toHaveAttribute('href', '/perfil');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Ver otras vacantes' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("logging in from the form keeps what was written: the form reopens with it as the candidate's (issue 20)", async () => {
    const first = renderForm();
    // The dialog opens on 'Cargando formulario…' until the form's chunk and vacancy are in.
    set(await screen.findByLabelText(/^Nombre completo/, { selector: 'input' }, SLOW_WAIT), 'Luis Pérez');
    set(field(PHONE), '55551234');
    const user = userEvent.setup();
    await openSection(user, 'Educación y Disponibilidad');
    set(field(/^Pretensión salarial/), '4500');
    await user.click(screen.getByRole('button', { name: 'inicia sesión' }));
    expect(first.onClose).toHaveBeenCalled();
    expect(await screen.findByRole('dialog', { name: 'Accede a tu cuenta' }, SLOW_WAIT)).toBeInTheDocument();
    first.unmount();

    // Logged in, the form of the same vacancy opens again from the profile and what was written.
    renderForm([checkMock({ ok: true })], 'candidate', profileMock(PROFILE));
    expect(await screen.findByText('Postulando como Ana López')).toBeInTheDocument();
    expect(field(/^Nombre completo/)).toHaveValue('Luis Pérez');
    expect(field(PHONE)).toHaveValue('55551234');
    expect(field(/^Correo electrónico/)).toHaveValue('ana.lopez@example.com');
    await openSection(user, 'Educación y Disponibilidad');
    expect(field(/^Pretensión salarial/)).toHaveValue('4500');
  });

  it('closing without sending keeps what was written for when the form opens again; a reload asks first', async () => {
    const first = renderForm();
    set(await screen.findByLabelText(/^Nombre completo/, { selector: 'input' }, SLOW_WAIT), 'Luis Pérez');
    set(field(PHONE), '55551234');
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(first.onClose).toHaveBeenCalled();
    first.unmount();

    renderForm();
    expect(await screen.findByLabelText(/^Nombre completo/, { selector: 'input' }, SLOW_WAIT)).toHaveValue(
      'Luis Pérez',
    );
    expect(field(PHONE)).toHaveValue('55551234');
  });

  it('a form opened and closed untouched keeps nothing, and a reload does not ask', async () => {
    const first = renderForm();
    await screen.findByLabelText(/^Nombre completo/, { selector: 'input' }, SLOW_WAIT);
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(false);
    first.unmount();
    expect(peekDraft('7')).toBeNull();
  });

  it('shows a logged-in candidate the form when they have not applied yet', async () => {
    renderForm([checkMock({ ok: true })], 'candidate', profileMock(PROFILE));
    expect(await screen.findByText('Postulando como Ana López')).toBeInTheDocument();
    expect(screen.queryByText('Ya tienes una postulación a esta vacante.')).not.toBeInTheDocument();
  });

  it('keeps one section open at a time, and opening Experiencia Laboral shows its hint for 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();
    await screen.findByText('Enfermera Auxiliar');
    expect(section('Datos personales')).toHaveAttribute('aria-expanded', 'true');
    await user.click(section('Experiencia Laboral'));
    expect(section('Datos personales')).toHaveAttribute('aria-expanded', 'false');
    expect(section('Experiencia Laboral')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Ingresa tus experiencias laborales más recientes.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3900));
    expect(screen.getByText('Ingresa tus experiencias laborales más recientes.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Ingresa tus experiencias laborales más recientes.')).not.toBeInTheDocument();
  });
});

describe('Formulario de Postulación: typing filters and messages (spec 1 §5.2)', SLOW, () => {
  it('filters what each field accepts while typing', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('Enfermera Auxiliar');
    await user.type(field(/^Nombre completo/), 'José 3ñandú!');
    expect(field(/^Nombre completo/)).toHaveValue('José ñandú');
    await user.type(field(PHONE), '5a55-51234999');
    expect(field(PHONE)).toHaveValue('55551234');
    await user.type(field(/^CUI\/DPI/), '1234 56789 0101 77');
    expect(field(/^CUI\/DPI/)).toHaveValue(VALID_CUI);
    await user.type(field(/^Edad/), '1a23');
    expect(field(/^Edad/)).toHaveValue('12');
    await openSection(user, 'Educación y Disponibilidad');
    await user.type(field(/^Pretensión salarial/), 'Q4,500.5.09');
    expect(field(/^Pretensión salarial/)).toHaveValue('4500.50');
  });

  it('keeps the caret where it was when the filter drops a character typed mid-word', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('Enfermera Auxiliar');
    const name = field(/^Nombre completo/) as HTMLInputElement;
    await user.type(name, 'Ana López');
    // Between 'Ana' and ' López': the digit is dropped and the caret stays after 'Ana'.
    await user.type(name, '7M', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(name).toHaveValue('AnaM López');
    expect(name.selectionStart).toBe(4);
  });

  it('removing a row moves the rows after it up with what was written in them', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('Enfermera Auxiliar');
    await openSection(user, 'Referencias');
    const names = () => screen.getAllByLabelText(/^Nombre \(referencia personal/, { selector: 'input' });
    await user.type(names()[0]!, 'Ana');
    await user.click(screen.getByRole('button', { name: 'Agregar referencia personal' }));
    await user.type(names()[1]!, 'Berta');
    await user.click(screen.getByRole('button', { name: 'Agregar referencia personal' }));
    await user.type(names()[2]!, 'Carla');
    await user.click(screen.getByRole('button', { name: 'Quitar referencia personal 2' }));
    expect(names().map((n) => (n as HTMLInputElement).value)).toEqual(['Ana', 'Carla']);
  });

  it("keeps a salary with centavos ('4500.50') whole and valid, and five digits of quetzales at most", async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('Enfermera Auxiliar');
    await openSection(user, 'Educación y Disponibilidad');
    await user.type(field(/^Pretensión salarial/), '4500.50');
    expect(field(/^Pretensión salarial/)).toHaveValue('4500.50');
    await user.tab();
    expect(screen.queryByText('Formato inválido')).not.toBeInTheDocument();
    await user.clear(field(/^Pretensión salarial/));
    await user.type(field(/^Pretensión salarial/), '123456.789');
    expect(field(/^Pretensión salarial/)).toHaveValue('12345.78');
  });

  it('says what is wrong when a field loses focus, in the guest wording', async () => {
    const user = userEvent.setup();
    renderForm([checkMock({ ok: true })]);
    await screen.findByText('Enfermera Auxiliar');
    await user.type(field(PHONE), '5555');
    await user.tab();
    expect(await screen.findByText('El teléfono debe tener 8 dígitos')).toBeInTheDocument();
    await user.type(field(/^CUI\/DPI/), '12345');
    await user.tab();
    expect(await screen.findByText('El DPI debe tener 13 dígitos')).toBeInTheDocument();
    await user.type(field(/^Correo electrónico/), 'luis@');
    await user.tab();
    expect(await screen.findByText('Formato de correo inválido.')).toBeInTheDocument();
    await user.type(field(/^Edad/), '12');
    await user.tab();
    expect(await screen.findByText('Ingresa una edad válida (15–80).')).toBeInTheDocument();
  });

  it('does not flag a field the applicant has not written in yet when they move on', async () => {
    const user = userEvent.setup();
    renderForm([checkMock({ ok: true })]);
    await screen.findByText('Enfermera Auxiliar');
    // The name field has the focus when the form opens; leaving it empty is not an error yet.
    await waitFor(() => expect(field(/^Nombre completo/)).toHaveFocus());
    await user.tab();
    await openSection(user, 'Documentos Adjuntos');
    expect(screen.queryByText('Ingresa tu nombre completo.')).not.toBeInTheDocument();
    expect(screen.queryByText('(con errores)')).not.toBeInTheDocument();
    // Written in and then emptied, it is.
    await openSection(user, 'Datos personales');
    await user.type(field(/^Nombre completo/), 'Ana');
    await user.clear(field(/^Nombre completo/));
    await user.tab();
    expect(await screen.findByText('Ingresa tu nombre completo.')).toBeInTheDocument();
  });

  it('checks age and pretensión in the registered wording', async () => {
    const user = userEvent.setup();
    renderForm([], 'candidate');
    await screen.findByText('Enfermera Auxiliar');
    await user.type(field(/^Edad/), '17');
    await user.tab();
    expect(await screen.findByText('Debe ser mayor de 18 años')).toBeInTheDocument();
    await user.clear(field(/^Edad/));
    await user.type(field(/^Edad/), '61');
    await user.tab();
    expect(await screen.findByText('La edad máxima permitida es 60 años')).toBeInTheDocument();
    await openSection(user, 'Educación y Disponibilidad');
    await user.type(field(/^Pretensión salarial/), '50001');
    await user.tab();
    expect(await screen.findByText('La pretensión excede el rango')).toBeInTheDocument();
    await user.clear(field(/^Pretensión salarial/));
    await user.type(field(/^Pretensión salarial/), '.');
    await user.tab();
    expect(await screen.findByText('Formato inválido')).toBeInTheDocument();
  });

  it('shows future dates, a start after the end and overlapping experiences in the date banner', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('Enfermera Auxiliar');
    await openSection(user, 'Experiencia Laboral');
    await user.type(field('Empresa'), 'Hospital Regional');
    fireEvent.change(field('Desde'), { target: { value: '2999-01-01' } });
    let banner = await screen.findByRole('alert', { name: /Revisa las fechas/ });
    expect(within(banner).getByText('No se puede seleccionar una fecha futura')).toBeInTheDocument();

    fireEvent.change(field('Desde'), { target: { value: '2022-01-01' } });
    fireEvent.change(field('Hasta'), { target: { value: '2021-01-01' } });
    banner = await screen.findByRole('alert', { name: /Revisa las fechas/ });
    expect(
      within(banner).getByText('La fecha de inicio no puede ser posterior a la fecha de fin.'),
    ).toBeInTheDocument();

    fireEvent.change(field('Desde'), { target: { value: '2019-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Agregar experiencia' }));
    const companies = screen.getAllByLabelText('Empresa', { selector: 'input' });
    await user.type(companies[1]!, 'Centro de Salud');
    fireEvent.change(screen.getAllByLabelText('Desde', { selector: 'input' })[1]!, { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getAllByLabelText('Hasta', { selector: 'input' })[1]!, { target: { value: '2020-12-31' } });
    banner = await screen.findByRole('alert', { name: /Revisa las fechas/ });
    expect(
      within(banner).getByText(
        'Las fechas de Hospital Regional y Centro de Salud se traslapan. Por favor ajusta las fechas.',
      ),
    ).toBeInTheDocument();
  });
});

describe('Formulario de Postulación: sending', SLOW, () => {
  it('on an incomplete form opens the first failing section, focuses its field and warns', async () => {
    const user = userEvent.setup();
    renderForm([checkMock({ ok: true })]);
    await screen.findByText('Enfermera Auxiliar');
    await user.click(section('Documentos Adjuntos'));
    await user.click(submit());
    expect(await screen.findByText('Formulario incompleto', {}, SLOW_WAIT)).toBeInTheDocument();
    expect(section('Datos personales')).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(field(/^Nombre completo/)).toHaveFocus(), SLOW_WAIT);
    expect(field(/^Nombre completo/)).toHaveAccessibleDescription(/Ingresa tu nombre completo\./);

    // With the personal data right, the first failure is in Educación y Disponibilidad.
    await fillPersonal(user);
    await choose(user, 'Fotografía', png());
    await user.click(submit());
    await waitFor(() => expect(section('Educación y Disponibilidad')).toHaveAttribute('aria-expanded', 'true'));
    await waitFor(() => expect(field(/^Nivel educativo/)).toHaveFocus(), SLOW_WAIT);
  });

  it('asks for the CV in the guest wording and focuses its dropzone', async () => {
    const user = userEvent.setup();
    renderForm([checkMock({ ok: true })]);
    await screen.findByText('Enfermera Auxiliar');
    await fillPersonal(user);
    await fillRest(user);
    await openSection(user, 'Documentos Adjuntos');
    await user.click(screen.getByRole('button', { name: 'Quitar Hoja de Vida (PDF)' }));
    await user.click(submit());
    const dropzone = screen.getByRole('button', { name: 'Hoja de Vida (PDF): elegir archivo' });
    await waitFor(() => expect(dropzone).toHaveFocus(), SLOW_WAIT);
    expect(dropzone).toHaveAccessibleDescription(/Debes adjuntar tu Hoja de Vida \(PDF\)\./);
  });

  it('refuses a file of the wrong type in the browser, with the spec wording', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    await screen.findByText('Enfermera Auxiliar');
    await openSection(user, 'Documentos Adjuntos');
    await choose(user, 'Hoja de Vida (PDF)', png());
    expect(await screen.findByText('Solo se permiten archivos PDF')).toBeInTheDocument();
    expect(FakeXhr.sent).toBe(0);
  });

  it("shows the server's upload budget refusal (429) on the field, in Spanish (issue 22)", async () => {
    const user = userEvent.setup();
    const message = FILE_MESSAGES.uploadBudget(42);
    FakeXhr.answer = { status: 429, body: { title: FILE_MESSAGES.uploadFailedTitle, message } };
    renderForm();
    await screen.findByText('Enfermera Auxiliar');
    await openSection(user, 'Documentos Adjuntos');
    await choose(user, 'Hoja de Vida (PDF)', pdf());
    expect(await screen.findByText(message, {}, SLOW_WAIT)).toBeInTheDocument();
    expect(message).toBe('Has subido demasiados archivos en poco tiempo. Intenta de nuevo en 42 minutos.');
  });

  it('marks a DPI already in use when it loses focus, and says nothing when the check fails', async () => {
    const user = userEvent.setup();
    renderForm([checkMock({ ok: false, conflict: 'DPI', message: null }, 1), checkMock(new Error('Failed to fetch'))]);
    await screen.findByText('Enfermera Auxiliar');
    await user.type(field(/^CUI\/DPI/), VALID_CUI);
    await user.tab();
    expect(await screen.findByText('Dato en uso para esta vacante.', {}, SLOW_WAIT)).toBeInTheDocument();
    await user.clear(field(/^CUI\/DPI/));
    await user.type(field(/^CUI\/DPI/), VALID_CUI);
    await user.tab();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Dato en uso para esta vacante.')).not.toBeInTheDocument();
  });

  it.each([
    ['DPI', 'Ese CUI/DPI ya tiene una postulación en curso para esta vacante.'],
    ['EMAIL', 'Ese correo ya tiene una postulación en curso para esta vacante.'],
    ['USUARIO', 'Ese correo pertenece a otro usuario registrado para esta vacante.'],
    ['YA_APLICO', 'Ya realizaste una postulación a esta plaza. Inicia sesión para actualizar tu información.'],
    ['DPI_EMAIL_MISMATCH', 'Este CUI/DPI ya está asociado a otro correo.'],
    ['EMAIL_DPI_MISMATCH', 'Este correo ya está asociado a otro CUI/DPI.'],
  ])('before sending, conflict %s says "%s" under "Revisa tus datos"', async (conflict, message) => {
    const user = userEvent.setup();
    // The check before sending finds the conflict (spec 1 §8).
    renderForm([checkMock({ ok: false, conflict, message: null })]);
    await screen.findByText('Enfermera Auxiliar');
    await fillPersonal(user);
    await fillRest(user);
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Revisa tus datos' }, SLOW_WAIT);
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(section('Datos personales')).toHaveAttribute('aria-expanded', 'true');
  });

  it('a guest applies with CV and photo: the input carries the upload ids, then "¡CV enviado!"', async () => {
    const user = userEvent.setup();
    const seen: { input?: ApplicationInput } = {};
    const { onClose, unmount } = renderForm([
      checkMock({ ok: true }),
      applyMock({ applicationId: 'p1', mode: 'GUEST' }, seen),
    ]);
    await screen.findByText('Enfermera Auxiliar');
    await fillPersonal(user);
    await fillRest(user);
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: '¡Postulación Exitosa!' }, SLOW_WAIT);
    expect(within(dialog).getByText('¡CV enviado! Tu solicitud ha sido recibida correctamente.')).toBeInTheDocument();
    expect(seen.input).toMatchObject({
      vacancyId: '7',
      fullName: 'Luis Pérez',
      dpi: VALID_CUI,
      phone: '55551234',
      email: 'luis@example.com',
      maritalStatus: 'SOLTERO',
      age: 30,
      educationLevel: 'DIVERSIFICADO',
      studying: false,
      available: true,
      salaryExpectation: 4500,
      negotiable: true,
      experiences: [
        {
          company: 'Hospital Regional',
          position: 'Auxiliar',
          from: '2020-01-01',
          to: '2022-06-30',
          description: 'Atención a pacientes',
        },
      ],
      personalReferences: [{ name: 'Marta Coc', phone: '44445555' }],
      workReferences: [{ name: 'Jorge Tut', phone: '33334444' }],
      photoUploadId: 'up-1',
      cvUploadId: 'up-1',
    });
    expect(seen.input).not.toHaveProperty('policeRecordUploadId');
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(onClose).toHaveBeenCalled();
    // Sent: nothing is kept for the next time the form opens.
    unmount();
    expect(peekDraft('7')).toBeNull();
  });

  it('a registered candidate applies with the four documents and sees "¡Postulación Exitosa!"', async () => {
    const user = userEvent.setup();
    const seen: { input?: ApplicationInput } = {};
    renderForm([checkMock({ ok: true }), applyMock({ applicationId: 'p2', mode: 'REGISTERED' }, seen)], 'candidate');
    await screen.findByText('Enfermera Auxiliar');
    await fillPersonal(user, { email: 'ana.lopez@example.com' });
    await fillRest(user, 'candidate');
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: '¡Postulación Exitosa!' }, SLOW_WAIT);
    expect(
      within(dialog).getByText(
        'Postulación enviada exitosamente! Puedes ver el estado de tu postulación en tu bandeja de perfil.',
      ),
    ).toBeInTheDocument();
    expect(seen.input).toMatchObject({
      dpiScanUploadId: 'up-1',
      policeRecordUploadId: 'up-1',
      criminalRecordUploadId: 'up-1',
    });
  });

  it('a registered candidate applies with the documents of their profile, uploading only the missing one', async () => {
    const user = userEvent.setup();
    const seen: { input?: ApplicationInput } = {};
    renderForm(
      [checkMock({ ok: true }), applyMock({ applicationId: 'p3', mode: 'REGISTERED' }, seen)],
      'candidate',
      profileMock(PROFILE),
    );
    await screen.findByText('Postulando como Ana López');
    set(field(/^Estado civil/), 'Soltero');
    await openSection(user, 'Educación y Disponibilidad');
    set(field(/^Nivel educativo/), 'Diversificado');
    set(field(/^¿Estudias actualmente\?/), 'no');
    set(field(/^Disponibilidad inmediata/), 'si');
    set(field(/^Pretensión salarial/), '4500');
    set(field(/^¿Pretensión negociable\?/), 'si');
    await openSection(user, 'Documentos Adjuntos');
    await choose(user, 'Antecedentes policiales (PDF)', pdf('policiales.pdf'));
    await waitFor(() => expect(screen.getAllByText(/· listo/)).toHaveLength(1), SLOW_WAIT);
    await user.click(submit());
    expect(await screen.findByRole('dialog', { name: '¡Postulación Exitosa!' }, SLOW_WAIT)).toBeInTheDocument();
    expect(FakeXhr.sent).toBe(1);
    expect(seen.input).toMatchObject({
      fullName: 'Ana María López',
      dpi: VALID_CUI,
      phone: '55556666',
      email: 'ana.lopez@example.com',
      experiences: [{ company: 'Hospital Regional', position: 'Auxiliar', from: '2020-01-01', to: '2022-06-30' }],
      personalReferences: [{ name: 'Marta Coc', phone: '44445555' }],
      workReferences: [{ name: 'Jorge Tut', phone: '33334444' }],
      // The profile's files are referenced by the api, not sent again.
      photoUploadId: null,
      cvUploadId: null,
      dpiScanUploadId: null,
      policeRecordUploadId: 'up-1',
      criminalRecordUploadId: null,
    });
  });

  it('shows "Enviando..." while sending and the generic failure when the server fails', async () => {
    const user = userEvent.setup();
    renderForm([checkMock({ ok: true }), applyMock(new Error('boom'))]);
    await screen.findByText('Enfermera Auxiliar');
    await fillPersonal(user);
    await fillRest(user);
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Enviando...' }, SLOW_WAIT)).toBeDisabled();
    const dialog = await screen.findByRole('dialog', { name: 'Error interno del servidor' }, SLOW_WAIT);
    expect(within(dialog).getByText('Inténtalo de nuevo más tarde.')).toBeInTheDocument();
  });

  it("puts the server's field errors on their fields and opens their section", async () => {
    const user = userEvent.setup();
    renderForm([
      checkMock({ ok: true }),
      applyMock({
        error: {
          __typename: 'ValidationFailed',
          title: null,
          message: 'Formulario incompleto',
          fields: [
            { __typename: 'FieldError', path: 'experiences.0.to', message: 'No se puede seleccionar una fecha futura' },
          ],
        },
      }),
    ]);
    await screen.findByText('Enfermera Auxiliar');
    await fillPersonal(user);
    await fillRest(user);
    await user.click(submit());
    expect(await screen.findByText('Formulario incompleto', {}, SLOW_WAIT)).toBeInTheDocument();
    await waitFor(() => expect(section('Experiencia Laboral')).toHaveAttribute('aria-expanded', 'true'));
    await waitFor(() => expect(field('Hasta')).toHaveFocus(), SLOW_WAIT);
  });

  // Issue 22: past its per-address limit the duplicate check asks for the captcha.
  it('past the check’s limit shows the captcha and sends the form once the check answered with it solved', async () => {
    const user = userEvent.setup();
    const asked: Record<string, unknown>[] = [];
    const captchaAnswer = (captcha: { id: string } | null, message: string | null): Mocks[number] => ({
      request: {
        query: APPLICATION_CHECK,
        variables: (v: Record<string, unknown>) => {
          asked.push(v);
          return true;
        },
      },
      result: {
        data: {
          applicationCheck: {
            __typename: 'ApplicationCheck',
            ok: captcha === null,
            conflict: null,
            message,
            captcha: captcha && { __typename: 'Captcha', image: 'data:image/png;base64,AA==', ...captcha },
          },
        },
      },
    });
    const seen: { input?: ApplicationInput } = {};
    renderForm([
      captchaAnswer({ id: 'c1' }, APPLICATION_MESSAGES.checkCaptchaRequired),
      captchaAnswer({ id: 'c2' }, AUTH_MESSAGES.captchaWrong),
      captchaAnswer(null, null),
      applyMock({ applicationId: 'p1', mode: 'GUEST' }, seen),
    ]);
    await screen.findByText('Enfermera Auxiliar');
    await fillPersonal(user);
    await fillRest(user);
    await user.click(submit());
    const box = await screen.findByTestId('verificacion-postulacion', {}, SLOW_WAIT);
    expect(within(box).getByText(APPLICATION_MESSAGES.checkCaptchaRequired)).toBeInTheDocument();
    expect(within(box).getByRole('img', { name: /Código de verificación/ })).toBeInTheDocument();
    expect(seen.input).toBeUndefined();
    const uploads = FakeXhr.sent;

    // Not answered: said on the spot, nothing sent.
    await user.click(submit());
    expect(await within(box).findByRole('alert')).toHaveTextContent(APPLICATION_MESSAGES.checkCaptchaMissing);
    expect(asked).toHaveLength(1);

    // A wrong answer: the check answers another captcha and says so.
    await user.type(within(box).getByLabelText(/^Código de verificación/, { selector: 'input' }), 'xxxxxx');
    await user.click(submit());
    expect(await within(box).findByRole('alert', {}, SLOW_WAIT)).toHaveTextContent(AUTH_MESSAGES.captchaWrong);
    expect(asked[1]).toMatchObject({ captchaId: 'c1', captchaAnswer: 'xxxxxx' });

    await user.type(within(box).getByLabelText(/^Código de verificación/, { selector: 'input' }), 'ACD347');
    await user.click(submit());
    await screen.findByRole('dialog', { name: '¡Postulación Exitosa!' }, SLOW_WAIT);
    expect(asked[2]).toMatchObject({
      dpi: VALID_CUI,
      email: 'luis@example.com',
      captchaId: 'c2',
      captchaAnswer: 'ACD347',
    });
    expect(seen.input).toMatchObject({ dpi: VALID_CUI, cvUploadId: 'up-1' });
    // The files staged before the captcha were not refused: they are not sent again.
    expect(FakeXhr.sent).toBe(uploads);
    expect(screen.queryByTestId('verificacion-postulacion')).not.toBeInTheDocument();
  }, 90_000);

  it('past the address’s cap of refused forms says how long to wait, keeps what was written, and sends the files again (issue 22)', async () => {
    const user = userEvent.setup();
    const message = APPLICATION_MESSAGES.applyThrottled(12);
    renderForm([
      checkMock({ ok: true }),
      applyMock({ error: { __typename: 'Throttled', message, retryAfterSeconds: 700 } }),
      applyMock({ applicationId: 'p1', mode: 'GUEST' }),
    ]);
    await screen.findByText('Enfermera Auxiliar');
    await fillPersonal(user);
    await fillRest(user);
    const uploads = FakeXhr.sent;
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: APPLICATION_MESSAGES.applyThrottledTitle }, SLOW_WAIT);
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(message).toContain('Espera 12 minutos');
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    await openSection(user, 'Datos personales');
    expect(field(/^Nombre completo/)).toHaveValue('Luis Pérez');
    await user.click(submit());
    await screen.findByRole('dialog', { name: '¡Postulación Exitosa!' }, SLOW_WAIT);
    expect(FakeXhr.sent).toBe(uploads + 2);
  }, 90_000);

  it('sends the files again after a refused form (the server deleted them, issue 22)', async () => {
    const user = userEvent.setup();
    renderForm([
      checkMock({ ok: true }),
      applyMock({
        error: { __typename: 'DuplicateApplication', conflict: 'DPI', message: 'DPI en uso para esta vacante.' },
      }),
      applyMock({ applicationId: 'p1', mode: 'GUEST' }),
    ]);
    await screen.findByText('Enfermera Auxiliar');
    await fillPersonal(user);
    await fillRest(user);
    const uploads = FakeXhr.sent;
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Revisa tus datos' }, SLOW_WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(FakeXhr.sent).toBe(uploads);
    await user.click(submit());
    await screen.findByRole('dialog', { name: '¡Postulación Exitosa!' }, SLOW_WAIT);
    expect(FakeXhr.sent).toBe(uploads + 2);
  }, 90_000);
});
