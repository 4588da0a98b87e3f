import { describe, expect, it } from 'vitest';
import {
  can,
  CAPABILITIES,
  capabilityEnums,
  navLinksFor,
  roleFromEnum,
  roleFromId,
  ROLE_ENUM_OF_ID,
  routeRedirect,
  routeRule,
  ROUTES,
  staffRoleOrDefault,
  type RoleId,
} from '../src/index.js';

describe('roles', () => {
  it('maps the GraphQL enum and the REST ids, refusing anything else', () => {
    expect(['ADMIN', 'MANAGER', 'VIEWER', 'CANDIDATE'].map(roleFromEnum)).toEqual([1, 2, 3, 4]);
    expect(['admin', 'ROOT', '__proto__', 'toString', 1, null].map(roleFromEnum)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect([1, '2', ' 3 ', 4, 0, 5, '1a', 1.5].map(roleFromId)).toEqual([1, 2, 3, 4, null, null, null, null]);
    expect(ROLE_ENUM_OF_ID).toEqual({ 1: 'ADMIN', 2: 'MANAGER', 3: 'VIEWER', 4: 'CANDIDATE' });
  });

  it('resolves a login role as spec 2 §6 says (default 3)', () => {
    expect([1, '2', 3, 4, 0, 'x', undefined].map((r) => staffRoleOrDefault(r))).toEqual([1, 2, 3, 3, 3, 3, 3]);
    expect(staffRoleOrDefault(4, true)).toBe(4);
    expect(staffRoleOrDefault(5, true)).toBe(3);
  });

  it('holds the role matrix of spec 2 §6 and spec 3 §6', () => {
    const table: [keyof typeof CAPABILITIES, RoleId[]][] = [
      ['vacancy.view', [1, 2, 3]],
      ['vacancy.create', [1, 2]],
      ['vacancy.edit', [1, 2]],
      ['vacancy.delete', [1]],
      ['testTemplate.edit', [1, 2]],
      ['testTemplate.delete', [1]],
      ['adminEmail.edit', [1, 2]],
      ['adminEmail.delete', [1]],
      ['staffUser.manage', [1]],
      ['apiToken.manage', [1]],
      ['candidate.view', [1, 2, 3]],
      ['candidate.changeState', [1, 2]],
      ['candidate.reactivate', [1]],
      ['candidate.delete', [1, 2]],
      ['candidate.history', [1, 2]],
      ['candidate.ownProfile', [4]],
      ['audit.view', [1]],
      ['retention.manage', [1]],
    ];
    for (const [capability, roles] of table)
      for (const r of [1, 2, 3, 4] as RoleId[])
        expect(can(r, capability), `${capability} role ${r}`).toBe(roles.includes(r));
    expect(can(null, 'vacancy.view')).toBe(false);
    expect(capabilityEnums('vacancy.edit')).toEqual(['ADMIN', 'MANAGER']);
  });
});

describe('route table (spec 1 §2.1, spec 2 §2, spec 3 §2.8)', () => {
  it('knows every route of the specs', () => {
    // The specs' 23, the vacancy board of issue 23, the e-mail templates, the audit log and retention of issue 24.
    expect(ROUTES.map((r) => r.path)).toHaveLength(27);
    expect(routeRedirect('/panel/auditoria', 2)).toBe('/panel');
    expect(routeRedirect('/panel/auditoria', 1)).toBeNull();
    expect(routeRedirect('/panel/retencion', 2)).toBe('/panel');
    expect(routeRedirect('/panel/retencion', 1)).toBeNull();
    expect(routeRule('/panel/plazas/7/tablero')?.path).toBe('/panel/plazas/:id/tablero');
    expect(routeRule('/panel/detallecandidato/15')?.path).toBe('/panel/detallecandidato/:id');
    expect(routeRule('/panel/usuarios/')?.path).toBe('/panel/usuarios');
    expect(routeRule('/nada')).toBeNull();
  });

  it.each([
    ['/', null, null],
    ['/', 4, null],
    ['/vacantes', null, null],
    ['/perfil', null, '/'],
    ['/perfil', 4, null],
    ['/perfil', 1, '/panel'],
    ['/perfil/documentos/abc', null, null],
    ['/perfil/documentos/abc', 4, null],
    ['/perfil/documentos/abc', 2, '/panel'],
    ['/panel', null, '/'],
    ['/panel', 3, null],
    ['/panel', 4, '/perfil'],
    ['/panel/historial', 3, '/panel'],
    ['/panel/historial', 2, null],
    ['/panel/plazas/crear-vacante', 3, '/panel'],
    ['/panel/usuarios', 2, '/panel'],
    ['/panel/usuarios', 1, null],
    ['/panel/plantillas', 2, '/panel'],
    ['/panel/plantillas', 3, '/panel'],
    ['/panel/plantillas', 4, '/perfil'],
    ['/panel/plantillas', null, '/'],
    ['/panel/plantillas', 1, null],
    ['/panel/asignacionpruebas/3', 3, null],
    ['/reclutadores/login', 4, null],
    ['/preguntas-frecuentes', null, null],
    ['/otra', null, '/'],
    ['/otra', 4, '/perfil'],
    ['/otra', 2, '/panel'],
  ] as const)('%s for role %s → %s', (path, role, target) => {
    expect(routeRedirect(path, role)).toBe(target);
  });

  it('builds the navigation per role (spec 1 §2.2)', () => {
    expect(navLinksFor(4)).toEqual([{ path: '/perfil', label: 'Mi Perfil' }]);
    expect(navLinksFor(3).map((l) => l.label)).toEqual(['Panel', 'Plazas', 'Candidatos']);
    expect(navLinksFor(2).map((l) => l.label)).toEqual(['Panel', 'Plazas', 'Candidatos', 'Historial', 'Reportes']);
    expect(navLinksFor(1).map((l) => l.label)).toEqual([
      'Panel',
      'Plazas',
      'Candidatos',
      'Historial',
      'Reportes',
      'Usuarios',
      'Plantillas',
      'Auditoría',
      'Retención',
    ]);
    expect(navLinksFor(null)).toEqual([]);
  });
});
