import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import { migrateTo, migrationStatus } from '../src/db/migrate.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { seedGeography } from '../src/db/seed/geography.js';
import { restoreBackup, RestoreRefused, verifyBackup, writeBackup, type BackupManifest } from '../src/ops/index.js';
import { describeTables, readRows, readSequences } from '../src/ops/table-dump.js';
import { createLocalFileStore, type FileStore } from '../src/storage/index.js';

/** Every migration this version knows, in order (the list grows with each release). */
const ALL_MIGRATIONS = Object.keys(await migrationProvider.getMigrations()).sort();

/**
 * The backup archive on its own (issue 21 item 9; the journey through the product is
 * bff/test/backup-restore.test.ts): what a round trip keeps, what a restore refuses, and an older
 * backup brought up to this version.
 */
const dirs: string[] = [];
const dbs: Db[] = [];
afterAll(async () => {
  for (const db of dbs) await db.destroy().catch(() => undefined);
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});
const tempDir = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'bolsa-backup-'));
  dirs.push(d);
  return d;
};
const memoryDb = async () => {
  const db = await createDatabase({ kind: 'pglite-memory' });
  dbs.push(db);
  return db;
};
const localStore = async () => createLocalFileStore(await tempDir());
const log = () => undefined;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every table's rows (as the dump reads them) and every sequence: equal means the same data. */
async function snapshot(db: Db) {
  const tables: Record<string, string[]> = {};
  for (const t of await describeTables(db)) {
    tables[t.name] = [];
    for await (const page of readRows(db, t)) tables[t.name]!.push(...page);
  }
  return { tables, sequences: await readSequences(db) };
}

async function storeContents(store: FileStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const item of store.listAll()) {
    const f = (await store.open(item.key))!;
    const parts: Buffer[] = [];
    for await (const c of f.body) parts.push(c as Buffer);
    out[item.key] = sha(Buffer.concat(parts));
  }
  return out;
}

/** A demo install plus what the demo lacks: a 3 MB attachment (bytea), a long file key, a gap in ids. */
async function sourceInstall() {
  const db = await memoryDb();
  const files = await localStore();
  await prepareDatabase(db, files, { demo: true, orgEmailDomain: 'ejemplo.org.gt', log });
  const mail = await db
    .insertInto('correos_salientes')
    .values({ plantilla: 'prueba', destinatario: 'x@example.com', asunto: 'Prueba', texto: 't', html: '<p>t</p>' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const attachment = randomBytes(3 * 1024 * 1024);
  await db
    .insertInto('correos_adjuntos')
    .values({ correo_id: mail.id, nombre: 'prueba.pdf', mime: 'application/pdf', contenido: attachment })
    .execute();
  const longKey = `postulantes/perfiles/${'carpeta-de-nombre-largo/'.repeat(6)}documento.pdf`;
  await files.put(longKey, randomBytes(100_000));
  // The newest application goes: the id sequence is now ahead of the largest id.
  const last = await db.selectFrom('postulantes').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await db.deleteFrom('postulantes').where('id', '=', last.id).execute();
  return { db, files, attachment, longKey, deletedId: last.id };
}

/** Rewrites an archive's header and manifest (a test's stand-in for one made by another version). */
async function rewrite(from: string, to: string, change: (m: BackupManifest) => void): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const out = pipeline(pack as unknown as AsyncIterable<Buffer>, createWriteStream(to));
  createReadStream(from).pipe(extract as unknown as NodeJS.WritableStream);
  const entries: { name: string; data: Buffer }[] = [];
  for await (const e of extract) {
    const parts: Buffer[] = [];
    for await (const c of e) parts.push(c as Buffer);
    entries.push({ name: e.header.name, data: Buffer.concat(parts) });
  }
  const manifest = JSON.parse(entries.at(-1)!.data.toString()) as BackupManifest;
  change(manifest);
  const { entries: listed, completedAt: _c, vanished: _v, ...header } = manifest;
  const headerData = Buffer.from(JSON.stringify({ ...header, files: manifest.files }));
  listed[0] = { name: listed[0]!.name, size: headerData.length, sha256: sha(headerData) };
  entries[0]!.data = headerData;
  entries[entries.length - 1]!.data = Buffer.from(JSON.stringify(manifest));
  for (const e of entries) pack.entry({ name: e.name, size: e.data.length }, e.data);
  pack.finalize();
  await out;
}

describe('backup archive', () => {
  it('a round trip keeps every row, id sequence, attachment byte and file; counts and their trigger work after it', async () => {
    const src = await sourceInstall();
    const file = path.join(await tempDir(), 'a.tar');
    const { manifest } = await writeBackup({
      db: src.db,
      files: src.files,
      file,
      source: { database: 'PGlite', storage: 'local' },
    });
    expect(manifest.files.count).toBeGreaterThan(30);
    expect(manifest.entries.map((e) => e.name)).toContain(`files/${src.longKey}`);
    // The attachments table is written in parts of a few MB, not one entry per table.
    expect(manifest.entries.filter((e) => e.name.startsWith('database/correos_adjuntos.')).length).toBe(1);

    const db = await memoryDb();
    const files = await localStore();
    const r = await restoreBackup({ db, files, file, log });
    expect(r.upgraded).toEqual([]);
    expect(await snapshot(db)).toEqual(await snapshot(src.db));
    expect(await storeContents(files)).toEqual(await storeContents(src.files));
    const copy = await db.selectFrom('correos_adjuntos').select('contenido').executeTakeFirstOrThrow();
    expect(sha(copy.contenido)).toBe(sha(src.attachment));

    // Triggers are back on: a new application counts, and takes the id after the deleted one.
    const counts = async (d: Db) =>
      (
        await sql<{
          etapa: string;
          n: number;
        }>`select etapa, sum(n)::int as n from postulantes_conteo group by 1 order by 1`.execute(d)
      ).rows;
    expect(await counts(db)).toEqual(await counts(src.db));
    const plaza = await db.selectFrom('plazas').select('id').executeTakeFirstOrThrow();
    const added = await db
      .insertInto('postulantes')
      .values({ plaza_id: plaza.id, nombre: 'Nueva Persona', cui: '1234567890101', email: 'nueva@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(src.deletedId + 1);
    const after = await counts(db);
    expect(after.reduce((n, c) => n + c.n, 0)).toBe((await counts(src.db)).reduce((n, c) => n + c.n, 0) + 1);
  }, 240_000);

  it('a damaged or cut archive is refused before anything is written', async () => {
    const src = await sourceInstall();
    const dir = await tempDir();
    const file = path.join(dir, 'a.tar');
    const { manifest } = await writeBackup({
      db: src.db,
      files: src.files,
      file,
      source: { database: 'PGlite', storage: 'local' },
    });

    // One byte of the long-keyed file changed, in place.
    const bytes = await readFile(file);
    const entry = manifest.entries.find((e) => e.name === `files/${src.longKey}`)!;
    const damaged = path.join(dir, 'damaged.tar');
    const content = (await storeContents(src.files))[src.longKey];
    expect(content).toBe(entry.sha256);
    // Find the file's body by its first bytes and flip one in the middle.
    const original = (await src.files.open(src.longKey))!;
    const parts: Buffer[] = [];
    for await (const c of original.body) parts.push(c as Buffer);
    const offset = bytes.indexOf(Buffer.concat(parts).subarray(0, 64));
    expect(offset).toBeGreaterThan(0);
    bytes[offset + 5000] = bytes[offset + 5000]! ^ 0xff;
    await writeFile(damaged, bytes);
    await expect(verifyBackup(damaged)).rejects.toThrow(
      `entry 'files/${src.longKey}' does not match its checksum (damaged)`,
    );

    const cut = path.join(dir, 'cut.tar');
    await writeFile(cut, await readFile(file));
    await truncate(cut, Math.floor((await stat(cut)).size / 2));
    await expect(verifyBackup(cut)).rejects.toThrow();

    for (const bad of [damaged, cut]) {
      const db = await memoryDb();
      const files = await localStore();
      await expect(restoreBackup({ db, files, file: bad, log })).rejects.toThrow();
      expect((await migrationStatus(db)).executed).toEqual([]);
      expect(await storeContents(files)).toEqual({});
    }
  }, 240_000);

  it('refuses a newer version’s backup, a database already migrated or holding data, and a store with files; --force replaces', async () => {
    const src = await sourceInstall();
    const dir = await tempDir();
    const file = path.join(dir, 'a.tar');
    await writeBackup({ db: src.db, files: src.files, file, source: { database: 'PGlite', storage: 'local' } });

    const newer = path.join(dir, 'newer.tar');
    await rewrite(file, newer, (m) => {
      m.migrations = [...m.migrations, '0099-future'];
      m.appVersion = '9.0.0';
    });
    const fresh = await memoryDb();
    await expect(restoreBackup({ db: fresh, files: await localStore(), file: newer, log })).rejects.toThrow(
      /newer version \(migrations 0099-future are unknown here\): install version 9\.0\.0 or newer/,
    );

    // Migrated to another level (an api started on it first): restore into an empty database instead.
    const behind = await memoryDb();
    await migrateTo(behind, '0020-candidate-counts');
    const refusal = restoreBackup({ db: behind, files: await localStore(), file, log });
    await expect(refusal).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refusal).rejects.toThrow(
      `already migrated (13 migrations; the backup has ${ALL_MIGRATIONS.length}). Restore into an empty database`,
    );

    // Same level with only reference data: that is empty. With data: refused, unless --force.
    const target = await memoryDb();
    const files = await localStore();
    await prepareDatabase(target, files, { demo: false, orgEmailDomain: 'ejemplo.org.gt', log });
    await target.insertInto('sedes').values({ nombre: 'Sede local' }).execute();
    await expect(restoreBackup({ db: target, files, file, log })).rejects.toThrow(
      'The database is not empty (rows in sedes). Restore into an empty install, or add --force',
    );
    await target.deleteFrom('sedes').execute();
    await files.put('plazas/otra.webp', Buffer.from('x'));
    await expect(restoreBackup({ db: target, files, file, log })).rejects.toThrow('The file store is not empty');
    await target.insertInto('sedes').values({ nombre: 'Sede local' }).execute();
    await restoreBackup({ db: target, files, file, force: true, log });
    expect(await snapshot(target)).toEqual(await snapshot(src.db));
    const restored = await storeContents(files);
    expect(restored).toMatchObject(await storeContents(src.files));
    expect(Object.keys(restored)).toContain('plazas/otra.webp');
  }, 300_000);

  it('an older version’s backup (taken before `npm run migrate`) is restored and brought up to this version', async () => {
    const db = await memoryDb();
    const files = await localStore();
    await migrateTo(db, '0020-candidate-counts');
    await seedGeography(db);
    await db.insertInto('sedes').values({ nombre: 'Sede antigua', direccion: 'Zona 1' }).execute();
    const file = path.join(await tempDir(), 'old.tar');
    const { manifest } = await writeBackup({ db, files, file, source: { database: 'PGlite', storage: 'local' } });
    expect(manifest.migrations.at(-1)).toBe('0020-candidate-counts');

    const target = await memoryDb();
    const r = await restoreBackup({ db: target, files: await localStore(), file, log });
    expect(r.upgraded).toEqual(ALL_MIGRATIONS.filter((name) => name > '0020-candidate-counts'));
    expect(r.upgraded.slice(0, 2)).toEqual(['0021-staged-files', '0022-staged-file-owner']);
    expect((await migrationStatus(target)).pending).toEqual([]);
    expect(await target.selectFrom('sedes').select(['nombre', 'direccion']).execute()).toEqual([
      { nombre: 'Sede antigua', direccion: 'Zona 1' },
    ]);
  }, 240_000);
});
