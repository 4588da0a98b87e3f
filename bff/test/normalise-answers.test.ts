import { describe, expect, it } from 'vitest';
import { normaliseAdminEmailList } from '../src/normalise/admin-email.js';
import { normaliseApiTokenList } from '../src/normalise/api-token.js';
import { asConflict, normaliseApplicationReceipt, normaliseDuplicateCheck } from '../src/normalise/application.js';
import { normaliseAssignedTestAnswer, normaliseAssignedTestList } from '../src/normalise/assigned-test.js';
import { normaliseBranchList } from '../src/normalise/branch.js';
import {
  normaliseExportFiles,
  normaliseMyApplicationList,
  normaliseProfileSave,
} from '../src/normalise/candidate-profile.js';
import { normaliseDocumentRequestAnswer } from '../src/normalise/document-request.js';
import { normaliseErrorBody } from '../src/normalise/error-body.js';
import { normaliseDepartmentList, normaliseMunicipalityList } from '../src/normalise/geography.js';
import {
  normaliseInterviewList,
  normaliseScheduleAnswer,
  normaliseScheduleRefusal,
} from '../src/normalise/interview.js';
import { normaliseStaffUserList, toggledEstatus } from '../src/normalise/staff-user.js';
import { normaliseStateChange } from '../src/normalise/state-change.js';
import { normaliseTestTemplateList } from '../src/normalise/test-template.js';
import { confirmsSuccess, createdIdOf, normaliseStagedFile, refusesSuccess } from '../src/normalise/write-answer.js';

/**
 * The answers the upstream clients hand over whole (ARCHITECTURE.md, bff: upstream/ knows paths
 * and statuses, normalise/ the field names): error bodies, write receipts, list wrappers, in the
 * spellings the api and the legacy backend use.
 */

describe('normalise/error-body', () => {
  it('reads message, title, code and fields in Spanish or English keys', () => {
    expect(
      normaliseErrorBody({
        mensaje: ' La plaza ya no acepta postulaciones. ',
        titulo: 'Campo Obligado',
        codigo: 'dpi',
        errores: [
          { campo: 'dpi', mensaje: 'DPI inválido' },
          { path: 'x', message: '' },
        ],
      }),
    ).toEqual({
      message: 'La plaza ya no acepta postulaciones.',
      title: 'Campo Obligado',
      code: 'dpi',
      fields: [{ path: 'dpi', message: 'DPI inválido' }],
    });
    expect(normaliseErrorBody({ Error: 'No encontrado', Conflict: 'EMAIL', Fields: 'no list' })).toEqual({
      message: 'No encontrado',
      title: null,
      code: 'EMAIL',
    });
  });
  it('a text body is the message (cut to 300); an HTML page is none', () => {
    expect(normaliseErrorBody('  Solicitud inválida  ').message).toBe('Solicitud inválida');
    expect(normaliseErrorBody('x'.repeat(400)).message).toHaveLength(300);
    expect(normaliseErrorBody('<html><body>502</body></html>').message).toBeNull();
    expect(normaliseErrorBody(null)).toEqual({ message: null, title: null, code: null });
  });
});

describe('normalise/state-change', () => {
  it('reads the candidate under candidato or postulante and whether the e-mail was queued', () => {
    const moved = normaliseStateChange({ candidato: { id: 4, estado: 'Entrevista' }, correoEncolado: false });
    expect(moved.candidate).toMatchObject({ id: '4', state: 'entrevista' });
    expect(moved.emailQueued).toBe(false);
    const legacy = normaliseStateChange({ Postulante: { ID: '5', ESTADOPOSTULANTE: 'induccion' } });
    expect(legacy.candidate).toMatchObject({ id: '5', state: 'inducción' });
    expect(legacy.emailQueued).toBe(true);
    expect(normaliseStateChange({ correoEncolado: 'true' })).toEqual({ candidate: null, emailQueued: false });
  });
});

describe('normalise/write-answer', () => {
  it('reads the created id, the success flag and a staged file receipt', () => {
    expect([createdIdOf({ id: 12 }), createdIdOf({ Id: '0' }), createdIdOf({ ID: ' 7 ' }), createdIdOf(null)]).toEqual([
      '12',
      null,
      '7',
      null,
    ]);
    expect([confirmsSuccess({ success: true }), confirmsSuccess({ Success: 'true' }), confirmsSuccess({})]).toEqual([
      true,
      false,
      false,
    ]);
    expect([refusesSuccess({ SUCCESS: false }), refusesSuccess({}), refusesSuccess({ success: 0 })]).toEqual([
      true,
      false,
      false,
    ]);
    expect(normaliseStagedFile({ id: 'ab12', tamano: '2048', tipo: 'pdf' })).toEqual({
      id: 'ab12',
      size: 2048,
      mime: 'application/pdf',
    });
    expect(normaliseStagedFile({ Id: 'x', Tamano: 10, Tipo: 'png' })).toEqual({ id: 'x', size: 10, mime: 'image/png' });
    expect(normaliseStagedFile({ id: 'x', tamano: 10, tipo: 'exe' })).toBeNull();
    expect(normaliseStagedFile({ id: 'x', tamano: 1.5, tipo: 'pdf' })).toBeNull();
    expect(normaliseStagedFile({ tamano: 10, tipo: 'pdf' })).toBeNull();
  });
});

describe('normalise/application', () => {
  it('reads the duplicate check: ok as true, "true" or 1; a conflict is never ok', () => {
    expect(normaliseDuplicateCheck({ ok: true })).toEqual({ ok: true, conflict: null, message: null });
    expect(normaliseDuplicateCheck({ Ok: 'true', mensaje: 'Bien' })).toEqual({
      ok: true,
      conflict: null,
      message: 'Bien',
    });
    expect(normaliseDuplicateCheck({ OK: 1, conflicto: 'ya_aplico', message: 'Ya aplicó' })).toEqual({
      ok: false,
      conflict: 'YA_APLICO',
      message: 'Ya aplicó',
    });
    expect(normaliseDuplicateCheck({ ok: 'yes', conflict: 'otra cosa' })).toEqual({
      ok: false,
      conflict: null,
      message: null,
    });
    expect([asConflict(' DPI '), asConflict('email_dpi_mismatch'), asConflict(3)]).toEqual([
      'DPI',
      'EMAIL_DPI_MISMATCH',
      null,
    ]);
  });
  it('reads the receipt under postulanteId, PostulanteId or id', () => {
    expect(normaliseApplicationReceipt({ postulanteId: 31, message: 'Enviada' })).toEqual({
      id: '31',
      message: 'Enviada',
    });
    expect(normaliseApplicationReceipt({ PostulanteId: '32' })).toEqual({ id: '32', message: null });
    expect(normaliseApplicationReceipt({ id: 33, mensaje: 'OK' })).toEqual({ id: '33', message: 'OK' });
    expect(normaliseApplicationReceipt({ success: true })).toEqual({ id: null, message: null });
  });
});

describe('list answers: bare, or wrapped under the Spanish key or a generic one', () => {
  it('branches, municipalities and departments', () => {
    const sedes = [{ id: 1, nombre: 'Central' }, { IdSede: '2', NombreSede: 'Cobán' }, { nombre: 'sin id' }];
    expect(normaliseBranchList(sedes).map((b) => b.id)).toEqual(['1', '2']);
    expect(normaliseBranchList({ Sedes: sedes })).toEqual(normaliseBranchList(sedes));
    expect(normaliseBranchList({ data: sedes })).toHaveLength(2);
    expect(normaliseMunicipalityList({ municipios: [{ codigo: 1601, nombre: 'Cobán' }] })).toEqual([
      { id: '1601', name: 'Cobán', departmentId: '16', departmentName: null },
    ]);
    expect(normaliseDepartmentList({ departamentos: [{ Code: 1, Remarks: 'Guatemala' }, { x: 1 }] })).toEqual([
      { id: '01', name: 'Guatemala' },
    ]);
    expect(normaliseDepartmentList('nada')).toEqual([]);
  });
  it('admin e-mails, API tokens, staff users, test templates', () => {
    expect(normaliseAdminEmailList({ correos: [{ correo_id: 1, Correo: 'RRHH@org.gt' }] })).toEqual([
      { id: '1', email: 'rrhh@org.gt', name: '', active: true },
    ]);
    expect(
      normaliseApiTokenList({ items: [{ id: 3, nombre: 'ERP', idrol: 2, creado_en: '2026-11-01' }] }),
    ).toMatchObject([{ id: '3', name: 'ERP', roleId: 2, revoked: false }]);
    const rules = { adminUsernames: [] };
    expect(
      normaliseStaffUserList({ usuarios: [{ IdUsuario: 5, Usuario_: 'Eva@Org.gt', idRol: 2, estatus: '1' }] }, rules),
    ).toEqual([{ id: '5', name: 'Eva@Org.gt', email: 'eva@org.gt', roleId: 2, active: true }]);
    expect(normaliseStaffUserList([{ nombre: 'sin id' }], rules)).toEqual([]);
    const templates = normaliseTestTemplateList({
      Templates: [{ id: 2, nombre: 'Excel', tipo: 'LINK', categoria: 'TECNICA' }],
    });
    expect(templates.map((t) => [t.id, t.name])).toEqual([['2', 'Excel']]);
    expect(normaliseTestTemplateList({ pruebas: [{ id: 2, nombre: 'Excel' }] })).toHaveLength(1);
  });
  it('assigned tests, interviews, my applications', () => {
    const prueba = {
      id: 8,
      postulanteId: 4,
      templateId: 2,
      nombrePrueba: 'Excel',
      tipoPrueba: 'LINK',
      estado: 'ASIGNADA',
    };
    expect(normaliseAssignedTestList({ pruebas: [prueba] }).map((t) => t.id)).toEqual(['8']);
    expect(normaliseAssignedTestList([prueba, {}]).map((t) => t.id)).toEqual(['8']);
    expect(normaliseAssignedTestAnswer({ prueba })?.id).toBe('8');
    expect(normaliseAssignedTestAnswer(prueba)?.id).toBe('8');
    const entrevista = {
      id: 6,
      postulanteId: 4,
      fecha: '2026-12-01',
      horaInicio: '09:00',
      horaFin: '10:00',
      modalidad: 'VIRTUAL',
    };
    expect(normaliseInterviewList({ data: [entrevista] }).map((i) => i.id)).toEqual(['6']);
    expect(normaliseInterviewList([entrevista, null]).map((i) => i.id)).toEqual(['6']);
    const postulacion = { id: 9, vacanteId: 3, nombreVacante: 'Piloto', estado: 'postulado' };
    expect(normaliseMyApplicationList({ postulaciones: [postulacion] }).map((a) => a.id)).toEqual(
      normaliseMyApplicationList([postulacion]).map((a) => a.id),
    );
  });
});

describe('answers of single writes', () => {
  it('staff toggle: the new estatus in any form, null when absent', () => {
    expect([toggledEstatus({ estatus: '0' }), toggledEstatus({ Estatus: 1 }), toggledEstatus({})]).toEqual([
      false,
      true,
      null,
    ]);
  });
  it('document request: the request under solicitud; success: false is none', () => {
    const solicitud = { id: 3, postulanteId: 4, documentos: ['curriculum'], notas: 'Vencido', creadaEn: '2026-11-01' };
    expect(normaliseDocumentRequestAnswer({ success: true, solicitud })).not.toBeNull();
    expect(normaliseDocumentRequestAnswer({ Success: false, Solicitud: solicitud })).toBeNull();
    expect(normaliseDocumentRequestAnswer({ success: true })).toBeNull();
  });
  it('profile save: success: false refuses; the profile under perfil or profile', () => {
    expect(normaliseProfileSave({ success: false }, '4')).toEqual({ refused: true });
    expect(normaliseProfileSave({ success: true }, '4')).toEqual({ refused: false, profile: null });
    const saved = normaliseProfileSave({ Profile: { primerNombre: 'Ana', email: 'ana@example.com' } }, '4');
    expect(saved.refused).toBe(false);
    expect(saved.refused === false && saved.profile?.userId).toBe('4');
  });
  it("'Mis datos' file list: scope, tipo and nombre defaulted, entries without a valid id dropped", () => {
    expect(
      normaliseExportFiles({
        archivos: [
          { scope: 'postulacion', id: 5, tipo: 'curriculum', nombre: 'cv.pdf' },
          { Scope: 'otro', Id: '6' },
          { id: 0 },
          { tipo: 'dpi' },
        ],
      }),
    ).toEqual([
      { scope: 'postulacion', id: '5', kind: 'curriculum', name: 'cv.pdf' },
      { scope: 'perfil', id: '6', kind: 'archivo', name: 'archivo' },
    ]);
    expect(normaliseExportFiles({})).toEqual([]);
  });
  it('interview scheduling: the answer and a refusal', () => {
    expect(normaliseScheduleAnswer({ entrevista: null, meetingLink: ' https://teams/x ' })).toEqual({
      interview: null,
      meetingLink: 'https://teams/x',
    });
    expect(normaliseScheduleRefusal({ error: 'Hora inválida', campo: 'horaFin' })).toEqual({
      message: 'Hora inválida',
      details: null,
      field: 'horaFin',
      title: null,
    });
    expect(normaliseScheduleRefusal({ Title: 'No autorizado', Details: 'Graph 403', Message: 'x' })).toEqual({
      message: 'x',
      details: 'Graph 403',
      field: null,
      title: 'No autorizado',
    });
  });
});
