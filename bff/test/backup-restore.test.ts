import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/src/observability/index.js';
import { startApi, type RunningApi } from '../../api/src/server.js';
import { createLocalFileStore, createS3FileStore, type FileStore } from '../../api/src/storage/index.js';
import { jpegBytes, makeVacancies, pdfBytes, pngBytes } from '../../api/test/support/application.js';
import { validCui } from '../../api/test/support/client.js';
import { runNode } from '../../api/test/support/processes.js';
import { loadConfig } from '../src/config.js';
import { createServer, type BffServer } from '../src/server.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';

/**
 * Issue 21 item 9, end to end: a guest and a registered candidate apply with documents through
 * the BFF on an install whose files are in S3 (s3rver on loopback); `npm run backup` writes one
 * archive; `npm run restore` loads it into a fresh PGlite data folder with a local file folder,
 * and (with TEST_DATABASE_URL) into a fresh PostgreSQL schema with another S3 bucket. Each restored
 * install is started, staff log in, and every candidate document, photo and vacancy image
 * downloaded through the product has the same SHA-256 as before the backup.
 */
const pgUrl = process.env.TEST_DATABASE_URL?.trim();
const quiet = createLogger('api', { level: 'silent' });
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Install {
  api: RunningApi;
  bff: BffServer;
  close(): Promise<void>;
}

const dirs: string[] = [];
const tempDir = async (name: string) => {
  const d = await mkdtemp(path.join(os.tmpdir(), `bolsa-${name}-`));
  dirs.push(d);
  return d;
};

async function startInstall(o: { dataDir: string; files: FileStore; databaseUrl?: string }): Promise<Install> {
  const api = await startApi({
    dataDir: o.dataDir,
    databaseUrl: o.databaseUrl,
    files: o.files,
    port: 0,
    log: false,
    logger: quiet,
    seedDemo: true,
    smtpUrl: null,
  });
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { apiUrl: api.url, serviceToken: api.token, webDist: null, loginDelayMs: 0, dataDir: path.join(o.dataDir, 'bff') },
  );
  const bff = await createServer(config);
  return {
    api,
    bff,
    async close() {
      await bff.close();
      await api.close();
    },
  };
}

const cookieOf = (res: request.Response, name: string): string =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0] ?? '';

function gql(i: Install, query: string, variables: Record<string, unknown> = {}, cookie?: string) {
  const r = request(i.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  return r.send({ query, variables });
}

async function staffCookie(i: Install): Promise<string> {
  const res = await gql(
    i,
    `mutation($u: String!, $p: String!) { staffLogin(username: $u, password: $p) { viewer { id } } }`,
    {
      u: DEMO.manager,
      p: DEMO_PASSWORD,
    },
  );
  expect(res.body.data.staffLogin.viewer).not.toBeNull();
  return cookieOf(res, 'bolsa_sesion');
}

const FILES_OF = `query($id: ID!) { candidate(id: $id) { fullName photo { url } documents { kind url } } }`;

/**
 * Everything a member of staff can download, as 'candidate name / kind' → SHA-256 of the bytes the
 * product serves: every active and past candidate's photo and documents, and every vacancy image.
 */
async function downloads(i: Install): Promise<Record<string, string>> {
  const cookie = await staffCookie(i);
  const list = await gql(
    i,
    `{ a: candidates(pageSize: 100) { items { id } } b: candidateHistory(pageSize: 100) { items { id } } }`,
    {},
    cookie,
  );
  expect(list.body.errors).toBeUndefined();
  const ids = [...list.body.data.a.items, ...list.body.data.b.items].map((c: { id: string }) => c.id);
  const out: Record<string, string> = {};
  const get = async (url: string) => {
    const res = await request(i.bff.app)
      .get(url)
      .set('cookie', cookie)
      .buffer(true)
      .parse((r, done) => {
        const parts: Buffer[] = [];
        r.on('data', (c: Buffer) => parts.push(c));
        r.on('end', () => done(null, Buffer.concat(parts)));
      });
    expect(res.status, url).toBe(200);
    return sha(res.body as Buffer);
  };
  for (const id of ids) {
    const c = (await gql(i, FILES_OF, { id }, cookie)).body.data.candidate;
    let n = 0;
    if (c.photo) out[`${c.fullName} #${id} / PHOTO`] = await get(c.photo.url);
    for (const d of c.documents as { kind: string; url: string }[])
      out[`${c.fullName} #${id} / ${d.kind} ${n++}`] = await get(d.url);
  }
  const board = await gql(i, `{ vacancies(pageSize: 100) { items { name imageUrl cardImageUrl } } }`);
  for (const v of board.body.data.vacancies.items as {
    name: string;
    imageUrl: string | null;
    cardImageUrl: string | null;
  }[]) {
    if (v.imageUrl) out[`${v.name} / image`] = await get(v.imageUrl);
    if (v.cardImageUrl) out[`${v.name} / card`] = await get(v.cardImageUrl);
  }
  return out;
}

describe('backup and restore, end to end through the product', () => {
  let s3: { port: number; close(): Promise<void> };
  const s3Store = (bucket: string, prefix = '') =>
    createS3FileStore({
      endpoint: `http://127.0.0.1:${s3.port}`,
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix,
    });
  const s3Env = (bucket: string, prefix = '') => ({
    S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    ...(prefix ? { S3_PREFIX: prefix } : {}),
  });

  let archive = '';
  let before: Record<string, string> = {};
  /** The documents the two applications uploaded, by content: each must come back byte for byte
   * (photos are kept re-encoded from the moment they arrive, issue 22). */
  const uploaded: Buffer[] = [];
  const schemas: string[] = [];

  beforeAll(async () => {
    const dir = await tempDir('s3');
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
    const address = (await server.run()) as AddressInfo;
    s3 = { port: address.port, close: () => server.close() };

    // The source install: PGlite in a data folder, files in S3 under a prefix.
    const srcDir = await tempDir('origen');
    const src = await startInstall({ dataDir: srcDir, files: s3Store('origen', 'bolsa/') });
    try {
      const v = await makeVacancies(src.api.db);
      const upload = async (kind: string, data: Buffer, name: string, cookie?: string) => {
        const r = request(src.bff.app).post(`/uploads?kind=${kind}`).set('x-requested-with', 'fetch');
        if (cookie) r.set('cookie', cookie);
        const res = await r.attach('file', data, name);
        expect(res.status).toBe(201);
        if (kind !== 'candidate-photo') uploaded.push(data);
        return { id: res.body.id as string, cookie: cookie ?? cookieOf(res, 'bolsa_invitado') };
      };
      const APPLY = `mutation($input: ApplicationInput!) { apply(input: $input) { applicationId error { __typename } } }`;
      const form = (over: Record<string, unknown>) => ({
        vacancyId: String(v.open),
        fullName: 'Rosa Elena Xuc',
        dpi: validCui('41000013'),
        address: '3a calle 4-12 zona 1, Guatemala',
        phone: '55123456',
        email: 'rosa.respaldo@example.com',
        maritalStatus: 'SOLTERO',
        age: 29,
        educationLevel: 'BASICOS',
        studying: false,
        available: true,
        salaryExpectation: 4500,
        negotiable: true,
        experiences: [
          { company: 'Farmacia', position: 'Cajera', from: '2020-01-06', to: '2023-05-31', description: 'Caja' },
        ],
        personalReferences: [{ name: 'Marta Xuc', phone: '44556677' }],
        workReferences: [{ name: 'Luis Pérez', phone: '33445566' }],
        ...over,
      });

      // A guest: a CV of 2 MB and a PNG photo.
      const cv = await upload('candidate-document', pdfBytes(2 * 1024 * 1024), 'cv.pdf');
      const photo = await upload('candidate-photo', await pngBytes(), 'foto.png', cv.cookie);
      const guest = await gql(src, APPLY, { input: form({ cvUploadId: cv.id, photoUploadId: photo.id }) }, cv.cookie);
      expect(guest.body.data.apply.error).toBeNull();

      // A registered candidate (demo Ana): a JPEG photo and four different PDFs, one near the 5 MB limit.
      const login = await gql(
        src,
        `mutation { candidateLogin(email: "${DEMO.candidate}", password: "${DEMO_PASSWORD}") { viewer { id } } }`,
      );
      const session = cookieOf(login, 'bolsa_sesion');
      const ana = await src.api.db
        .selectFrom('usuarios_candidatos')
        .select(['dpi', 'email'])
        .where('email', '=', DEMO.candidate)
        .executeTakeFirstOrThrow();
      const files = {
        photoUploadId: (await upload('candidate-photo', await jpegBytes(), 'foto.jpg', session)).id,
        cvUploadId: (await upload('candidate-document', pdfBytes(5 * 1024 * 1024 - 1000), 'cv.pdf', session)).id,
        dpiScanUploadId: (await upload('candidate-document', pdfBytes(300_000), 'dpi.pdf', session)).id,
        policeRecordUploadId: (await upload('candidate-document', pdfBytes(400_000), 'policiales.pdf', session)).id,
        criminalRecordUploadId: (await upload('candidate-document', pdfBytes(500_000), 'penales.pdf', session)).id,
      };
      const registered = await gql(
        src,
        APPLY,
        { input: form({ dpi: ana.dpi, email: ana.email, fullName: 'Ana López', ...files }) },
        session,
      );
      expect(registered.body.data.apply.error).toBeNull();

      before = await downloads(src);
    } finally {
      await src.close();
    }
    expect(Object.keys(before).length).toBeGreaterThan(40);
    const served = new Set(Object.values(before));
    for (const u of uploaded) expect(served).toContain(sha(u));

    // `npm run backup` on the stopped install (a PGlite folder is one process's).
    archive = path.join(await tempDir('respaldo'), 'respaldo.tar');
    const backup = await runNode('api/src/cli/backup.ts', [archive], {
      NODE_ENV: 'test',
      DATA_DIR: srcDir,
      ...s3Env('origen', 'bolsa/'),
    });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup written: .*respaldo\.tar/);
  }, 600_000);

  afterAll(async () => {
    await s3?.close();
    if (pgUrl && schemas.length) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      for (const s of schemas) await admin.query(`drop schema if exists ${s} cascade`);
      await admin.end();
    }
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  }, 60_000);

  it('restores into a fresh PGlite data folder with local files; staff download the same bytes', async () => {
    const dataDir = await tempDir('restaurado');
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir };
    const restore = await runNode('api/src/cli/restore.ts', [archive], env);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/Restored the backup of .*: \d+ rows, \d+ files/);

    const restored = await startInstall({ dataDir, files: createLocalFileStore(path.join(dataDir, 'files')) });
    try {
      expect(await downloads(restored)).toEqual(before);
      // The restored candidate logs in with the password she had.
      const login = await gql(
        restored,
        `mutation { candidateLogin(email: "${DEMO.candidate}", password: "${DEMO_PASSWORD}") { viewer { id } } }`,
      );
      expect(login.body.data.candidateLogin.viewer).not.toBeNull();
    } finally {
      await restored.close();
    }

    // The install is no longer empty: a second restore is refused and changes nothing.
    const again = await runNode('api/src/cli/restore.ts', [archive], env);
    expect(again.code).toBe(1);
    expect(again.output).toContain('The database is not empty');
    expect(again.output).toContain('--force');
  }, 600_000);

  it.skipIf(!pgUrl)(
    'restores into a fresh PostgreSQL schema and another S3 bucket; a backup of it holds the same rows; staff download the same bytes',
    async () => {
      const schema = `restore_${randomBytes(5).toString('hex')}`;
      schemas.push(schema);
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const scoped = new URL(pgUrl!);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      const dataDir = await tempDir('restaurado-pg');
      const env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: scoped.toString(), ...s3Env('restaurado') };

      const restore = await runNode('api/src/cli/restore.ts', [archive], env);
      expect(restore.code, restore.output).toBe(0);

      // PGlite → PostgreSQL → archive again: the same rows and files, entry for entry.
      const second = path.join(dataDir, 'otra.tar');
      const backup = await runNode('api/src/cli/backup.ts', [second], env);
      expect(backup.code, backup.output).toBe(0);
      const { verifyBackup } = await import('../../api/src/ops/archive.js');
      const a = (await verifyBackup(archive)).manifest;
      const b = (await verifyBackup(second)).manifest;
      const bodies = (m: typeof a) =>
        m.entries.filter((e) => e.name.startsWith('files/')).map((e) => `${e.name} ${e.sha256} ${e.contentType}`);
      expect(bodies(b)).toEqual(bodies(a));
      expect(b.tables).toEqual(a.tables);

      const restored = await startInstall({
        dataDir,
        databaseUrl: scoped.toString(),
        files: s3Store('restaurado'),
      });
      try {
        expect(await downloads(restored)).toEqual(before);
      } finally {
        await restored.close();
      }
    },
    600_000,
  );
});
