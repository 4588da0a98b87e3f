import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rename, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import tar from 'tar-stream';
import type { Db } from '../db/database.js';
import { migrateTo, migrateToLatest, migrationStatus, withMigrationLock } from '../db/migrate.js';
import { seedGeography } from '../db/seed/geography.js';
import { contentTypeFor, isSafeKey, type FileStore } from '../storage/index.js';
import {
  countRows,
  describeTables,
  readRows,
  readSequences,
  setUserTriggers,
  tablesWithRows,
  truncateAll,
  writeRows,
  writeSequences,
  type SequenceState,
  type TableInfo,
} from './table-dump.js';

/**
 * One backup = one tar file (docs/decisions/2026-11-26-backup-and-restore.md):
 *
 *   bolsa-backup.json               what the archive holds (format, version, migration level,
 *                                   time, tables with their row counts, file count and bytes)
 *   database/<table>.<n>.ndjson.gz  the table's rows, one JSON object a line, a few MB a part
 *   database/sequences.json         every sequence's position
 *   files/<key>                     every stored file, byte for byte
 *   manifest.json                   the above plus every entry's size and SHA-256 (written last,
 *                                   once they are known)
 *
 * Everything streams: files go from the store into the archive (and back) one at a time, tables a
 * page of rows at a time; nothing holds the whole database or a whole folder in memory.
 */

export const FORMAT = 'bolsa-de-trabajo-backup';
export const FORMAT_VERSION = 1;
const HEADER = 'bolsa-backup.json';
const MANIFEST = 'manifest.json';
const SEQUENCES = 'database/sequences.json';
/** A table part is closed once it holds this much JSON (before compression). */
const PART_BYTES = 4 * 1024 * 1024;
/** Loaded again by every start; an install with only these rows is still empty. */
const REFERENCE_TABLES = ['departamentos', 'municipios'];

export interface BackupHeader {
  format: typeof FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  /** Executed migrations, in order: the schema level the rows belong to. */
  migrations: string[];
  source: { database: string; storage: string };
  tables: { name: string; columns: string[]; rows: number }[];
  files: { count: number; bytes: number };
}

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
  /** files/ entries: the type the store gave the file. */
  contentType?: string;
}

export interface BackupManifest extends BackupHeader {
  completedAt: string;
  /** Files listed at the start that were removed before they could be copied (a deletion meanwhile). */
  vanished: string[];
  entries: ManifestEntry[];
}

export interface BackupOptions {
  db: Db;
  files: FileStore;
  /** The archive to write; written to '<file>.partial' and renamed when complete. */
  file: string;
  /** Shown in the manifest: 'PostgreSQL 15.8', 'PGlite', 'local folder', 'S3 bucket'. */
  source: { database: string; storage: string };
  log?: (line: string) => void;
}

/** The api package's version (api/package.json: two folders up from src/ops/, and from dist/cli/ once bundled). */
async function appVersion(): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** An entry's body written into the pack, respecting back-pressure; resolves once the pack has it all. */
async function writeEntry(
  pack: tar.Pack,
  name: string,
  size: number,
  body: AsyncIterable<Buffer>,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let written = 0;
  let done!: () => void;
  let failed!: (err: Error) => void;
  const finished = new Promise<void>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  const sink = pack.entry({ name, size, mode: 0o600, mtime: new Date() }, (err) => (err ? failed(err) : done()));
  for await (const chunk of body) {
    hash.update(chunk);
    written += chunk.length;
    if (!sink.write(chunk)) await once(sink as unknown as NodeJS.EventEmitter, 'drain');
  }
  sink.end(undefined);
  await finished;
  return { sha256: hash.digest('hex'), size: written };
}

async function writeBuffer(pack: tar.Pack, name: string, data: Buffer): Promise<ManifestEntry> {
  await new Promise<void>((resolve, reject) =>
    pack.entry({ name, size: data.length, mode: 0o600, mtime: new Date() }, data, (err) =>
      err ? reject(err) : resolve(),
    ),
  );
  return { name, size: data.length, sha256: sha256(data) };
}

export interface BackupResult {
  manifest: BackupManifest;
  bytes: number;
}

/**
 * Writes the archive. The database is read in one repeatable-read snapshot; the files are listed
 * once that snapshot exists, so every file a row of the snapshot names is in the listing (keys are
 * never rewritten in place, only added and removed). A file removed before it is copied is skipped
 * and named in `vanished`.
 */
export async function writeBackup(o: BackupOptions): Promise<BackupResult> {
  const log = o.log ?? (() => undefined);
  const partial = `${o.file}.partial`;
  const pack = tar.pack();
  const out = createWriteStream(partial, { mode: 0o600 });
  const writing = pipeline(pack as unknown as AsyncIterable<Buffer>, out);
  writing.catch(() => undefined);
  const entries: ManifestEntry[] = [];
  const vanished: string[] = [];
  try {
    let header!: BackupHeader;
    let keys: { key: string; size: number }[] = [];
    await o.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        // The rows belong to the level the database is at, whatever this code's: a backup taken
        // before `npm run migrate` restores with this version (which then migrates it); one of a
        // database a newer version migrated restores with that version.
        const status = await migrationStatus(trx);
        if (status.unknown.length > 0)
          log(
            `Note: the database was migrated by a newer version (${status.unknown.join(', ')}); restore it with that version.`,
          );
        const tables = await describeTables(trx);
        const counted: BackupHeader['tables'] = [];
        // The first query fixes the snapshot; the listing below starts after it.
        for (const t of tables) counted.push({ name: t.name, columns: t.columns, rows: await countRows(trx, t.name) });
        for await (const item of o.files.listAll()) keys.push({ key: item.key, size: item.size });
        keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        header = {
          format: FORMAT,
          formatVersion: FORMAT_VERSION,
          appVersion: await appVersion(),
          createdAt: new Date().toISOString(),
          migrations: status.executed,
          source: o.source,
          tables: counted,
          files: { count: keys.length, bytes: keys.reduce((n, k) => n + k.size, 0) },
        };
        entries.push(await writeBuffer(pack, HEADER, Buffer.from(JSON.stringify(header, null, 2))));
        log(`Database: ${tables.length} tables, ${counted.reduce((n, t) => n + t.rows, 0)} rows`);

        for (const t of tables) {
          let part = 0;
          let lines: string[] = [];
          let bytes = 0;
          let rows = 0;
          const flush = async () => {
            const name = `database/${t.name}.${String(++part).padStart(6, '0')}.ndjson.gz`;
            entries.push(await writeBuffer(pack, name, gzipSync(Buffer.from(lines.join('\n') + '\n'), { level: 6 })));
            lines = [];
            bytes = 0;
          };
          for await (const page of readRows(trx, t)) {
            for (const line of page) {
              lines.push(line);
              bytes += line.length;
              rows++;
              if (bytes >= PART_BYTES) await flush();
            }
          }
          if (lines.length > 0) await flush();
          const expected = counted.find((c) => c.name === t.name)!.rows;
          if (rows !== expected) throw new Error(`Table ${t.name}: read ${rows} rows, counted ${expected}`);
        }
        const sequences: SequenceState[] = await readSequences(trx);
        entries.push(await writeBuffer(pack, SEQUENCES, Buffer.from(JSON.stringify(sequences))));
      });
    keys = keys.filter((k) => isSafeKey(k.key));

    let copied = 0;
    let copiedBytes = 0;
    let lastReport = Date.now();
    for (const { key } of keys) {
      const stored = await o.files.open(key);
      if (!stored) {
        vanished.push(key);
        continue;
      }
      const name = `files/${key}`;
      const r = await writeEntry(pack, name, stored.size, stored.body as AsyncIterable<Buffer>);
      entries.push({ name, size: r.size, sha256: r.sha256, contentType: stored.contentType });
      copied++;
      copiedBytes += r.size;
      if (Date.now() - lastReport > 10_000) {
        log(`Files: ${copied} of ${keys.length} (${(copiedBytes / 1e6).toFixed(0)} MB)`);
        lastReport = Date.now();
      }
    }
    log(
      `Files: ${copied} copied (${(copiedBytes / 1e6).toFixed(1)} MB)${vanished.length ? `, ${vanished.length} removed meanwhile` : ''}`,
    );

    const manifest: BackupManifest = {
      ...header,
      files: { count: copied, bytes: copiedBytes },
      completedAt: new Date().toISOString(),
      vanished,
      entries,
    };
    await writeBuffer(pack, MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    await writing;
    await rename(partial, o.file);
    return { manifest, bytes: out.bytesWritten };
  } catch (err) {
    pack.destroy(err as Error);
    await writing.catch(() => undefined);
    await unlink(partial).catch(() => undefined);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

interface ArchiveEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/** The archive's entries in order; each body must be read (or skipped) before the next. */
async function* entriesOf(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const input = createReadStream(file);
  input.once('error', (err) => extract.destroy(err));
  input.pipe(extract as unknown as NodeJS.WritableStream);
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file') {
        for await (const _ of entry) void _;
        continue;
      }
      yield { name: entry.header.name, size: entry.header.size, body: entry as unknown as AsyncIterable<Buffer> };
      // A caller that did not read the body: drain it so the next entry can come.
      for await (const _ of entry) void _;
    }
  } finally {
    input.destroy();
  }
}

async function readAll(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(c);
  return Buffer.concat(parts);
}

/** Reads a body to its end while hashing it; optionally passes each chunk on. */
async function hashBody(body: AsyncIterable<Buffer>): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const c of body) {
    hash.update(c);
    size += c.length;
  }
  return { sha256: hash.digest('hex'), size };
}

const unreadable = (why: string) => new Error(`Not a usable backup archive: ${why}`);

function checkHeader(h: BackupHeader): void {
  if (h.format !== FORMAT) throw unreadable(`format '${String(h.format)}'`);
  if (h.formatVersion !== FORMAT_VERSION)
    throw unreadable(`format version ${h.formatVersion}; this version reads ${FORMAT_VERSION}`);
}

export interface VerifyResult {
  header: BackupHeader;
  manifest: BackupManifest;
  bytes: number;
}

/**
 * Reads the whole archive once and checks it against its manifest: every entry present once,
 * nothing extra, every size and SHA-256 equal. Nothing is written anywhere.
 */
export async function verifyBackup(file: string): Promise<VerifyResult> {
  let header: BackupHeader | undefined;
  let manifest: BackupManifest | undefined;
  const seen = new Map<string, { size: number; sha256: string }>();
  let bytes = 0;
  let index = 0;
  for await (const entry of entriesOf(file)) {
    if (manifest) throw unreadable(`entry '${entry.name}' after the manifest`);
    if (index++ === 0) {
      if (entry.name !== HEADER) throw unreadable(`it does not start with ${HEADER}`);
      const data = await readAll(entry.body);
      header = JSON.parse(data.toString('utf8')) as BackupHeader;
      checkHeader(header);
      seen.set(entry.name, { size: data.length, sha256: sha256(data) });
      bytes += data.length;
      continue;
    }
    if (entry.name === MANIFEST) {
      manifest = JSON.parse((await readAll(entry.body)).toString('utf8')) as BackupManifest;
      continue;
    }
    if (seen.has(entry.name)) throw unreadable(`entry '${entry.name}' twice`);
    const r = await hashBody(entry.body);
    seen.set(entry.name, r);
    bytes += r.size;
  }
  if (!header) throw unreadable('it is empty');
  if (!manifest) throw unreadable(`${MANIFEST} is missing (the backup did not finish, or the file is cut short)`);
  if (JSON.stringify(manifest.migrations) !== JSON.stringify(header.migrations))
    throw unreadable('the manifest and the header name different migration levels');
  const listed = new Set(manifest.entries.map((e) => e.name));
  for (const e of manifest.entries) {
    const got = seen.get(e.name);
    if (!got) throw unreadable(`entry '${e.name}' is missing`);
    if (got.size !== e.size || got.sha256 !== e.sha256)
      throw unreadable(`entry '${e.name}' does not match its checksum (damaged)`);
  }
  for (const name of seen.keys()) if (!listed.has(name)) throw unreadable(`entry '${name}' is not in the manifest`);
  return { header, manifest, bytes };
}

export interface RestoreOptions {
  db: Db;
  files: FileStore;
  file: string;
  /** Replace what the target holds (same migration level only); without it a non-empty target is refused. */
  force?: boolean;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  rows: number;
  files: number;
  bytes: number;
  /** Migrations run after loading, to bring an older backup up to this version. */
  upgraded: string[];
}

/** Raised when the target is not one a restore may write to; nothing has been changed. */
export class RestoreRefused extends Error {}

/**
 * Loads a verified archive into this install: the schema is built by our migrations up to the
 * archive's level, the rows go in (one transaction), the files go to the store, then the
 * remaining migrations bring it up to this version. Held under the migration lock throughout, so
 * an api starting meanwhile waits instead of seeding a half-restored database.
 */
export async function restoreBackup(o: RestoreOptions): Promise<RestoreResult> {
  const log = o.log ?? (() => undefined);
  log('Checking the archive against its manifest…');
  const { header, manifest } = await verifyBackup(o.file);
  const byName = new Map(manifest.entries.map((e) => [e.name, e]));

  return withMigrationLock(o.db, async () => {
    // What may be written to: the archive's level must be this code's (or older), the database
    // unmigrated or at the same level, and empty (reference data aside) unless forced.
    const status = await migrationStatus(o.db);
    const known = [...status.executed.filter((n) => !status.unknown.includes(n)), ...status.pending];
    const unknownInArchive = header.migrations.filter((n) => !known.includes(n));
    if (unknownInArchive.length > 0)
      throw new RestoreRefused(
        `The backup was taken by a newer version (migrations ${unknownInArchive.join(', ')} are unknown here): ` +
          `install version ${header.appVersion} or newer to restore it.`,
      );
    if (header.migrations.some((n, i) => known[i] !== n))
      throw new RestoreRefused(
        'The backup’s migrations are not a prefix of this version’s: it cannot be restored here.',
      );
    const targetLevel = status.executed;
    const fresh = targetLevel.length === 0;
    if (!fresh && JSON.stringify(targetLevel) !== JSON.stringify(header.migrations))
      throw new RestoreRefused(
        `The database is already migrated (${targetLevel.length} migrations; the backup has ${header.migrations.length}). ` +
          'Restore into an empty database: a new PostgreSQL database (createdb) or, with PGlite, an empty DATA_DIR; ' +
          'run the restore before the first start of the api.',
      );
    if (!fresh) {
      const busy = await tablesWithRows(o.db, await describeTables(o.db), REFERENCE_TABLES);
      if (busy.length > 0 && !o.force)
        throw new RestoreRefused(
          `The database is not empty (rows in ${busy.slice(0, 5).join(', ')}${busy.length > 5 ? '…' : ''}). ` +
            'Restore into an empty install, or add --force to replace everything it holds.',
        );
    }
    let storeHasFiles = false;
    for await (const _ of o.files.listAll()) {
      void _;
      storeHasFiles = true;
      break;
    }
    if (storeHasFiles && !o.force)
      throw new RestoreRefused(
        'The file store is not empty. Restore into an empty install, or add --force ' +
          '(files with the same key are replaced, others are left in place).',
      );

    if (fresh) {
      const strangers = await describeTables(o.db);
      if (strangers.length > 0)
        throw new RestoreRefused(
          `The database has tables but no migration history (${strangers
            .slice(0, 5)
            .map((t) => t.name)
            .join(', ')}): restore into an empty database.`,
        );
    }
    if (fresh && header.migrations.length > 0) {
      log(`Building the schema up to ${header.migrations.at(-1)}…`);
      await migrateTo(o.db, header.migrations.at(-1)!);
    }
    const tables = await describeTables(o.db);
    const tableByName = new Map(tables.map((t) => [t.name, t]));
    for (const t of header.tables) {
      const target = tableByName.get(t.name);
      if (!target) throw new Error(`Table ${t.name} of the backup does not exist here`);
      const missing = t.columns.filter((c) => !target.columns.includes(c));
      if (missing.length) throw new Error(`Table ${t.name}: columns ${missing.join(', ')} do not exist here`);
    }

    let rows = 0;
    let restoredFiles = 0;
    let restoredBytes = 0;
    const entries = entriesOf(o.file);
    let pendingEntry: ArchiveEntry | undefined;
    const checkEntry = (name: string, r: { size: number; sha256: string }) => {
      const e = byName.get(name);
      if (!e || e.size !== r.size || e.sha256 !== r.sha256)
        throw new Error(`Entry '${name}' changed since it was checked: the archive is being modified?`);
    };
    try {
      await o.db.transaction().execute(async (trx) => {
        await setUserTriggers(trx, tables, false);
        await truncateAll(trx, tables);
        const loaded = new Map<string, number>();
        for (;;) {
          const next = await entries.next();
          if (next.done) break;
          const entry = next.value;
          if (entry.name === HEADER) continue;
          if (!entry.name.startsWith('database/')) {
            pendingEntry = entry;
            break;
          }
          const data = await readAll(entry.body);
          checkEntry(entry.name, { size: data.length, sha256: sha256(data) });
          if (entry.name === SEQUENCES) {
            await writeSequences(trx, JSON.parse(data.toString('utf8')) as SequenceState[]);
            continue;
          }
          const m = /^database\/(.+)\.\d+\.ndjson\.gz$/.exec(entry.name);
          const spec = m && header.tables.find((t) => t.name === m[1]);
          if (!spec) throw new Error(`Unexpected entry ${entry.name}`);
          const lines = gunzipSync(data).toString('utf8').split('\n').filter(Boolean);
          const table: TableInfo = { ...tableByName.get(spec.name)!, columns: spec.columns };
          // Bounded statements: a part of wide rows (attachments) goes in a few rows at a time.
          const step = table.wide ? 8 : 1000;
          for (let i = 0; i < lines.length; i += step) await writeRows(trx, table, lines.slice(i, i + step));
          loaded.set(spec.name, (loaded.get(spec.name) ?? 0) + lines.length);
          rows += lines.length;
        }
        for (const t of header.tables)
          if ((loaded.get(t.name) ?? 0) !== t.rows)
            throw new Error(
              `Table ${t.name}: the backup holds ${loaded.get(t.name) ?? 0} rows, its header says ${t.rows}`,
            );
        await setUserTriggers(trx, tables, true);
      });
      log(`Database: ${rows} rows in ${header.tables.length} tables`);

      let lastReport = Date.now();
      let entry = pendingEntry;
      while (entry) {
        if (entry.name.startsWith('files/')) {
          const key = entry.name.slice('files/'.length);
          if (!isSafeKey(key)) throw new Error(`Unsafe file key in the archive: ${key}`);
          const hash = createHash('sha256');
          let size = 0;
          const body = entry.body;
          const counted = Readable.from(
            (async function* () {
              for await (const c of body) {
                hash.update(c);
                size += c.length;
                yield c;
              }
            })(),
          );
          const e = byName.get(entry.name);
          await o.files.put(key, counted, e?.contentType ?? contentTypeFor(key));
          const r = { size, sha256: hash.digest('hex') };
          try {
            checkEntry(entry.name, r);
          } catch (err) {
            await o.files.remove(key);
            throw err;
          }
          restoredFiles++;
          restoredBytes += size;
          if (Date.now() - lastReport > 10_000) {
            log(`Files: ${restoredFiles} of ${manifest.files.count} (${(restoredBytes / 1e6).toFixed(0)} MB)`);
            lastReport = Date.now();
          }
        }
        const next = await entries.next();
        entry = next.done ? undefined : next.value;
      }
    } finally {
      await entries.return(undefined);
    }
    if (restoredFiles !== manifest.files.count)
      throw new Error(`Restored ${restoredFiles} files; the manifest lists ${manifest.files.count}`);
    log(`Files: ${restoredFiles} (${(restoredBytes / 1e6).toFixed(1)} MB)`);

    const upgraded = await migrateToLatest(o.db);
    // Geography as this version has it (a no-op when the backup's is complete).
    await seedGeography(o.db);
    await sql`analyze`.execute(o.db);
    return { manifest, rows, files: restoredFiles, bytes: restoredBytes, upgraded };
  });
}
