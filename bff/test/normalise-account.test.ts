import { describe, expect, it } from 'vitest';
import {
  apiTokenBody,
  answerText,
  candidateAccount,
  loginBody,
  registrationBody,
  sessionStateBody,
  toRestRegistration,
  toRestStaffLogin,
} from '../src/normalise/account.js';

/** Fixtures in the spellings the legacy api answers with (ARCHITECTURE principle 2). */
describe('normalise/account', () => {
  it('reads a candidate login answer under user or usuario, any case', () => {
    const a = loginBody({
      success: true,
      user: { ID: '7', Primer_Nombre: 'Ana', PRIMER_APELLIDO: 'López', EMAIL: ' ana@x.gt ' },
      vinculadas: '2',
    });
    expect(a).toMatchObject({
      success: true,
      userId: '7',
      name: 'Ana López',
      email: 'ana@x.gt',
      linkedApplications: 2,
    });
    const b = loginBody({ Success: true, usuario: { id: 3, nombre_completo: 'Luis Pérez', usuario_: 'luis@org.gt' } });
    expect(b).toMatchObject({ userId: '3', name: 'Luis Pérez', username: 'luis@org.gt', linkedApplications: 0 });
    expect(loginBody('<html>')).toMatchObject({ success: false, userId: null, linkedApplications: 0 });
    expect(loginBody({ success: 'true', user: { id: 0 } })).toMatchObject({ success: false, userId: null });
  });

  it("takes the api's message under message, mensaje or error, or a bare text", () => {
    expect(answerText({ Mensaje: 'Usuario inactivo.' })).toBe('Usuario inactivo.');
    expect(answerText({ error: ' Credenciales inválidas ' })).toBe('Credenciales inválidas');
    expect(answerText('  algo falló  ')).toBe('algo falló');
    expect(answerText({})).toBeNull();
  });

  it('reads a registration refusal and its conflict code', () => {
    expect(registrationBody({ success: false, Conflict: 'dpi_titular' })).toEqual({
      refused: true,
      conflict: 'dpi_titular',
    });
    expect(registrationBody({ ok: 1 })).toEqual({ refused: false, conflict: null });
  });

  it('reads session state with status as 1, "1", true or "True" and the role under idrol or rol', () => {
    for (const activo of [1, '1', true, 'True'])
      expect(sessionStateBody({ activo, idRol: '2' })).toMatchObject({ active: true, role: '2' });
    expect(sessionStateBody({ Estatus: '0', ROL: 3 })).toMatchObject({ active: false, role: 3 });
  });

  it('reads an API-token check; a revoked one is none', () => {
    expect(apiTokenBody({ ID: 5, Nombre: 'ERP', IdRol: '2' })).toEqual({ id: '5', name: 'ERP', roleId: 2 });
    expect(apiTokenBody({ id: 5, revocado: true })).toBeNull();
    expect(apiTokenBody({ nombre: 'x' })).toBeNull();
  });

  it("reads the candidate's account with upper-case or camel-case fields; no name, no account", () => {
    expect(
      candidateAccount({
        PRIMER_NOMBRE: 'Ana',
        primerApellido: 'López',
        Fecha_Registro: '2024-03-01T10:00:00',
        Observaciones: '',
      }),
    ).toEqual({
      firstName: 'Ana',
      secondName: null,
      firstSurname: 'López',
      secondSurname: null,
      marriedSurname: null,
      howHeard: null,
      observations: null,
      registeredAt: '2024-03-01T10:00:00',
    });
    expect(candidateAccount({ primer_nombre: '  ' })).toBeNull();
    expect(candidateAccount(null)).toBeNull();
  });

  it('writes the request bodies in the api spelling', () => {
    expect(toRestStaffLogin('a@org.gt', 'x')).toEqual({
      id: 0,
      nombre: '',
      usuario_: 'a@org.gt',
      clave: 'x',
      estatus: '1',
      idRol: 0,
    });
    expect(
      toRestRegistration({
        primerNombre: 'Ana',
        primerApellido: 'López',
        email: 'ANA@X.GT',
        password: 'p',
        dpi: '1587564440904',
      }),
    ).toEqual({
      PrimerNombre: 'Ana',
      SegundoNombre: '',
      PrimerApellido: 'López',
      SegundoApellido: '',
      Email: 'ana@x.gt',
      Password: 'p',
      ComoSeEntero: '',
      Observaciones: '',
      Dpi: '1587564440904',
    });
  });
});
