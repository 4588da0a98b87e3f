import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeFor, isSafeKey, type FileStore } from './store.js';

/**
 * Network chunks are 64 KB at most; writing each on its own costs a thread-pool round trip per
 * chunk, which under load is what a 20 MB upload spends most of its time on (bench/apply.ts).
 * Chunks are gathered (not copied) and written together with writev.
 */
const WRITE_BYTES = 512 * 1024;

class GatheringFileSink extends Writable {
  private parts: Buffer[] = [];
  private size = 0;
  constructor(private readonly file: FileHandle) {
    super({ highWaterMark: WRITE_BYTES });
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size < WRITE_BYTES) return done();
    this.flush().then(() => done(), done);
  }
  override _final(done: (err?: Error | null) => void): void {
    this.flush().then(() => done(), done);
  }
  private async flush(): Promise<void> {
    let parts = this.parts;
    let left = this.size;
    this.parts = [];
    this.size = 0;
    while (left > 0) {
      const { bytesWritten } = await this.file.writev(parts);
      left -= bytesWritten;
      if (left > 0) parts = remainder(parts, bytesWritten);
    }
  }
}

/** What a short writev left unwritten. */
function remainder(parts: Buffer[], written: number): Buffer[] {
  const rest: Buffer[] = [];
  for (const p of parts) {
    if (written >= p.length) written -= p.length;
    else {
      rest.push(written > 0 ? p.subarray(written) : p);
      written = 0;
    }
  }
  return rest;
}

const IN_PROGRESS = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** Files in a folder on this machine (DATA_DIR/files by default). */
export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const resolveKey = (key: string): string => {
    if (!isSafeKey(key)) throw new Error('Clave de archivo inválida');
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error('Clave de archivo inválida');
    return full;
  };
  // Folders already made by this process: one mkdir per folder, not one per file written.
  const made = new Set<string>();
  const folder = async (dir: string) => {
    if (made.has(dir)) return;
    await mkdir(dir, { recursive: true });
    made.add(dir);
  };

  return {
    async put(key, data) {
      const full = resolveKey(key);
      await folder(path.dirname(full));
      // Write then rename so a reader never sees half a file.
      const tmp = `${full}.${randomUUID()}.tmp`;
      try {
        if (Buffer.isBuffer(data)) await writeFile(tmp, data);
        else {
          const file = await open(tmp, 'w');
          try {
            await pipeline(data, new GatheringFileSink(file));
          } finally {
            await file.close();
          }
        }
        await rename(tmp, full);
      } catch (err) {
        await unlink(tmp).catch(() => undefined);
        throw err;
      }
    },
    async open(key) {
      if (!isSafeKey(key)) return null;
      const full = resolveKey(key);
      try {
        const info = await stat(full);
        if (!info.isFile()) return null;
        return { body: createReadStream(full), size: info.size, contentType: contentTypeFor(key) };
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG') return null;
        throw err;
      }
    },
    async remove(key) {
      try {
        await unlink(resolveKey(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },
    async *list(folder) {
      const dir = resolveKey(folder);
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        try {
          const info = await stat(path.join(dir, entry.name));
          yield { key: `${folder}/${entry.name}`, modifiedAt: info.mtime };
        } catch {
          // gone meanwhile
        }
      }
    },
    async *listAll() {
      const walk = async function* (dir: string): AsyncGenerator<{ key: string; size: number; modifiedAt: Date }> {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw err;
        }
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full);
          // put() writes '<key>.<uuid>.tmp' and renames it: half a file is never a key.
          else if (entry.isFile() && !IN_PROGRESS.test(entry.name)) {
            try {
              const info = await stat(full);
              yield {
                key: path.relative(base, full).split(path.sep).join('/'),
                size: info.size,
                modifiedAt: info.mtime,
              };
            } catch {
              // gone meanwhile
            }
          }
        }
      };
      yield* walk(base);
    },
    async sweep(folder, olderThanMs) {
      const dir = resolveKey(folder);
      let removed = 0;
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return 0;
      }
      for (const name of names) {
        const full = path.join(dir, name);
        try {
          const info = await stat(full);
          if (info.isFile() && Date.now() - info.mtimeMs > olderThanMs) {
            await unlink(full);
            removed++;
          }
        } catch {
          // gone meanwhile
        }
      }
      return removed;
    },
    async move(from, to) {
      const target = resolveKey(to);
      await folder(path.dirname(target));
      await rename(resolveKey(from), target);
    },
    async copy(from, to) {
      const source = resolveKey(from);
      const target = resolveKey(to);
      await folder(path.dirname(target));
      // Copy beside, then rename: a reader never sees half a file.
      const tmp = `${target}.${randomUUID()}.tmp`;
      try {
        await copyFile(source, tmp);
        await rename(tmp, target);
        return true;
      } catch (err) {
        await unlink(tmp).catch(() => undefined);
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !(await stat(source).catch(() => null))) return false;
        throw err;
      }
    },
  };
}
