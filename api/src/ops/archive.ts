import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import tar from 'tar-stream';

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
 *
 * This file: the format and its reading (the entries' names, the header and manifest, the archive
 * read entry by entry, a whole archive checked against its manifest). Writing one is in
 * write-backup.ts; loading one into an install in restore-backup.ts.
 */

export const FORMAT = 'bolsa-de-trabajo-backup';
export const FORMAT_VERSION = 1;
export const HEADER = 'bolsa-backup.json';
export const MANIFEST = 'manifest.json';
export const SEQUENCES = 'database/sequences.json';

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

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export interface ArchiveEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/** The archive's entries in order; each body must be read (or skipped) before the next. */
export async function* entriesOf(file: string): AsyncGenerator<ArchiveEntry> {
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

export async function readAll(body: AsyncIterable<Buffer>): Promise<Buffer> {
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

export const unreadable = (why: string) => new Error(`Not a usable backup archive: ${why}`);

export function checkHeader(h: BackupHeader): void {
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
