import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABEL,
  auditCsvCells,
  auditExportUrl,
  auditVerificationMessage,
  csvLine,
  describeAuditDetail,
  auditTargetIdInput,
  describeAuditTarget,
  formatAuditInstant,
} from '../src/index.js';

describe('audit log wording (issue 24)', () => {
  it('words the verification as the panel shows it', () => {
    expect(auditVerificationMessage({ ok: true, count: 1523 })).toBe(
      'La bitácora está íntegra: 1523 registros verificados.',
    );
    expect(auditVerificationMessage({ ok: true, count: 1 })).toBe('La bitácora está íntegra: 1 registro verificado.');
    // 02:30 UTC is 20:30 of the day before in Guatemala.
    expect(auditVerificationMessage({ ok: false, count: 40, brokenId: 41, brokenAt: '2026-11-27T02:30:00.000Z' })).toBe(
      'Registro alterado: #41 del 26/11/2026 20:30.',
    );
    expect(formatAuditInstant('no')).toBe('');
  });

  it('names actions and targets in Spanish', () => {
    expect(AUDIT_ACTION_LABEL['plaza.eliminar']).toBe('Plaza eliminada');
    expect(describeAuditTarget('plaza', '12')).toBe('Plaza #12');
    expect(describeAuditTarget(null, null)).toBe('—');
    expect(describeAuditTarget('plantilla', 'postulacion-recibida')).toBe('Plantilla «Postulación recibida»');
    expect(describeAuditTarget('plantilla', 'ya-no-existe')).toBe('Plantilla #ya-no-existe');
    expect([auditTargetIdInput('plantilla'), auditTargetIdInput('plaza'), auditTargetIdInput('auditoria')]).toEqual([
      'template',
      'number',
      null,
    ]);
    expect(describeAuditTarget('auditoria', null)).toBe('Bitácora');
  });

  it('words the detail of a row: states, roles, counts and ids; nothing without one', () => {
    expect(describeAuditDetail({ de: 'postulado', a: 'en seguimiento' })).toBe('De: Postulado · A: En seguimiento');
    // The api's jsonb gives the keys back in an order of its own ('a' before 'de').
    expect(describeAuditDetail({ a: 1, de: 3 })).toBe('De: Visualizador · A: Administrador');
    expect(describeAuditDetail({ motivo: 'contraseña incorrecta' })).toBe('Motivo: contraseña incorrecta');
    expect(describeAuditDetail({ lista: 'vacancy', plazaId: 7, filas: 12, formato: 'xlsx' })).toBe(
      'Lista: Postulantes por plaza · Plaza: #7 · Filas: 12 · Formato: xlsx',
    );
    expect(describeAuditDetail({ antes: [], despues: [3, 4], destacado: true })).toBe(
      'Destacada: sí · Antes: ninguna · Después: 3, 4',
    );
    expect(describeAuditDetail({ nuevo: 'x', plazaId: null })).toBe('Plaza: — · nuevo: x');
    // Codes in the screens' words (a helper's look found 'Recomendación: CONTRATAR').
    expect(describeAuditDetail({ evaluacionId: 4, recomendacion: 'CONTRATAR', edicion: false })).toBe(
      'Evaluación: #4 · Recomendación: Contratar · Edición: no',
    );
    expect(describeAuditDetail({ tipo: 'fotografia', ambito: 'postulacion', postulanteId: 9 })).toBe(
      'Candidato: #9 · Ámbito: Postulación · Tipo: Fotografía',
    );
    expect(describeAuditDetail({ ambito: 'perfil', tipo: 'carta' })).toBe('Ámbito: Perfil · Tipo: DPI escaneado');
    expect(describeAuditDetail({ tipo: 'diaria', anonimizados: 2 })).toBe('Tipo: Diaria · Anonimizados: 2');
    expect(describeAuditDetail({ como: 'restaurada', version: 3 })).toBe('Cómo: Versión restaurada · Versión: #3');
    expect(describeAuditDetail({ tipo: 'otro' })).toBe('Tipo: otro');
    expect(describeAuditDetail(null)).toBe('');
    expect(describeAuditDetail('texto')).toBe('');
  });

  it('escapes formulas in the CSV and links the filtered export', () => {
    const line = csvLine(
      auditCsvCells({
        id: 3,
        at: '2026-11-27T15:00:00.000Z',
        actorKind: 'token',
        actorName: '=HYPERLINK("x")',
        action: 'token.crear',
        targetKind: 'token',
        targetId: '4',
        detail: { rol: 2 },
        address: null,
        requestId: 'r1',
      }),
    );
    expect(line).toBe(
      `3,27/11/2026 09:00,Token de API,"'=HYPERLINK(""x"")",Token de API creado,Token de API #4,Rol: Gestor,,r1\r\n`,
    );
    expect(auditExportUrl({})).toBe('/reports/auditoria.csv');
    expect(auditExportUrl({ action: 'plaza.crear', from: '2026-11-01', actor: ' ' })).toBe(
      '/reports/auditoria.csv?action=plaza.crear&from=2026-11-01',
    );
  });
});
