import { describe, expect, it } from 'vitest';
import {
  adminEmailSchema,
  candidateLoginSchema,
  check,
  checkTestTemplate,
  checkVacancy,
  registrationSchema,
  staffLoginSchema,
  staffRoleSchema,
  staffUserSchema,
  testCategoryOf,
  testTemplateSchema,
  testTypeOf,
  vacancySchema,
} from '../src/index.js';
import { parseLugar } from '../src/geography.js';

const TODAY = '2026-11-23';
const message = (r: ReturnType<typeof check>) => (r.ok ? null : r.message);

/** The first failure of a vacancy input, in the form's order, or null. */
const firstFailure = (mode: 'create' | 'edit', input: Record<string, unknown>) => {
  const r = checkVacancy(mode, input, TODAY);
  return r.ok ? null : r.failure;
};
const checkNew = (d: Record<string, unknown>) => firstFailure('create', { ...d, active: true });

const draft: Record<string, unknown> = {
  name: 'Enfermera auxiliar',
  branchId: '1',
  municipalityId: '0101',
  placeText: null,
  departmentId: '01',
  endsAt: '2026-12-31',
  description: 'Atención en clínica',
  requirements: ['Título de auxiliar'],
  benefits: ['Puesto en planilla'],
};

describe('vacancy', () => {
  it('checks a new vacancy in the order of spec 2 §5, with its titles', () => {
    const steps: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'Campo Obligado', 'Debe de ingresar un nombre de vacante'],
      [{ branchId: null }, 'Campo Obligado', 'Debe de seleccionar una sede'],
      [{ municipalityId: null, placeText: ' ' }, 'Campo Obligado', 'Debe seleccionar una ubicación'],
      [{ departmentId: null }, 'Campo Obligado', 'Debe seleccionar un departamento para la vacante'],
      [{ endsAt: null }, 'Campo Obligado', 'Debe de seleccionar una fecha de finalización'],
      [{ endsAt: TODAY }, 'Fecha Inválida', 'La fecha de finalización debe ser posterior a hoy'],
      [{ description: '' }, 'Campo Obligado', 'Debe de ingresar una descripción de la vacante'],
      [{ requirements: [' '] }, 'Campo Obligado', 'Debe de ingresar al menos un requisito'],
      [{ benefits: [] }, 'Campo Obligado', 'Debe de ingresar al menos un beneficio'],
    ];
    for (const [change, title, msg] of steps)
      expect(checkNew({ ...draft, ...change })).toMatchObject({ title, message: msg });
    // Several failures: the first in the spec's order wins, whatever the field order.
    expect(checkNew({ ...draft, description: '', municipalityId: null })?.message).toBe(
      'Debe seleccionar una ubicación',
    );
    expect(checkNew(draft)).toBeNull();
    expect(checkNew({ ...draft, municipalityId: null, placeText: 'Aldea El Naranjo' })).toBeNull();
    // A place too long is a place problem: after the name and the branch, not before them.
    expect(checkNew({ ...draft, name: '', municipalityId: null, placeText: 'x'.repeat(400) })?.message).toBe(
      'Debe de ingresar un nombre de vacante',
    );
  });

  it('enforces the input limits of issue 13', () => {
    const create = vacancySchema('create', TODAY);
    const input = { ...draft, active: true };
    expect(message(check(create, { ...input, name: 'x'.repeat(121) }))).toBe(
      'El nombre de la vacante no puede tener más de 120 caracteres.',
    );
    expect(message(check(create, { ...input, description: 'x'.repeat(5001) }))).toBe(
      'La descripción no puede tener más de 5000 caracteres.',
    );
    expect(check(create, { ...input, description: 'x'.repeat(5000) }).ok).toBe(true);
    expect(message(check(create, { ...input, requirements: ['a\u0000'] }))).toBe(
      'El texto contiene caracteres no permitidos.',
    );
    expect(message(check(create, { ...input, benefits: Array(31).fill('b') }))).toBe(
      'La lista no puede tener más de 30 elementos.',
    );
    expect(message(check(create, { ...input, endsAt: '9999-12-31' }))).toBe(
      'La fecha debe estar entre 01/01/1900 y 31/12/2100.',
    );
    expect(message(check(create, { ...input, municipalityId: '9999' }))).toBe('Municipio no encontrado');
    expect(message(check(create, { ...input, departmentId: '99' }))).toBe('Departamento no encontrado');
    expect(message(check(create, { ...input, branchId: ' ' }))).toBe('Debe de seleccionar una sede');
    // The form's branch id is the GraphQL id, opaque to the form ('b1' in the web's fixtures).
    expect(check(create, { ...input, branchId: 'b1' }).ok).toBe(true);
  });

  it('answers clean values', () => {
    const r = vacancySchema('create', TODAY).parse({ ...draft, name: '  Enfermera ', requirements: ['a', ' ', 'b '] });
    expect(r).toMatchObject({ name: 'Enfermera', requirements: ['a', 'b'], municipalityId: '0101', placeText: '' });
  });

  it('checks an edit as spec 2 §5 says', () => {
    const edit = { name: 'X', branchId: '1', departmentId: '01', endsAt: '2026-12-31', active: true };
    expect(firstFailure('edit', edit)).toBeNull();
    expect(firstFailure('edit', { ...edit, name: '' })?.message).toBe('Por favor complete los campos obligatorios');
    expect(firstFailure('edit', { ...edit, branchId: '' })).toMatchObject({
      field: 'branchId',
      message: 'Por favor complete los campos obligatorios',
    });
    expect(firstFailure('edit', { ...edit, departmentId: null })?.message).toBe(
      'Por favor seleccione un departamento.',
    );
    expect(firstFailure('edit', { ...edit, endsAt: TODAY })?.message).toBe(
      'Para activar la plaza, la fecha de finalización debe ser posterior a hoy.',
    );
    expect(firstFailure('edit', { ...edit, endsAt: TODAY, active: false })).toBeNull();
  });

  it('reads lugar', () => {
    expect(parseLugar('0101:01')).toEqual({ kind: 'municipality', municipalityId: '0101', departmentId: '01' });
    expect(parseLugar('9999:99')).toEqual({ kind: 'text', text: '9999:99' });
    expect(parseLugar(' ')).toEqual({ kind: 'none' });
  });
});

describe('test template', () => {
  const base = { name: 'Prueba', description: 'Desc', type: 'PDF', category: 'TECNICA', link: null, hasFile: true };
  it('checks in the order of spec 2 §5', () => {
    expect(checkTestTemplate(base)).toBeNull();
    expect(checkTestTemplate({ ...base, name: '', description: '' })).toBe('Falta el nombre');
    expect(checkTestTemplate({ ...base, description: ' ' })).toBe('Falta la descripción');
    expect(checkTestTemplate({ ...base, type: null })).toBe('Selecciona un tipo');
    expect(checkTestTemplate({ ...base, type: 'ZIP' })).toBe('Selecciona un tipo');
    expect(checkTestTemplate({ ...base, category: null })).toBe('Selecciona una categoría');
    expect(checkTestTemplate({ ...base, hasFile: false })).toBe('Adjunta el archivo de la prueba');
    expect(checkTestTemplate({ ...base, type: 'LINK', hasFile: false })).toBe('Ingresa un enlace válido (https://…)');
    expect(
      checkTestTemplate({ ...base, type: 'FORMULARIO', link: 'https://forms.example/x', hasFile: false }),
    ).toBeNull();
    expect(checkTestTemplate({ ...base, type: 'LINK', link: 'https://example.com@evil.example/' })).toBe(
      'El enlace no puede incluir usuario ni contraseña.',
    );
  });
  it('limits names and descriptions and drops the link of file types', () => {
    expect(message(check(testTemplateSchema, { ...base, name: 'x'.repeat(121) }))).toBe(
      'El nombre no puede tener más de 120 caracteres.',
    );
    expect(testTemplateSchema.parse({ ...base, link: 'https://x.example' })).toMatchObject({ link: '', active: true });
  });
  it('reads category and type spellings', () => {
    expect(testCategoryOf('Técnica')).toBe('TECNICA');
    expect(testCategoryOf('psicológica')).toBe('PSICOLOGICA');
    expect(testCategoryOf('otra')).toBeNull();
    expect(testTypeOf('link')).toBe('LINK');
    expect(testTypeOf('constructor')).toBeNull();
    expect(testTypeOf('Enlace Web')).toBe('LINK');
    expect(testTypeOf('enlace')).toBe('LINK');
    expect(testTypeOf('toString')).toBeNull();
  });
});

describe('staff users and administrative e-mails', () => {
  const create = staffUserSchema('ong.org.gt', 'create');
  const update = staffUserSchema('ong.org.gt', 'update');
  it('refuses unknown roles instead of reading them as Visualizador (issue 13)', () => {
    for (const role of ['CANDIDATE', 4, '4', 0, 'viewer', 'Administrador', null, {}])
      expect(message(check(staffRoleSchema, role))).toBe(
        'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).',
      );
    expect(['ADMIN', 'MANAGER', 'VIEWER', 1, '2', ' 3 '].map((r) => staffRoleSchema.parse(r))).toEqual([
      1, 2, 3, 1, 2, 3,
    ]);
  });
  it('checks a new user', () => {
    expect(create.parse({ name: ' Ana ', email: ' Ana@ONG.org.gt ', password: 'secreto' })).toEqual({
      name: 'Ana',
      email: 'ana@ong.org.gt',
      role: 3,
      password: 'secreto',
    });
    expect(message(check(create, { name: '', email: 'a@ong.org.gt', password: 'secreto' }))).toBe(
      'Por favor complete todos los campos requeridos.',
    );
    expect(message(check(create, { name: 'A', email: 'a@gmail.com', password: 'secreto' }))).toBe(
      'Solo se permiten correos @ong.org.gt',
    );
    expect(message(check(create, { name: 'A', email: 'a@ong.org.gt', password: '' }))).toBe(
      'Por favor complete todos los campos requeridos.',
    );
    expect(message(check(create, { name: 'A', email: 'a@ong.org.gt', password: '123' }))).toBe(
      'La contraseña debe tener al menos 6 caracteres.',
    );
    expect(message(check(create, { name: 'A', email: 'a@ong.org.gt', password: 'secreto', role: 'CANDIDATE' }))).toBe(
      'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).',
    );
    expect(message(check(update, { name: 'A', email: 'a@ong.org.gt', password: '' }))).toBe(
      'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).',
    );
    expect(update.parse({ name: 'A', email: 'a@ong.org.gt', role: 'MANAGER', password: null })).toMatchObject({
      role: 2,
      password: '',
    });
  });
  it('checks an administrative e-mail', () => {
    const s = adminEmailSchema('ong.org.gt', 'create');
    expect(s.parse({ email: ' RRHH@ong.org.gt', name: ' Ana ' })).toEqual({ email: 'rrhh@ong.org.gt', name: 'Ana' });
    expect(message(check(s, { email: 'rrhh@otra.org', name: 'Ana' }))).toBe('Formato inválido. Solo @ong.org.gt');
    expect(message(check(adminEmailSchema('ong.org.gt', 'edit'), { email: 'x@otra.org', name: 'Ana' }))).toBe(
      'Solo @ong.org.gt',
    );
    expect(message(check(s, { email: 'rrhh@ong.org.gt', name: ' Al ' }))).toBe('Nombre demasiado corto');
  });
});

describe('accounts', () => {
  it('checks logins', () => {
    expect(candidateLoginSchema().parse({ email: ' Ana@Example.com ', password: 'x' })).toEqual({
      email: 'ana@example.com',
      password: 'x',
    });
    expect(message(check(candidateLoginSchema(), { email: '', password: '' }))).toBe('Todos los campos son requeridos');
    expect(message(check(staffLoginSchema(), { username: 'a', password: '' }))).toBe(
      'Por favor ingrese usuario y contraseña',
    );
  });
  const reg = {
    primerNombre: 'Ana',
    primerApellido: 'López',
    email: 'ana@example.com',
    emailConfirmation: 'ANA@example.com',
    password: 'secreto',
    passwordConfirmation: 'secreto',
    dpi: '2476459660101',
  };
  it('checks a registration (spec 1 §5.1)', () => {
    expect(registrationSchema().parse(reg)).toMatchObject({ segundoNombre: '', comoSeEntero: '', observaciones: '' });
    expect(message(check(registrationSchema(), { ...reg, emailConfirmation: 'otra@example.com' }))).toBe(
      'Los correos electrónicos no coinciden.',
    );
    expect(message(check(registrationSchema(), { ...reg, passwordConfirmation: 'otra' }))).toBe(
      'Las contraseñas no coinciden.',
    );
    expect(message(check(registrationSchema(), { ...reg, password: '123', passwordConfirmation: '123' }))).toBe(
      'La contraseña debe tener al menos 6 caracteres.',
    );
    expect(message(check(registrationSchema(), { ...reg, comoSeEntero: 'tiktok' }))).toBe(
      'La opción de cómo te enteraste no es válida.',
    );
    expect(message(check(registrationSchema(), { ...reg, primerNombre: 'x'.repeat(121) }))).toBe(
      'El nombre no puede tener más de 120 caracteres.',
    );
    expect(message(check(registrationSchema(), { ...reg, observaciones: 'x'.repeat(501) }))).toBe(
      'Las observaciones no pueden superar los 500 caracteres.',
    );
    expect(message(check(registrationSchema(), { ...reg, primerNombre: 'Ana\u0000' }))).toBe(
      'El texto contiene caracteres no permitidos.',
    );
  });
});
