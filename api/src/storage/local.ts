import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { contentTypeFor, isSafeKey, type FileStore } from './store.js';

/** Files in a folder on this machine (DATA_DIR/files by default). */
export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const resolveKey = (key: string): string => {
    if (!isSafeKey(key)) throw new Error('Clave de archivo inválida');
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error('Clave de archivo inválida');
    return full;
  };

  return {
    async put(key, data) {
      const full = resolveKey(key);
      await mkdir(path.dirname(full), { recursive: true });
      // Write then rename so a reader never sees half a file.
      const tmp = `${full}.${randomUUID()}.tmp`;
      try {
        if (Buffer.isBuffer(data)) await writeFile(tmp, data);
        else await pipeline(data, createWriteStream(tmp));
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
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
          return null;
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
      await mkdir(path.dirname(target), { recursive: true });
      await rename(resolveKey(from), target);
    },
  };
}
