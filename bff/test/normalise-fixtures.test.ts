import { describe, expect, it } from 'vitest';
import { normaliseAdminEmail } from '../src/normalise/admin-email.js';
import { normaliseApiToken } from '../src/normalise/api-token.js';
import { normaliseAssignedTest } from '../src/normalise/assigned-test.js';
import { fieldsOf, id, listOf, pick, text } from '../src/normalise/fields.js';
import { normaliseInterview, normaliseApplicationInterview } from '../src/normalise/interview.js';
import { filterByKeyword, resolvePlace, type PlaceLookup } from '../src/normalise/place.js';
import { resolveStaffRole } from '../src/normalise/role.js';
import { normaliseStaffUser, parseEstatus } from '../src/normalise/staff-user.js';
import { normaliseTestTemplate } from '../src/normalise/test-template.js';
import { normaliseVacancy } from '../src/normalise/vacancy.js';

/**
 * Fixtures in the spellings the legacy api answers with (ARCHITECTURE principle 2): any case,
 * snake or camel case, `status` as '1' | 1 | true | 'True', the role under any key containing
 * 'rol', wrapped lists, dates with or without time.
 */
const rules = { adminUsernames: ['admin@org.gt'] };

describe('normalise/fields', () => {
  it('matches keys ignoring case, underscores and hyphens; first present spelling wins', () => {
    const f = fieldsOf({ Nombre_Vacante: 'Enfermera', 'fecha-limite': null, FECHALIMITE: '2025-01-01' });
    expect(pick(f, 'nombreVacante')).toBe('Enfermera');
    expect(pick(f, 'fechaLimite')).toBe('2025-01-01');
    expect(pick(f, 'nada', 'NOMBRE_VACANTE')).toBe('Enfermera');
  });
  it('reads text, ids and wrapped lists', () => {
    expect([text('  a '), text(''), text(3), text(true), text({})]).toEqual(['a', null, '3', 'true', null]);
    expect([id(12), id('0'), id('null'), id(' 7 ')]).toEqual(['12', null, null, '7']);
    expect(listOf({ data: [1] })).toEqual([1]);
    expect(listOf({ Items: [2] })).toEqual([2]);
    expect(listOf({ lista: [3] }, 'lista')).toEqual([3]);
    expect(listOf('[1,2]')).toEqual([]);
  });
});

describe('normalise/role', () => {
  it('reads the role under any spelling or any key containing "rol"; default 3; admin forced to 1', () => {
    expect(resolveStaffRole({ id: 5, IdRol: '2' }, rules)).toBe(2);
    expect(resolveStaffRole({ id: 5, id_rol: 1 }, rules)).toBe(1);
    expect(resolveStaffRole({ id: 5, miRolActual: '2' }, rules)).toBe(2);
    expect(resolveStaffRole({ id: 5 }, rules)).toBe(3);
    expect(resolveStaffRole({ id: 5, idrol: 'x' }, rules)).toBe(3);
    expect(resolveStaffRole({ id: 5, idrol: 4 }, rules, 'login')).toBe(3);
    expect(resolveStaffRole({ id: 5, idrol: 4 }, rules, 'restore')).toBe(4);
    expect(resolveStaffRole({ id: 9, Usuario_: ' ADMIN@org.gt ', idrol: 3 }, rules)).toBe(1);
    expect(resolveStaffRole({ idUsuario: '1', rol: 3 }, rules)).toBe(1);
  });
});

describe('normalise/staff-user', () => {
  it('reads estatus as boolean, 1/0 or "1"/"True"', () => {
    expect([true, 1, '1', 'True', ' true ', false, 0, '0', 'False', null].map(parseEstatus)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
  it('reads a user under legacy spellings; no id or user name, no user', () => {
    expect(
      normaliseStaffUser({ IdUsuario: 4, USUARIO_: 'Ana@Org.gt', Nombre: 'Ana', IdRol: '2', Estatus: '1' }, rules),
    ).toEqual({
      id: '4',
      name: 'Ana',
      email: 'ana@org.gt',
      roleId: 2,
      active: true,
    });
    expect(normaliseStaffUser({ id: 4, correo: 'b@org.gt', rol: 9, activo: 0 }, rules)).toMatchObject({
      name: 'b@org.gt',
      roleId: 3,
      active: false,
    });
    expect(normaliseStaffUser({ id: 4 }, rules)).toBeNull();
  });
});

describe('normalise/admin-email', () => {
  it('reads correo_id/correoId/id and email/correo; active unless said otherwise', () => {
    expect(normaliseAdminEmail({ Correo_Id: '3', CORREO: 'RRHH@Org.gt', nombre: 'RRHH', activo: '0' })).toEqual({
      id: '3',
      email: 'rrhh@org.gt',
      name: 'RRHH',
      active: false,
    });
    expect(normaliseAdminEmail({ correoId: 4, email: 'a@org.gt' })).toMatchObject({ name: '', active: true });
    expect(normaliseAdminEmail({ id: 0, email: 'a@org.gt' })).toBeNull();
  });
});

describe('normalise/api-token', () => {
  it('reads the token; a role that is not 1 or 2 is 3; revoked only when true', () => {
    expect(
      normaliseApiToken({
        ID: 8,
        Nombre: 'ERP',
        IdRol: '2',
        Creado_En: '2025-02-01 10:00:00',
        usadoEn: null,
        revocado: false,
      }),
    ).toEqual({
      id: '8',
      name: 'ERP',
      roleId: 2,
      createdAt: '2025-02-01 10:00:00',
      lastUsedAt: null,
      revoked: false,
    });
    expect(normaliseApiToken({ id: 9, idrol: '4', revocado: 'true' })).toMatchObject({
      name: 'API',
      roleId: 3,
      revoked: false,
    });
    expect(normaliseApiToken({ nombre: 'x' })).toBeNull();
  });
});

describe('normalise/test-template', () => {
  it('reads tipo and categoria in any case or accent; a link under link/linkExterno/url', () => {
    const t = normaliseTestTemplate({
      ID: 2,
      NOMBRE: 'Excel',
      tipo: 'enlace',
      Categoria: 'Técnica',
      LinkExterno: 'https://x.gt/p',
      Estatus: 'True',
      FechaCreacion: '2025-03-01T08:00:00Z',
    });
    expect(t).toMatchObject({
      id: '2',
      name: 'Excel',
      type: 'LINK',
      category: 'TECNICA',
      link: 'https://x.gt/p',
      hasFile: false,
    });
    expect(t?.createdAt).toBe('2025-03-01T08:00:00Z');
    expect(normaliseTestTemplate({ id: 3, nombre: 'PDF', archivoNombre: 'a.pdf', categoria: '??' })).toMatchObject({
      type: 'PDF',
      category: 'OTROS',
      fileName: 'a.pdf',
      hasFile: true,
      active: true,
    });
    expect(normaliseTestTemplate({ id: 3 })).toBeNull();
  });
});

describe('normalise/assigned-test', () => {
  it('reads a row in camel or snake case; the deadline is a date; a blank score is none', () => {
    const t = normaliseAssignedTest({
      Id: '11',
      postulante_id: 5,
      NombrePrueba: 'Excel',
      tipo_prueba: 'LINK',
      fecha_limite: '2025-04-30T23:59:00',
      Estado: 'completada',
      credenciales_acceso: 'u/p',
      link_externo: 'https://x.gt',
      puntaje: '',
    });
    expect(t).toMatchObject({
      id: '11',
      candidateId: '5',
      name: 'Excel',
      type: 'LINK',
      deadline: '2025-04-30',
      credentials: 'u/p',
      link: 'https://x.gt',
      resultScore: null,
    });
    expect(t?.state).toBe('COMPLETADA');
    expect(
      normaliseAssignedTest({ id: 1, postulanteId: 2, nombre: 'x', tipo: 'PDF', puntaje: '87.5' })?.resultScore,
    ).toBe(87.5);
    expect(normaliseAssignedTest({ id: 1, postulanteId: 2, nombre: 'x' })).toBeNull();
  });
});

describe('normalise/interview', () => {
  it('reads an interview; the date keeps only its day; participants from a list', () => {
    const i = normaliseInterview({
      ID: 4,
      CandidatoId: '9',
      Fecha_Entrevista: '2025-05-02T00:00:00',
      HoraInicio: '09:00',
      hora_fin: '09:30',
      modalidad: 'virtual',
      participantes: ['a@org.gt', 3, 'b@org.gt'],
      enlace: 'https://teams/x',
    });
    expect(i).toMatchObject({
      id: '4',
      candidateId: '9',
      date: '2025-05-02',
      from: '09:00',
      to: '09:30',
      mode: 'VIRTUAL',
      participants: ['a@org.gt', 'b@org.gt'],
      meetingLink: 'https://teams/x',
    });
    expect(normaliseInterview({ id: 4, postulanteId: 9, fecha: '2025-05-02', horaInicio: '9:00' })).toBeNull();
    expect(
      normaliseApplicationInterview({
        fecha: '2025-05-02 00:00',
        horaInicio: '9',
        horaFin: '10',
        modalidad: 'Presencial',
        sedeNombre: 'Central',
        sala: '2',
      }),
    ).toEqual({ date: '2025-05-02', from: '9', to: '10', mode: 'PRESENCIAL', place: 'Central · Sala: 2' });
  });
});

describe('normalise/place', () => {
  const lookup: PlaceLookup = {
    municipality: async (mid) =>
      mid === '0108' ? { id: '0108', name: 'Mixco', departmentId: '01', departmentName: 'Guatemala' } : null,
    department: async () => null,
  };
  it('turns a municipio:departamento pair into names, keeps free text, and filters by keyword', async () => {
    const ine = normaliseVacancy({ id: 1, nombreVacante: 'Enfermera', lugar: '108:1', estado: '1' });
    const free = normaliseVacancy({ id: 2, nombre: 'Médico', lugar: 'Zona 1, Ciudad', status: 'True' });
    expect(ine && free).toBeTruthy();
    expect((await resolvePlace(ine!, lookup)).text).toBe('Mixco, Guatemala');
    expect((await resolvePlace(free!, lookup)).text).toBe('Zona 1, Ciudad');
    expect((await filterByKeyword([ine!, free!], 'MIXCO enfermera', lookup)).map((v) => v.id)).toEqual(['1']);
    expect((await filterByKeyword([ine!, free!], 'medico', lookup)).map((v) => v.id)).toEqual(['2']);
  });
});
