import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { migrateTo, migrateToLatest, migrationStatus, withMigrationLock } from '../db/migrate.js';
import { seedGeography } from '../db/seed/geography.js';
import { contentTypeFor, isSafeKey, type FileStore } from '../storage/index.js';
import {
  entriesOf,
  HEADER,
  readAll,
  SEQUENCES,
  sha256,
  verifyBackup,
  type ArchiveEntry,
  type BackupManifest,
} from './archive.js';
import {
  describeTables,
  setUserTriggers,
  tablesWithRows,
  truncateAll,
  writeRows,
  writeSequences,
  type SequenceState,
  type TableInfo,
} from './table-dump.js';

// Loading a backup archive (its format: archive.ts) into an install.

/** Loaded again by every start; an install with only these rows is still empty. */
const REFERENCE_TABLES = ['departamentos', 'municipios'];

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
