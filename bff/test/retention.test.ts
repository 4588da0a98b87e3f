import { addDays, RETENTION_UI } from '@bolsa/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { staffCookie, startStack, type Stack } from './support.js';

// Issue 24 item 3 through the BFF against the real api (PGlite): retention's preview, runs and
// 'Ejecutar ahora'. One demo guest's rejected application is aged in the database (three years
// without activity, noticed 40 days ago): the next run anonymises it.
let stack: Stack;
let admin = '';
let manager = '';
let aged = 0;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;
const gql = async (query: string, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  const res = await r.send({ query });
  return res.body as { data?: Data; errors?: { message: string; extensions?: { code?: string } }[] };
};

const PREVIEW = `{ retentionPreview {
  policy { months guestDocumentMonths noticeDays description }
  nextRunAt anonymise notices guestDocuments headline noticesLine guestDocumentsLine confirmation upcomingTotal
  upcoming { id name vacancy state reason lastActivity anonymiseOn nextStep } } }`;
const RUNS = `{ retentionRuns { id kind at by anonymised notices guestDocuments files } }`;
const RUN = `mutation { runRetention { run { id kind by anonymised notices guestDocuments files } message error { __typename } } }`;

beforeAll(async () => {
  stack = await startStack();
  admin = await staffCookie(stack.bff.app, DEMO.admin, DEMO_PASSWORD);
  manager = await staffCookie(stack.bff.app, DEMO.manager, DEMO_PASSWORD);
  const db = stack.api.db;
  const row = await db
    .selectFrom('postulantes')
    .select('id')
    .where('etapa', '=', 'rechazado')
    .where('usuario_candidato_id', 'is', null)
    .where('datos_eliminados', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  aged = row.id;
  const old = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString();
  await db
    .updateTable('postulantes')
    .set({ fecha_registro: old, actualizado_en: old })
    .where('id', '=', aged)
    .execute();
  await db.updateTable('postulantes_historial').set({ en: old }).where('postulante_id', '=', aged).execute();
  await db.deleteFrom('postulante_notas').where('postulante_id', '=', aged).execute();
  await db
    .insertInto('retencion_avisos')
    .values({ postulante_id: aged, enviado_en: addDays(new Date(), -40).toISOString(), correo_id: null })
    .execute();
}, 120_000);
afterAll(() => stack?.close());

describe('retention through GraphQL (issue 24)', () => {
  it('previews the next run in Spanish, lists the aged application; a manager is refused', async () => {
    const r = await gql(PREVIEW, admin);
    expect(r.errors).toBeUndefined();
    const p = r.data!.retentionPreview;
    expect(p.policy).toMatchObject({ months: 24, guestDocumentMonths: 6, noticeDays: 30 });
    expect(p.policy.description[0]).toContain('24 meses');
    expect(p.anonymise).toBeGreaterThanOrEqual(1);
    expect(p.headline).toMatch(
      p.anonymise === 1
        ? /^Se anonimizará 1 candidato el \d{2}\/\d{2}\/\d{4}$/
        : new RegExp(`^Se anonimizarán ${p.anonymise} candidatos el \\d{2}/\\d{2}/\\d{4}$`),
    );
    expect(p.confirmation).toContain(`Se anonimizarán ${p.anonymise}`);
    const item = p.upcoming.find((u: Data) => u.id === String(aged));
    expect(item).toMatchObject({ state: 'REJECTED', reason: 'Rechazado', nextStep: 'ANONYMISE' });
    expect(item.name).not.toBe('');

    const refused = await gql(PREVIEW, manager);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql(RUN, manager)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql(RUNS)).errors?.[0]?.extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
  });

  it("'Ejecutar ahora' anonymises it, answers the Spanish summary, and the run is listed as the admin's", async () => {
    const r = await gql(RUN, admin);
    expect(r.errors).toBeUndefined();
    const { run, message, error } = r.data!.runRetention;
    expect(error).toBeNull();
    expect(run).toMatchObject({ kind: 'MANUAL', by: 'Administrador Demo' });
    expect(run.anonymised).toBeGreaterThanOrEqual(1);
    expect(message).toMatch(/^Retención ejecutada: \d+ candidatos? anonimizados?/);
    const app = await stack.api.db
      .selectFrom('postulantes')
      .select(['nombre', 'email', 'datos_eliminados', 'estado'])
      .where('id', '=', aged)
      .executeTakeFirstOrThrow();
    expect(app).toMatchObject({ nombre: '', email: null, datos_eliminados: true, estado: 'rechazado' });

    const runs = await gql(RUNS, admin);
    expect(runs.data!.retentionRuns[0]).toMatchObject({ id: run.id, kind: 'MANUAL', anonymised: run.anonymised });
    const after = (await gql(PREVIEW, admin)).data!.retentionPreview;
    expect(after.upcoming.find((u: Data) => u.id === String(aged))).toBeUndefined();
    expect(RETENTION_UI.runNow).toBe('Ejecutar ahora');
  });
});
