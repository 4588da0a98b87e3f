import { Readable } from 'node:stream';
import { CANDIDATE_EXPORT_COLUMNS, candidateExportUrl, todayInGuatemala } from '@bolsa/domain';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/errors.js';
import { normaliseCandidateExportRow, normaliseExportLog } from '../src/normalise/candidate-export.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { staffCookie, startStack, type Stack } from './support.js';

describe('candidate export: the normalisers', () => {
  it('reads a row in other spellings; an erased row shows neither name nor contact', () => {
    expect(
      normaliseCandidateExportRow({
        ID: '7',
        INPUTNOMBRE: 'Ana',
        inputApellido: 'López',
        Email: 'ana@example.com',
        telefono: 55551234,
        Estado: 'EN REVISIÓN',
        fecha_registro: '2026-03-01T02:00:00Z',
        actualizado_en: '2026-03-02T10:00:00Z',
        plazas: [{ id: 3, nombreVacante: 'Enfermería', sede: 'Central', lugar: 'Mixco, Guatemala' }],
        etiquetas: [' Bilingüe ', { nombre: 'Noche' }, null],
      }),
    ).toEqual({
      fullName: 'Ana López',
      email: 'ana@example.com',
      phone: '55551234',
      vacancy: 'Enfermería',
      branch: 'Central',
      place: 'Mixco, Guatemala',
      state: 'en seguimiento',
      appliedAt: '2026-03-01T02:00:00Z',
      updatedAt: '2026-03-02T10:00:00Z',
      tags: ['Bilingüe', 'Noche'],
    });
    const erased = normaliseCandidateExportRow({
      id: 8,
      inputNombre: 'X',
      inputEmail: 'x@x.co',
      datosEliminados: true,
    });
    expect(erased).toMatchObject({ email: null, phone: null });
    expect(erased!.fullName).not.toContain('X');
    expect(normaliseCandidateExportRow({ nombre: 'sin id' })).toBeNull();
  });

  it('reads the log envelope and skips rows without id or date', () => {
    const log = normaliseExportLog(
      {
        items: [
          {
            id: 1,
            fecha: '2026-11-27T15:00:00.000Z',
            nombreUsuario: 'Admin',
            usuarioId: 1,
            lista: 'vacancy',
            plazaId: 4,
            nombrePlaza: 'P',
            estado: 'Induccion',
            busqueda: 'ana',
            filas: '12',
            formato: 'XLSX',
          },
          { id: 2 },
        ],
        totalCount: 2,
        page: 1,
        pageSize: 20,
      },
      { page: 1, pageSize: 20 },
    );
    expect(log.totalCount).toBe(2);
    expect(log.items).toEqual([
      expect.objectContaining({
        id: '1',
        userName: 'Admin',
        byToken: false,
        list: 'vacancy',
        vacancyId: '4',
        state: 'inducción',
        rows: 12,
        format: 'xlsx',
      }),
    ]);
  });
});

describe('candidate export through the BFF (real api)', () => {
  let stack: Stack;
  const cookies = { admin: '', manager: '', viewer: '', candidate: '' };
  let vacancyId = '';
  const FORMULA = '=HYPERLINK("http://x","Ver")';

  const download = (path: string, cookie?: string) => {
    const r = request(stack.bff.app).get(path);
    if (cookie) r.set('cookie', cookie);
    return r.buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  };
  const gql = (query: string, cookie: string) =>
    request(stack.bff.app)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('cookie', cookie)
      .send({ query });

  beforeAll(async () => {
    stack = await startStack();
    cookies.admin = await staffCookie(stack.bff.app, DEMO.admin, DEMO_PASSWORD);
    cookies.manager = await staffCookie(stack.bff.app, DEMO.manager, DEMO_PASSWORD);
    cookies.viewer = await staffCookie(stack.bff.app, DEMO.viewer, DEMO_PASSWORD);
    const login = await request(stack.bff.app)
      .post('/graphql')
      .send({
        query: 'mutation($u: String!, $p: String!) { candidateLogin(email: $u, password: $p) { viewer { id } } }',
        variables: { u: DEMO.candidate, p: DEMO_PASSWORD },
      });
    cookies.candidate = (login.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('bolsa_sesion='))!
      .split(';')[0]!;
    const db = stack.api.db;
    const sede = await db.selectFrom('sedes').select('id').orderBy('id').executeTakeFirstOrThrow();
    const v = await db
      .insertInto('plazas')
      .values({
        nombre: 'Enfermería, turno "A"',
        sede_id: sede.id,
        lugar: 'Ciudad',
        descripcion: 'x',
        fecha_publicacion: '2026-01-01',
        status: '1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    vacancyId = String(v.id);
    await db
      .insertInto('postulantes')
      .values([
        // 20:00 on 28 February in Guatemala is already 1 March in UTC: the file says 28/02/2026.
        {
          plaza_id: v.id,
          nombre: 'María José Pérez',
          cui: null,
          email: 'maria@example.com',
          telefono: '55551234',
          estado: 'en seguimiento',
          fecha_registro: '2026-03-01T02:00:00Z',
        },
        {
          plaza_id: v.id,
          nombre: FORMULA,
          cui: null,
          email: '+1@example.com',
          telefono: null,
          estado: 'rechazado',
          fecha_registro: '2026-03-02T15:00:00Z',
        },
      ])
      .execute();
  }, 120_000);
  afterAll(async () => stack?.close());

  it('a manager downloads the vacancy list as CSV: headings, rows, dates in Guatemala, formulas as text', async () => {
    const url = candidateExportUrl({ list: 'vacancy', vacancyId }, 'csv');
    const res = await download(url, cookies.manager);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="candidatos-plaza-${vacancyId}-${todayInGuatemala()}.csv"`,
    );
    const text = (res.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    // Parsed back by a spreadsheet library.
    const wb = new ExcelJS.Workbook();
    const sheet = await wb.csv.read(Readable.from([text.slice(1)]));
    const rows = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1).map((c) => String(c ?? '')));
    expect(rows[0]).toEqual(CANDIDATE_EXPORT_COLUMNS.map((c) => c.heading));
    expect(rows).toHaveLength(3);
    const formula = rows.find((r) => r[0]!.includes('HYPERLINK'))!;
    expect(formula[0]).toBe(`'${FORMULA}`);
    expect(formula[1]).toBe("'+1@example.com");
    expect(formula[6]).toBe('Rechazado');
    const maria = rows.find((r) => r[0] === 'María José Pérez')!;
    expect(maria.slice(1, 4)).toEqual(['maria@example.com', '55551234', 'Enfermería, turno "A"']);
    expect(maria[6]).toBe('En seguimiento');
    expect(maria[7]).toBe('28/02/2026');
  });

  it('an administrator downloads it as XLSX: every cell a string, none a formula', async () => {
    const res = await download(
      candidateExportUrl({ list: 'vacancy', vacancyId, search: 'maria' }, 'xlsx'),
      cookies.admin,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ExcelJS.Buffer);
    const sheet = wb.getWorksheet('Candidatos')!;
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(CANDIDATE_EXPORT_COLUMNS.map((c) => c.heading));
    expect((sheet.getRow(2).values as unknown[]).slice(1, 2)).toEqual(['María José Pérez']);

    const all = await download(candidateExportUrl({ list: 'vacancy', vacancyId }, 'xlsx'), cookies.admin);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(all.body as ExcelJS.Buffer);
    const cells: ExcelJS.Cell[] = [];
    wb2.getWorksheet('Candidatos')!.eachRow((row) => row.eachCell((c) => cells.push(c)));
    expect(cells.some((c) => c.value === FORMULA)).toBe(true);
    expect(cells.every((c) => c.type === ExcelJS.ValueType.String)).toBe(true);
  });

  it('the inbox exports its tab and search; role 3, candidates and guests are refused', async () => {
    const res = await download(
      candidateExportUrl({ list: 'inbox', state: 'en seguimiento', search: 'maria jose' }, 'csv'),
      cookies.admin,
    );
    expect(res.status).toBe(200);
    const lines = (res.body as Buffer).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('María José Pérez');

    const url = candidateExportUrl({ list: 'inbox' }, 'xlsx');
    const viewer = await download(url, cookies.viewer);
    expect(viewer.status).toBe(403);
    expect(JSON.parse((viewer.body as Buffer).toString())).toEqual({ message: MESSAGES.FORBIDDEN });
    expect((await download(url, cookies.candidate)).status).toBe(403);
    const guest = await download(url);
    expect(guest.status).toBe(401);
    expect(JSON.parse((guest.body as Buffer).toString())).toEqual({ message: MESSAGES.UNAUTHENTICATED });
  });

  it('refuses a filter that is not a list with a Spanish message', async () => {
    for (const qs of ['list=todos', 'list=vacancy', 'list=inbox&state=HIRED', 'list=inbox&state=x']) {
      const res = await download(`/reports/candidates.csv?${qs}`, cookies.admin);
      expect(res.status).toBe(400);
      expect(JSON.parse((res.body as Buffer).toString()).message).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ]/);
    }
  });

  it('records every export; administrators read the log, a manager cannot', async () => {
    const log = await gql(
      '{ candidateExports(pageSize: 100) { totalCount items { exportedBy list vacancyId vacancyName state search rowCount format exportedAt byApiToken } } }',
      cookies.admin,
    );
    expect(log.body.errors).toBeUndefined();
    const page = log.body.data.candidateExports;
    // The downloads above (the refused ones recorded nothing).
    expect(page.totalCount).toBe(4);
    expect(page.items[0]).toMatchObject({
      list: 'INBOX',
      state: 'FOLLOW_UP',
      search: 'maria jose',
      rowCount: 1,
      format: 'CSV',
      byApiToken: false,
    });
    expect(page.items.at(-1)).toMatchObject({
      list: 'VACANCY',
      vacancyId,
      vacancyName: 'Enfermería, turno "A"',
      rowCount: 2,
      format: 'CSV',
      state: null,
      search: null,
    });
    expect(page.items.map((i: { exportedBy: string }) => i.exportedBy)).toContain('Administrador Demo');
    const manager = await gql('{ candidateExports { totalCount } }', cookies.manager);
    expect(manager.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
  it("exports the list's tag filter too: only the candidates carrying every chosen tag", async () => {
    const made = await gql(
      'mutation { createTag(name: "Exportar con etiqueta", color: "teal") { tag { id } error { __typename } } }',
      cookies.manager,
    );
    const tagId = made.body.data.createTag.tag.id as string;
    const db = stack.api.db;
    const maria = await db
      .selectFrom('postulantes')
      .select('id')
      .where('nombre', '=', 'María José Pérez')
      .executeTakeFirstOrThrow();
    const set = await gql(
      `mutation { setCandidateTags(candidateId: "${maria.id}", tagIds: ["${tagId}"]) { error { __typename } } }`,
      cookies.manager,
    );
    expect(set.body.data.setCandidateTags.error).toBeNull();
    const res = await download(
      candidateExportUrl({ list: 'vacancy', vacancyId, tagIds: [tagId] }, 'csv'),
      cookies.admin,
    );
    expect(res.status).toBe(200);
    const lines = (res.body as Buffer).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('María José Pérez');
    for (const qs of ['tagIds=x', `tagIds=${Array.from({ length: 11 }, (_, i) => i + 1).join(',')}`]) {
      const bad = await download(`/reports/candidates.csv?list=vacancy&vacancyId=${vacancyId}&${qs}`, cookies.admin);
      expect(bad.status).toBe(400);
      expect(JSON.parse((bad.body as Buffer).toString()).message).toMatch(/etiquetas/);
    }
  });
});
