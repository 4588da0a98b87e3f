import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

/** Where uploaded and generated files live; local folder now, S3-compatible storage later. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  open(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function contentTypeFor(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Keys are relative, slash-separated names such as 'plazas/<uuid>.webp'. Anything that could
 * climb out of the store (.., absolute paths, backslashes, NUL, empty segments) is refused.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  if (key.startsWith('/') || key.includes('\\') || key.includes('\0') || /^[A-Za-z]:/.test(key)) return false;
  return key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

export function newFileKey(folder: string, extension: string): string {
  return `${folder}/${randomUUID()}.${extension.replace(/^\./, '')}`;
}

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
      await writeFile(tmp, data);
      await rename(tmp, full);
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
  };
}
