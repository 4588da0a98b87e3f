import { defaultFunnelRange } from '@bolsa/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, FUNNEL_CSV_HEADINGS } from '../src/files/reports.js';
import { normaliseFunnelReport } from '../src/normalise/funnel-report.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

describe('funnel report: CSV cells and the normaliser', () => {
  it('quotes what needs quoting and keeps formulas from running', () => {
    expect(csvCell('Enfermería, turno "A"')).toBe('"Enfermería, turno ""A"""');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const s of ['+1', '-1', '@SUM(A1)', '\tx']) expect(csvCell(s)).toBe(`'${s}`);
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('reads other spellings and fills every state and step in the domain order', () => {
    const r = normaliseFunnelReport(
      {
        Desde: '01/03/2025',
        general: {
          total: '3',
          porEstado: [
            { Estado: 'EN REVISIÓN', cantidad: 2 },
            { estado: 'Induccion', cantidad: 1 },
          ],
        },
        plazas: [
          { PlazaId: 7, nombrePlaza: 'Auxiliar', total: 3, etapas: [{ estado: 'postulado', alcanzaron: 3 }] },
          { total: 1 },
        ],
      },
      { from: '2025-03-01', to: '2025-03-31' },
    );
    expect(r.from).toBe('2025-03-01');
    expect(r.to).toBe('2025-03-31');
    expect(r.overall.byState.find((s) => s.state === 'en seguimiento')?.count).toBe(2);
    expect(r.overall.byState).toHaveLength(8);
    expect(r.overall.steps.map((s) => s.state)).toEqual([
      'postulado',
      'en seguimiento',
      'pre-pruebas',
      'post-pruebas',
      'entrevista',
      'inducción',
      'contratado',
    ]);
    // A row without a vacancy id is not a vacancy's.
    expect(r.vacancies).toEqual([expect.objectContaining({ vacancyId: '7', vacancyName: 'Auxiliar', total: 3 })]);
  });
});

describe('funnel report through the BFF', () => {
  let stack: Stack;
  const cookies: Record<string, string> = {};
  const range = defaultFunnelRange();

  async function login(kind: 'staff' | 'candidate', email: string): Promise<string> {
    const mutation =
      kind === 'staff'
        ? 'mutation($u: String!, $p: String!) { r: staffLogin(username: $u, password: $p) { viewer { id } } }'
        : 'mutation($u: String!, $p: String!) { r: candidateLogin(email: $u, password: $p) { viewer { id } } }';
    const res = await request(stack.bff.app)
      .post('/graphql')
      .send({ query: mutation, variables: { u: email, p: DEMO_PASSWORD } });
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('bolsa_sesion='))!;
    return cookie.split(';')[0]!;
  }

  const gql = (query: string, variables: Record<string, unknown>, cookie?: string) => {
    const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
    if (cookie) r.set('cookie', cookie);
    return r.send({ query, variables });
  };
  const csv = (qs: string, cookie?: string) => {
    const r = request(stack.bff.app).get(`/reports/funnel.csv?${qs}`);
    if (cookie) r.set('cookie', cookie);
    return r.buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  };

  const QUERY = `query($from: Date!, $to: Date!, $v: ID) { funnelReport(from: $from, to: $to, vacancyId: $v) {
    from to csvUrl
    overall { vacancyId vacancyName total hired rejected medianDaysToHire byState { state count }
      steps { state reached conversion medianDays } }
    vacancies { vacancyId vacancyName total steps { state reached } } } }`;

  let formulaVacancy = '';

  beforeAll(async () => {
    stack = await startStack();
    cookies.admin = await login('staff', DEMO.admin);
    cookies.manager = await login('staff', DEMO.manager);
    cookies.viewer = await login('staff', DEMO.viewer);
    cookies.candidate = await login('candidate', DEMO.candidate);
    // A vacancy whose name a spreadsheet would run as a formula, with one application in range.
    const db = stack.api.db;
    const sede = await db.selectFrom('sedes').select('id').orderBy('id').executeTakeFirstOrThrow();
    const v = await db
      .insertInto('plazas')
      .values({
        nombre: '=HYPERLINK("http://x","Ver")',
        sede_id: sede.id,
        lugar: 'Ciudad',
        descripcion: 'x',
        fecha_publicacion: range.from,
        status: '1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    formulaVacancy = String(v.id);
    await db
      .insertInto('postulantes')
      .values({ plaza_id: v.id, nombre: 'Prueba Fórmula', cui: null, email: null, telefono: null, estado: 'postulado' })
      .execute();
  });
  afterAll(() => stack?.close());

  it('answers roles 1–2 with every state and step, and the CSV address of the same range', async () => {
    for (const who of ['admin', 'manager']) {
      const res = await gql(QUERY, { from: range.from, to: range.to }, cookies[who]);
      expect(res.body.errors, who).toBeUndefined();
      const r = res.body.data.funnelReport;
      expect(r.from).toBe(range.from);
      expect(r.csvUrl).toBe(`/reports/funnel.csv?from=${range.from}&to=${range.to}`);
      expect(r.overall.vacancyId).toBeNull();
      expect(r.overall.vacancyName).toBe('Todas las plazas');
      // The demo candidates applied in the last 40 days, in every state.
      expect(r.overall.total).toBeGreaterThan(8);
      expect(r.overall.steps[0]).toEqual(expect.objectContaining({ state: 'APPLIED', reached: r.overall.total }));
      expect(r.overall.steps).toHaveLength(7);
      expect(r.overall.byState).toHaveLength(8);
      expect(r.overall.hired).toBeGreaterThan(0);
      expect(r.vacancies.length).toBeGreaterThan(1);
      const totals = r.vacancies.map((v: { total: number }) => v.total);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
    }
    const one = await gql(QUERY, { from: range.from, to: range.to, v: formulaVacancy }, cookies.manager);
    expect(one.body.data.funnelReport.vacancies).toEqual([
      expect.objectContaining({ vacancyId: formulaVacancy, total: 1 }),
    ]);
    expect(one.body.data.funnelReport.csvUrl).toContain(`vacancyId=${formulaVacancy}`);
  });

  it('refuses an inverted range in Spanish, and role 3 and candidates', async () => {
    const bad = await gql(QUERY, { from: '2026-02-01', to: '2026-01-01' }, cookies.manager);
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.body.errors[0].message).toBe('La fecha inicial no puede ser posterior a la fecha final.');
    const viewer = await gql(QUERY, { from: range.from, to: range.to }, cookies.viewer);
    expect(viewer.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('serves the CSV only to roles 1–2, with a BOM, Spanish headings and formulas defused', async () => {
    const qs = `from=${range.from}&to=${range.to}`;
    expect((await csv(qs)).status).toBe(401);
    expect((await csv(qs, cookies.candidate)).status).toBe(403);
    expect((await csv(qs, cookies.viewer)).status).toBe(403);
    const bad = await csv(`from=${range.to}&to=${range.from}`, cookies.manager);
    if (range.from !== range.to) {
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body.toString('utf8')).message).toBe(
        'La fecha inicial no puede ser posterior a la fecha final.',
      );
    }

    const res = await csv(qs, cookies.manager);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="embudo-${range.from}-${range.to}.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(FUNNEL_CSV_HEADINGS.join(','));
    expect(lines[0]).toContain('Conversión desde la etapa anterior (%)');
    const [y, m, d] = range.from.split('-');
    expect(lines[1]).toMatch(new RegExp(`^${d}/${m}/${y},`));
    expect(lines[1]).toContain(',Todas las plazas,Postulado,');
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""http://x"",""Ver"")"`))).toBe(true);
    expect(lines.some((l) => l.includes(',=HYPERLINK'))).toBe(false);
    expect((await csv(qs, cookies.admin)).status).toBe(200);
  });
});
