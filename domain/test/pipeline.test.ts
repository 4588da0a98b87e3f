import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  applicationSchema,
  ageOn,
  allTestsCompleted,
  assignTestSchema,
  canOrganiseTeamsMeeting,
  check,
  checkApplication,
  checkAssignedTestMove,
  candidateProfileSchema,
  conflictMessage,
  documentRequestSchema,
  experienceDateIssues,
  hireSchema,
  interviewSchema,
  isProfileComplete,
  mergeParticipants,
  profileBannerGaps,
  salaryInput,
  testsToSend,
  type Experience,
} from '../src/index.js';

const TODAY = '2026-11-23';
const msg = (r: ReturnType<typeof check>) => (r.ok ? null : r.message);
const exp = (company: string, from: string, to: string): Experience => ({
  company,
  position: 'Enfermera',
  from,
  to,
  description: 'Atención',
});

describe('application form (spec 1 §5.2)', () => {
  const guest = {
    vacancyId: '3',
    name: 'Ana María López',
    cui: '2476459660101',
    address: 'Zona 1, Guatemala',
    phone: '55512345',
    email: 'Ana@Example.com',
    maritalStatus: 'Soltero',
    age: 25,
    educationLevel: 'Diversificado',
    studying: false,
    available: true,
    salaryClaim: '4500',
    negotiable: true,
    experiences: [exp('Clínica A', '2020-01-01', '2022-12-31')],
    personalReferences: [{ name: 'Luis', phone: '44445555' }],
    workReferences: [{ name: 'Marta', phone: '33334444' }],
    documents: { photo: true, curriculum: true },
  };

  it('accepts a complete guest application', () => {
    const r = checkApplication('guest', guest, TODAY);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toMatchObject({ email: 'ana@example.com', salaryClaim: 4500 });
  });

  it('takes a salary with centavos, and a trailing dot as whole quetzales', () => {
    const salary = (salaryClaim: string) => {
      const r = checkApplication('guest', { ...guest, salaryClaim }, TODAY);
      return r.ok ? r.value.salaryClaim : r.fields.map((f) => f.message);
    };
    expect(salary('4500.50')).toBe(4500.5);
    expect(salary('4500.')).toBe(4500);
    expect(salary('50000.00')).toBe(50000);
    expect(salary('50000.01')).toEqual(['La pretensión excede el rango']);
    expect(salary('123456')).toEqual(['La pretensión excede el rango']);
    expect(salary('4500.505')).toEqual(['Formato inválido']);
    expect(salary('.')).toEqual(['Formato inválido']);
    expect(salaryInput('Q4,500.5.09')).toBe('4500.50');
    expect(salaryInput('123456.789')).toBe('12345.78');
  });

  it('asks the registered candidate for the four documents and 18–60 years', () => {
    const r = checkApplication('registered', guest, TODAY);
    expect(r.ok ? [] : r.fields.map((f) => f.message)).toEqual([
      'El DPI escaneado es obligatorio',
      'Los antecedentes policiales son obligatorios',
      'Los antecedentes penales son obligatorios',
    ]);
    const full = {
      ...guest,
      documents: { photo: true, curriculum: true, dpiScan: true, policeRecord: true, criminalRecord: true },
    };
    expect(checkApplication('registered', full, TODAY).ok).toBe(true);
    expect(msg(check(applicationOf('registered'), { ...full, age: 17 }))).toBe('Debe ser mayor de 18 años');
    expect(msg(check(applicationOf('registered'), { ...full, age: 61 }))).toBe('La edad máxima permitida es 60 años');
    expect(msg(check(applicationOf('guest'), { ...guest, age: 14 }))).toBe('Ingresa una edad válida (15–80).');
    expect(check(applicationOf('guest'), { ...guest, age: 70 }).ok).toBe(true);
  });

  it.each([
    [{ phone: '5551234' }, 'El teléfono debe tener 8 dígitos'],
    [{ cui: '123' }, 'El DPI debe tener 13 dígitos'],
    [{ email: 'ana@' }, 'Formato de correo inválido.'],
    [{ salaryClaim: '-5' }, 'La pretensión no puede ser negativa'],
    [{ salaryClaim: '60000' }, 'La pretensión excede el rango'],
    [{ salaryClaim: 'mucho' }, 'Formato inválido'],
    [{ name: 'Ana 2' }, 'El nombre solo puede contener letras, tildes y espacios.'],
    [{ name: 'x'.repeat(121) }, 'El nombre no puede tener más de 120 caracteres.'],
    [{ maritalStatus: 'Comprometido' }, 'Selecciona tu estado civil.'],
    [{ educationLevel: 'Kinder' }, 'Selecciona tu nivel educativo.'],
    [{ documents: { photo: true } }, 'Debes adjuntar tu Hoja de Vida (PDF).'],
    [{ experiences: [] }, 'Agrega al menos una experiencia completa (empresa, puesto, fechas y descripción).'],
    [
      { workReferences: [{ name: 'Marta', phone: '' }] },
      'Agrega al menos una referencia laboral con nombre y teléfono.',
    ],
    [{ address: 'Zona 1\u0000' }, 'El texto contiene caracteres no permitidos.'],
  ])('refuses %j with its message', (change, message) => {
    const r = checkApplication('guest', { ...guest, ...change }, TODAY);
    expect(r.ok ? null : r.fields.map((f) => f.message)).toContain(message);
  });

  it('opens the first failing section', () => {
    const r = checkApplication('guest', { ...guest, phone: '1', workReferences: [] }, TODAY);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.title).toBe('Formulario incompleto');
      expect(r.first).toEqual({ path: 'phone', message: 'El teléfono debe tener 8 dígitos', section: 'personal' });
      expect(r.fields.map((f) => f.path)).toEqual(['phone', 'workReferences']);
    }
  });

  it('checks experience dates: future, order and overlaps', () => {
    expect(experienceDateIssues([exp('A', '2027-01-01', '2027-02-01')], TODAY).map((i) => i.message)).toEqual([
      'No se puede seleccionar una fecha futura',
      'No se puede seleccionar una fecha futura',
    ]);
    expect(experienceDateIssues([exp('A', '2022-01-01', '2021-01-01')], TODAY)[0]?.message).toBe(
      'La fecha de inicio no puede ser posterior a la fecha de fin.',
    );
    const r = checkApplication(
      'guest',
      {
        ...guest,
        experiences: [exp('Clínica A', '2020-01-01', '2022-12-31'), exp('Hospital B', '2022-06-01', '2023-06-01')],
      },
      TODAY,
    );
    expect(r.ok ? null : r.first.message).toBe(
      'Las fechas de Clínica A y Hospital B se traslapan. Por favor ajusta las fechas.',
    );
    // Touching boundaries are not an overlap.
    expect(
      experienceDateIssues([exp('A', '2020-01-01', '2021-01-01'), exp('B', '2021-01-01', '2022-01-01')], TODAY),
    ).toEqual([]);
  });

  it('words duplicate conflicts as spec 1 §8', () => {
    expect(conflictMessage('dpi')).toBe('Ese CUI/DPI ya tiene una postulación en curso para esta vacante.');
    expect(conflictMessage('ya_aplico')).toBe(
      'Ya realizaste una postulación a esta plaza. Inicia sesión para actualizar tu información.',
    );
    expect(conflictMessage('otro')).toBe('No se puede enviar: datos en uso para esta vacante.');
    expect(conflictMessage('__proto__')).toBe('No se puede enviar: datos en uso para esta vacante.');
    expect(conflictMessage('dpi', 'Mensaje del servidor')).toBe('Mensaje del servidor');
  });

  it("tells a logged-in candidate who already applied so, without asking them to 'Inicia sesión' (issue 20)", () => {
    const server = 'Ya realizaste una postulación a esta plaza. Inicia sesión para actualizar tu información.';
    expect(conflictMessage('ya_aplico', server, 'registered')).toBe('Ya tienes una postulación a esta vacante.');
    expect(conflictMessage('ya_aplico', null, 'registered')).toBe('Ya tienes una postulación a esta vacante.');
    expect(conflictMessage('ya_aplico', null, 'guest')).toBe(server);
    expect(conflictMessage('dpi', 'Mensaje del servidor', 'registered')).toBe('Mensaje del servidor');
  });
});

function applicationOf(mode: 'guest' | 'registered') {
  return applicationSchema(mode, TODAY);
}

describe('candidate profile (spec 1 §5.3–5.4)', () => {
  const profile = {
    firstName: 'Ana',
    firstSurname: 'López',
    email: 'ana@example.com',
    phone: '55512345',
    dpi: '2476459660101',
    birthDate: '1990-05-01',
    address: 'Zona 1, Ciudad de Guatemala',
    experiences: [
      exp('A', '2015-01-01', '2018-01-01'),
      exp('B', '2018-02-01', '2022-01-01'),
      { company: '', position: '', from: '', to: '', description: '' },
    ],
    personalReferences: [{ name: 'Luis', phone: '44445555' }],
    workReferences: [{ name: 'Marta', phone: '33334444' }],
    hasPhoto: true,
    files: { curriculum: true, dpiFile: true, policeRecord: true, criminalRecord: true },
  };
  const schema = candidateProfileSchema(TODAY);
  it('accepts a complete profile', () => {
    expect(check(schema, profile).ok).toBe(true);
  });
  it.each([
    [{ firstName: '' }, 'El primer nombre es requerido'],
    [{ firstSurname: ' ' }, 'El primer apellido es requerido'],
    [{ phone: '' }, 'El teléfono es obligatorio'],
    [{ phone: '123' }, 'El teléfono debe tener exactamente 8 dígitos'],
    // The same CUI rule as registration and the application (issue 20): a wrong check digit.
    [{ dpi: '2476459670101' }, 'El CUI/DPI no es válido. Revisa los 13 dígitos.'],
    [{ dpi: '2476459669999' }, 'El CUI/DPI no es válido. Revisa los 13 dígitos.'],
    [{ birthDate: '2010-01-01' }, 'Debe ser mayor de 18 años'],
    [{ birthDate: '1950-01-01' }, 'La edad máxima permitida es 65 años'],
    [{ birthDate: 'ayer' }, 'Fecha de nacimiento inválida'],
    // Spec 1 §5.3 calls only an unparseable date invalid: a date to come is under 18, 1850 over 65.
    [{ birthDate: '2030-01-01' }, 'Debe ser mayor de 18 años'],
    [{ birthDate: '9999-12-31' }, 'Debe ser mayor de 18 años'],
    [{ birthDate: '1850-01-01' }, 'La edad máxima permitida es 65 años'],
    [{ birthDate: '2026-02-30' }, 'Fecha de nacimiento inválida'],
    [{ address: 'Zona 1' }, 'La dirección debe tener al menos 10 caracteres'],
    [{ hasPhoto: false }, 'La fotografía es obligatoria.'],
    [{ files: { curriculum: true } }, 'Faltan archivos: DPI escaneado, Antecedentes policiales, Antecedentes penales'],
    [{ experiences: [exp('A', '2015-01-01', '2018-01-01')] }, 'Completa todos los campos en la experiencia 2.'],
    [
      { personalReferences: [{ name: 'Luis', phone: '' }] },
      'Agrega al menos una referencia personal con teléfono de 8 dígitos.',
    ],
  ])('refuses %j', (change, message) => {
    const r = check(schema, { ...profile, ...change });
    expect(r.ok ? [] : r.fields.map((f) => f.message)).toContain(message);
  });
  it('names every problem at once, even when a blank birth date stops the field rules early', () => {
    const r = check(schema, { ...profile, birthDate: '', hasPhoto: false, workReferences: [] });
    expect(r.ok ? [] : r.fields.map((f) => f.message)).toEqual(
      expect.arrayContaining([
        'La fecha de nacimiento es obligatoria',
        'La fotografía es obligatoria.',
        'Agrega al menos una referencia laboral con teléfono de 8 dígitos.',
      ]),
    );
  });
  it('lets a complete profile keep its stored files', () => {
    expect(check(schema, { ...profile, files: {}, profileComplete: true }).ok).toBe(true);
  });
  it('computes ages on birthdays', () => {
    expect(ageOn('2008-11-23', TODAY)).toBe(18);
    expect(ageOn('2008-11-24', TODAY)).toBe(17);
  });
  it('knows when the gate and the banner apply', () => {
    const stored = {
      profileComplete: true,
      firstName: 'Ana',
      firstSurname: 'López',
      email: 'a@x.com',
      phone: '55512345',
      dpi: '2476459660101',
      address: 'Zona 1, Guatemala',
      curriculumId: '1',
      dpiFileId: '2',
      policeRecordId: '3',
      criminalRecordId: '4',
      photo: 'f.jpg',
      experiences: [exp('A', '2015-01-01', '2018-01-01')],
      personalReferences: [{ name: 'Luis', phone: '44445555' }],
    };
    expect(isProfileComplete(stored)).toBe(true);
    expect(isProfileComplete({ ...stored, profileComplete: false })).toBe(false);
    expect(isProfileComplete({ ...stored, criminalRecordId: ' ' })).toBe(false);
    expect(profileBannerGaps(stored)).toEqual({ incomplete: false, photo: false, experience: false, reference: false });
    expect(profileBannerGaps({ ...stored, photo: null, personalReferences: [] })).toMatchObject({
      incomplete: true,
      photo: true,
      reference: true,
    });
  });
  it('checks a document-update request (spec 3 §5)', () => {
    expect(documentRequestSchema().parse({ documents: ['dpi', 'dpi'], notes: 'Actualiza tu DPI' })).toEqual({
      documents: ['dpi'],
      notes: 'Actualiza tu DPI',
    });
    expect(msg(check(documentRequestSchema(), { documents: [], notes: 'Actualiza tu DPI' }))).toBe(
      'Selecciona al menos un documento a solicitar.',
    );
    expect(msg(check(documentRequestSchema(), { documents: ['dpi'], notes: 'corto' }))).toBe(
      'El comentario es obligatorio (mínimo 8 caracteres).',
    );
    expect(msg(check(documentRequestSchema(), { documents: ['pasaporte'], notes: 'Actualiza tu DPI' }))).toBe(
      'El documento indicado no existe.',
    );
  });
});

describe('assigned tests (spec 3 §4.2, §5)', () => {
  it('moves between states, never to COMPLETADA while en seguimiento', () => {
    expect(checkAssignedTestMove('ASIGNADA', 'COMPLETADA', 'pre-pruebas')).toBeNull();
    expect(checkAssignedTestMove('ASIGNADA', 'COMPLETADA', 'En revisión')).toMatch(/en seguimiento/);
    expect(checkAssignedTestMove('COMPLETADA', 'ASIGNADA', 'en seguimiento')).toBeNull();
    expect(actionsFor('COMPLETADA').map((a) => a.label)).toEqual(['No Completada', 'Reactivar']);
    expect(allTestsCompleted([{ state: 'COMPLETADA' }, { state: 'COMPLETADA' }])).toBe(true);
    expect(allTestsCompleted([{ state: 'COMPLETADA' }, { state: 'ASIGNADA' }])).toBe(false);
    expect(allTestsCompleted([])).toBe(false);
    const sending = testsToSend([
      { state: 'ASIGNADA', type: 'LINK', credentials: '' },
      { state: 'ASIGNADA', type: 'PDF' },
      { state: 'CANCELADA', type: 'LINK' },
    ] as const);
    expect([sending.toSend.length, sending.missingCredentials.length]).toEqual([2, 1]);
  });
  it('checks an assignment', () => {
    const s = assignTestSchema(TODAY);
    const base = {
      candidateId: '5',
      testName: 'Excel básico',
      testType: 'LINK',
      deadline: TODAY,
      credentials: 'usuario: ana',
    };
    expect(s.parse(base)).toMatchObject({ testType: 'LINK', credentials: 'usuario: ana' });
    expect(s.parse({ ...base, testType: 'pdf' })).toMatchObject({ testType: 'PDF', credentials: '' });
    expect(msg(check(s, { ...base, credentials: '' }))).toBe(
      'Ingresa las credenciales de acceso para las pruebas de tipo LINK o FORMULARIO.',
    );
    expect(msg(check(s, { ...base, testName: '' }))).toBe('Selecciona una prueba antes de asignar.');
    expect(msg(check(s, { ...base, deadline: '2026-11-22' }))).toBe('La fecha límite no puede ser anterior a hoy.');
    expect(msg(check(s, { ...base, deadline: '9999-12-31' }))).toBe(
      'La fecha debe estar entre 01/01/1900 y 31/12/2100.',
    );
  });
});

describe('interviews (spec 3 §5)', () => {
  const s = interviewSchema({ date: TODAY, time: '00:00' });
  const virtual = {
    mode: 'VIRTUAL',
    candidateId: '5',
    candidateName: 'Ana López',
    candidateEmail: 'ana@example.com',
    date: '2026-11-30',
    start: '9:00',
    end: '10:00:00',
    participants: ['RRHH@ong.org.gt', 'rrhh@ong.org.gt'],
  };
  const inPerson = {
    ...virtual,
    mode: 'PRESENCIAL',
    participants: [],
    branchId: '1',
    address: 'Oficina central, 2.º nivel',
  };
  it("today, refuses a start before this minute on Guatemala's clock; a later day takes any hour", () => {
    const at = interviewSchema({ date: TODAY, time: '10:30' });
    const today = { ...virtual, date: TODAY, start: '10:00', end: '11:00' };
    expect(msg(check(at, today))).toBe('La hora desde no puede ser en el pasado');
    expect(check(at, { ...today, start: '10:30' }).ok).toBe(true);
    expect(check(at, { ...inPerson, date: '2026-12-01', start: '07:00', end: '08:00' }).ok).toBe(true);
  });
  it('accepts both modes and normalises times and participants', () => {
    expect(s.parse(virtual)).toMatchObject({ start: '09:00', end: '10:00', participants: ['rrhh@ong.org.gt'] });
    expect(s.parse(inPerson)).toMatchObject({ mode: 'PRESENCIAL', room: '', participants: [] });
  });
  it.each([
    [{ date: '2026-11-22' }, 'La fecha no puede ser en el pasado'],
    [{ date: '30/11/2026' }, 'Usa un formato válido (yyyy-MM-dd).'],
    [{ date: '' }, 'La fecha es obligatoria'],
    [{ end: '08:00' }, 'Hora hasta debe ser mayor que hora desde'],
    [{ start: '25:00' }, 'Formato de hora inválido'],
    [{ candidateEmail: 'ana' }, 'Email del candidato es inválido'],
    [{ participants: ['no es correo'] }, 'Debe especificar al menos un participante'],
    [{ mode: 'HIBRIDA' }, 'La modalidad de la entrevista no es válida.'],
  ])('refuses virtual %j', (change, message) => {
    expect(msg(check(s, { ...virtual, ...change }))).toBe(message);
  });
  it.each([
    [{ branchId: '' }, 'La sede es obligatoria'],
    [{ address: ' ' }, 'La dirección es obligatoria'],
    [{ start: 'x' }, 'Hora inválida (HH:mm).'],
  ])('refuses in person %j', (change, message) => {
    expect(msg(check(s, { ...inPerson, ...change }))).toBe(message);
  });
  it('merges participants and checks the organiser', () => {
    expect(mergeParticipants(['A@ong.org.gt'], 'b@ong.org.gt; a@ong.org.gt\nnada, c@x.com')).toEqual([
      'a@ong.org.gt',
      'b@ong.org.gt',
      'c@x.com',
    ]);
    expect(canOrganiseTeamsMeeting('Ana@ONG.org.gt', 'ong.org.gt')).toBe(true);
    expect(canOrganiseTeamsMeeting('ana@gmail.com', 'ong.org.gt')).toBe(false);
  });
  it('checks the hire dialog (spec 3 §4.5)', () => {
    expect(hireSchema.parse({ date: '2026-12-01', time: '8:30', place: 'Oficina central' })).toEqual({
      date: '2026-12-01',
      time: '08:30',
      place: 'Oficina central',
    });
    for (const bad of [{ date: '' }, { time: '' }, { place: ' ' }])
      expect(msg(check(hireSchema, { date: '2026-12-01', time: '8:30', place: 'Oficina', ...bad }))).toBe(
        'Debes completar fecha, hora y lugar',
      );
  });
});
