import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseAuditEntry, normaliseAuditPage, normaliseAuditVerification } from '../src/normalise/audit-log.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { staffCookie, startStack, type Stack } from './support.js';

describe('audit log: the normalisers', () => {
  it('reads a row, in the api spelling and the snake_case one; skips rows without id, time or action', () => {
    expect(
      normaliseAuditEntry({
        id: 7,
        fecha: '2026-11-27T15:00:00.000Z',
        actorTipo: 'usuario',
        actorId: 1,
        actorNombre: 'Admin',
        accion: 'plaza.eliminar',
        objetivoTipo: 'plaza',
        objetivoId: '12',
        direccion: '203.0.113.7',
        solicitud: 'abc',
        detalle: { candidatosEliminados: 3 },
      }),
    ).toEqual({
      id: '7',
      at: '2026-11-27T15:00:00.000Z',
      actorKind: 'USER',
      actorId: '1',
      actorName: 'Admin',
      action: 'plaza.eliminar',
      targetKind: 'plaza',
      targetId: '12',
      address: '203.0.113.7',
      requestId: 'abc',
      detail: { candidatosEliminados: 3 },
    });
    expect(
      normaliseAuditEntry({ id: '8', fecha: '2026-11-27 10:00:00Z', actor_tipo: 'TOKEN', accion: 'x', objetivo_id: 3 }),
    ).toMatchObject({ id: '8', actorKind: 'TOKEN', targetId: '3', targetKind: null, actorName: null });
    expect(normaliseAuditEntry({ id: 9, accion: 'x' })).toBeNull();
    expect(normaliseAuditEntry({ id: 9, fecha: 'ayer', accion: 'x' })).toBeNull();
    const page = normaliseAuditPage(
      {
        items: [{ id: 1, fecha: '2026-11-27T15:00:00Z', accion: 'a' }, { id: 2 }],
        totalCount: 2,
        page: 1,
        pageSize: 25,
      },
      { page: 1, pageSize: 25 },
    );
    expect(page.items).toHaveLength(1);
    expect(page.totalCount).toBe(2);
    expect(normaliseAuditPage([], { page: 2, pageSize: 5 })).toEqual({
      items: [],
      totalCount: 0,
      page: 2,
      pageSize: 5,
    });
  });

  it('reads the verification; anything unreadable is not taken for ok', () => {
    expect(normaliseAuditVerification({ ok: true, count: 3 })).toEqual({ ok: true, count: 3 });
    expect(
      normaliseAuditVerification({ ok: false, count: 2, brokenId: 3, brokenAt: '2026-11-27T15:00:00.000Z' }),
    ).toEqual({ ok: false, count: 2, brokenId: 3, brokenAt: '2026-11-27T15:00:00.000Z' });
    expect(normaliseAuditVerification({ ok: 'true' })).toBeNull();
    expect(normaliseAuditVerification({ ok: false, count: 1 })).toBeNull();
  });
});

describe('audit log through the BFF (real api)', () => {
  let stack: Stack;
  let admin = '';
  let manager = '';

  const gql = (query: string, cookie?: string, variables?: object) => {
    const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
    if (cookie) r.set('cookie', cookie);
    return r.send({ query, variables });
  };
  const ENTRY = 'id at actorKind actorName action actionLabel targetKind targetId targetLabel detail address requestId';

  beforeAll(async () => {
    stack = await startStack();
    admin = await staffCookie(stack.bff.app, DEMO.admin, DEMO_PASSWORD);
    manager = await staffCookie(stack.bff.app, DEMO.manager, DEMO_PASSWORD);
  }, 120_000);
  afterAll(() => stack?.close());

  it('records an admin action with the actor, the browser address and the request id the BFF answered', async () => {
    const created = await gql(
      'mutation { createApiToken(name: "=Nómina", role: MANAGER) { apiToken { id } token } }',
      admin,
    );
    const tokenId = created.body.data.createApiToken.apiToken.id as string;
    const reqId = created.headers['x-request-id'] as string;
    const log = await gql(`{ auditLog(filter: { action: "token.crear" }) { totalCount items { ${ENTRY} } } }`, admin);
    expect(log.body.data.auditLog.items).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        actorKind: 'USER',
        actorName: expect.stringMatching(/\S/),
        action: 'token.crear',
        actionLabel: 'Token de API creado',
        targetKind: 'token',
        targetId: tokenId,
        targetLabel: `Token de API #${tokenId}`,
        // The row's detail in words (it was recorded, and shown nowhere: a helper's look).
        detail: 'Rol: Gestor',
        address: '127.0.0.1',
        requestId: reqId,
      },
    ]);

    // A call made with that token names the token.
    const bearer = `Bearer ${created.body.data.createApiToken.token as string}`;
    const tag = await request(stack.bff.app)
      .post('/graphql')
      .set('authorization', bearer)
      .send({ query: 'mutation { createTag(name: "=HYPERLINK(1)", color: "red") { tag { id } } }' });
    expect(tag.body.errors).toBeUndefined();
    const byToken = await gql(
      `{ auditLog(filter: { actor: "nómina" }) { items { actorKind actorName action } } }`,
      admin,
    );
    expect(byToken.body.data.auditLog.items).toEqual([
      { actorKind: 'TOKEN', actorName: '=Nómina', action: 'etiqueta.definir' },
    ]);
  });

  it('records a failed log-in without the e-mail typed', async () => {
    const bad = await gql(
      'mutation { staffLogin(username: "alguien.mas@ejemplo.org.gt", password: "NoEsLaClave1!") { error { __typename } } }',
    );
    expect(bad.body.data.staffLogin.error).not.toBeNull();
    const log = await gql(`{ auditLog(filter: { action: "sesion.fallida" }) { items { ${ENTRY} } } }`, admin);
    expect(log.body.data.auditLog.items).toHaveLength(1);
    expect(JSON.stringify(log.body)).not.toContain('alguien.mas');
    expect(log.body.data.auditLog.items[0]).toMatchObject({
      actorKind: 'SYSTEM',
      address: '127.0.0.1',
      detail: 'Motivo: cuenta desconocida',
    });
  });

  it("records a staff member's log-out with their name; a candidate's log-out is not staff work", async () => {
    const viewer = await staffCookie(stack.bff.app, DEMO.viewer, DEMO_PASSWORD);
    const out = await gql('mutation { logout }', viewer);
    expect(out.body).toEqual({ data: { logout: true } });
    // The session is over.
    expect((await gql('{ me { id } }', viewer)).body.data.me).toBeNull();
    const candidate = await request(stack.bff.app)
      .post('/graphql')
      .send({
        query: 'mutation($u: String!, $p: String!) { candidateLogin(email: $u, password: $p) { viewer { id } } }',
        variables: { u: DEMO.candidate, p: DEMO_PASSWORD },
      });
    const candidateCookie = String(candidate.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    expect((await gql('mutation { logout }', candidateCookie)).body.data.logout).toBe(true);
    const log = await gql(`{ auditLog(filter: { action: "sesion.salida" }) { items { ${ENTRY} } } }`, admin);
    expect(log.body.data.auditLog.items).toEqual([
      expect.objectContaining({
        actorKind: 'USER',
        actorName: expect.stringMatching(/\S/),
        action: 'sesion.salida',
        actionLabel: 'Cierre de sesión',
        targetKind: 'usuario',
        address: '127.0.0.1',
      }),
    ]);
  });

  it('verifies the chain and words the answer in Spanish', async () => {
    const v = await gql('{ verifyAuditLog { ok count brokenId message } }', admin);
    const { ok, count, brokenId, message } = v.body.data.verifyAuditLog;
    expect({ ok, brokenId }).toEqual({ ok: true, brokenId: null });
    expect(message).toBe(`La bitácora está íntegra: ${count} registros verificados.`);
  });

  it('refuses an unknown action and a reversed range with a Spanish message', async () => {
    const r = await gql('{ auditLog(filter: { action: "borrar.todo" }) { totalCount } }', admin);
    expect(r.body.errors[0]).toMatchObject({ message: 'Acción desconocida.', extensions: { code: 'BAD_USER_INPUT' } });
    const d = await gql('{ auditLog(filter: { from: "2026-12-01", to: "2026-11-01" }) { totalCount } }', admin);
    expect(d.body.errors[0].message).toBe('La fecha inicial debe ser anterior o igual a la final.');
  });

  it('exports the filtered log as CSV for the administrator only, formulas escaped, and records the export', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    // Through the handler production serves (bff.handler: the request log, metrics and shutdown
    // tracking each listen for the response's 'close'), not the bare Express app.
    const csv = await request(stack.bff.handler)
      .get('/reports/auditoria.csv?action=etiqueta.definir')
      .set('cookie', admin);
    await new Promise((r) => setTimeout(r, 20));
    process.off('warning', onWarning);
    expect(csv.status).toBe(200);
    // Streamed through files/stream-to-response like every other file: no listener-leak warning
    // (the browser suite printed one, stop 36).
    expect(warnings).not.toContain('MaxListenersExceededWarning');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="bitacora-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Registro,Fecha,Tipo de actor,Actor,Acción,Objetivo,Detalle,Dirección,Solicitud');
    expect(lines).toHaveLength(2);
    // A name a spreadsheet would run as a formula stays text.
    expect(lines[1]).toContain("Token de API,'=Nómina,Etiqueta definida,Etiqueta #");
    const log = await gql('{ auditLog(filter: { action: "auditoria.exportar" }) { totalCount } }', admin);
    expect(log.body.data.auditLog.totalCount).toBe(1);
    expect((await request(stack.bff.app).get('/reports/auditoria.csv').set('cookie', manager)).status).toBe(403);
    expect((await request(stack.bff.app).get('/reports/auditoria.csv')).status).toBe(401);
    expect((await request(stack.bff.app).get('/reports/auditoria.csv?from=ayer').set('cookie', admin)).status).toBe(
      400,
    );
  });
});
