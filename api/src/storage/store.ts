import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A key found by `list`, with when it was last written (a local file's mtime, an object's LastModified). */
export interface ListedKey {
  key: string;
  modifiedAt: Date;
}

export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded and generated files live: a local folder (default) or an S3-compatible bucket.
 * Keys are relative, slash-separated and opaque ('postulantes/<uuid>.pdf'); callers never build
 * disk paths or URLs from them.
 */
export interface FileStore {
  /** Writes the whole body under `key`; a reader never sees half a file. */
  put(key: string, data: Buffer | Readable, contentType?: string): Promise<void>;
  open(key: string): Promise<StoredFile | null>;
  /** Removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Renames `from` to `to` (a temporary upload becoming an application's file). */
  move(from: string, to: string): Promise<void>;
  /**
   * Copies `from` to `to`, leaving `from` as it is (a guest application's file becoming a new
   * profile's own); false when `from` does not exist. A reader never sees half a copy.
   */
  copy(from: string, to: string): Promise<boolean>;
  /**
   * The keys directly in `folder` (not in its sub-folders), in no particular order; an absent
   * folder lists nothing. Used by the orphan sweep (orphans.ts).
   */
  list(folder: string): AsyncIterable<ListedKey>;
  /**
   * Every key in the store with its size, sub-folders included, in no particular order; a write
   * still in progress is not listed. Used by backups (api/src/ops/).
   */
  listAll(): AsyncIterable<ListedKey & { size: number }>;
  /** Removes keys under `folder` older than `olderThanMs` (uploads a killed process left behind). */
  sweep(folder: string, olderThanMs: number): Promise<number>;
  /** Prepares the store at start-up (creates the bucket when missing). */
  ready?(): Promise<void>;
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
 * Anything that could climb out of the store (.., absolute paths, backslashes, NUL, empty
 * segments) is refused.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  if (key.startsWith('/') || key.includes('\\') || key.includes('\0') || /^[A-Za-z]:/.test(key)) return false;
  // A segment past a file system's name limit (255 bytes) could never have been written: it is
  // simply not a key, rather than an ENAMETOOLONG from the disk (S3 keys stay under 1,024 bytes).
  return key
    .split('/')
    .every((seg) => seg !== '' && seg !== '.' && seg !== '..' && Buffer.byteLength(seg) <= MAX_SEGMENT_BYTES);
}

/** The longest name one folder entry may have (NAME_MAX on Linux, ext4 and most others). */
const MAX_SEGMENT_BYTES = 255;

/** A key too long to have ever been written (a missing file, not a malformed request). */
export function isOverlongKey(key: string): boolean {
  return key.length > 512 || key.split('/').some((seg) => Buffer.byteLength(seg) > MAX_SEGMENT_BYTES);
}

export function newFileKey(folder: string, extension: string): string {
  return `${folder}/${randomUUID()}.${extension.replace(/^\./, '')}`;
}

/**
 * Folders that hold candidates' files and uploads in flight: never served by GET /internal/archivos/…
 * (candidate documents reach their owner or staff only through an authorised route).
 */
export const PRIVATE_FOLDERS = ['postulantes', 'tmp'] as const;
export const isPrivateKey = (key: string): boolean =>
  (PRIVATE_FOLDERS as readonly string[]).includes(key.split('/')[0] ?? '');
