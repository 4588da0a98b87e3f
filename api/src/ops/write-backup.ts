import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile, rename, unlink } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import type { Db } from '../db/database.js';
import { migrationStatus } from '../db/migrate.js';
import { isSafeKey, type FileStore } from '../storage/index.js';
import {
  FORMAT,
  FORMAT_VERSION,
  HEADER,
  MANIFEST,
  SEQUENCES,
  sha256,
  type BackupHeader,
  type BackupManifest,
  type ManifestEntry,
} from './archive.js';
import { countRows, describeTables, readRows, readSequences, type SequenceState } from './table-dump.js';

// Writing a backup archive (its format: archive.ts): the database's dump, every stored file, the manifest.

/** A table part is closed once it holds this much JSON (before compression). */
const PART_BYTES = 4 * 1024 * 1024;

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
