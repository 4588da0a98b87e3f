import { randomUUID } from 'node:crypto';
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import type { Request } from 'express';
import formidable, { errors as formidableErrors, multipart } from 'formidable';
import { MAX_FILE_BYTES } from '@bolsa/domain';
import { sniffFileKind, type FileKind } from '@bolsa/domain/file-kind';
import type { FileStore } from '../storage/index.js';

/** The file parts of POST /guardar/Postulante (spec 1 §7) and what each holds. */
export const FILE_FIELDS = {
  FileFotografia: { type: 'fotografia', kind: 'photo', registeredOnly: false },
  Curriculum: { type: 'curriculum', kind: 'document', registeredOnly: false },
  CartaDePresentacion: { type: 'carta', kind: 'document', registeredOnly: true },
  Policiales: { type: 'policiales', kind: 'document', registeredOnly: true },
  Penales: { type: 'penales', kind: 'document', registeredOnly: true },
} as const;
export type FileField = keyof typeof FILE_FIELDS;
const isFileField = (name: string): name is FileField => Object.hasOwn(FILE_FIELDS, name);

/** A file received into a temporary key; `kind` is what its bytes are, null when nothing we take. */
export interface ReceivedFile {
  field: FileField;
  tmpKey: string;
  /** Display name only: base name, no separators or control characters. */
  name: string;
  size: number;
  kind: FileKind | null;
  /** Bytes after the end of the format (a polyglot or something appended). */
  trailing: boolean;
  tooLarge: boolean;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

export type IntakeFailure = 'malformed' | 'duplicated' | 'unknownFile' | 'fieldsTooLarge' | 'aborted';

export class IntakeError extends Error {
  constructor(
    readonly reason: IntakeFailure,
    /** Temporary keys written before the failure; the caller removes them. */
    readonly tmpKeys: string[],
  ) {
    super(`Postulación rechazada: ${reason}`);
    this.name = 'IntakeError';
  }
}

/** What file-type needs to tell a kind, and how much of the end we keep to check it. */
const HEAD_BYTES = 4100;
const TAIL_BYTES = 1024;

/** Counts and keeps the first and last bytes while the file streams to the store. */
class Tap extends Transform {
  size = 0;
  head = Buffer.alloc(0);
  tail = Buffer.alloc(0);
  tooLarge = false;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > MAX_FILE_BYTES) {
      // Stop storing at the limit; the rest of the part is read and thrown away.
      this.tooLarge = true;
      done();
      return;
    }
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES)]);
    this.tail = Buffer.concat([this.tail, chunk]).subarray(-TAIL_BYTES);
    done(null, chunk);
  }
}

const PNG_END = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const ZIP_END = Buffer.from('PK\u0005\u0006', 'latin1');

/**
 * Whether something follows the end of the format: a JPEG ends with FFD9, a PNG with its IEND
 * chunk, a PDF with '%%EOF' near the end; a ZIP directory anywhere in the tail betrays an archive
 * riding along (a polyglot). A few bytes of padding are tolerated.
 */
function hasTrailing(kind: FileKind | null, tail: Buffer): boolean {
  if (!kind) return false;
  if (tail.includes(ZIP_END)) return true;
  const trimmed = trimPadding(tail);
  if (kind === 'jpeg') return !(trimmed.at(-2) === 0xff && trimmed.at(-1) === 0xd9);
  if (kind === 'png') return !trimmed.subarray(-PNG_END.length).equals(PNG_END);
  if (kind === 'pdf') return !trimmed.subarray(-32).includes('%%EOF');
  return false;
}

function trimPadding(b: Buffer): Buffer {
  let end = b.length;
  while (end > 0 && [0x00, 0x0a, 0x0d, 0x20].includes(b[end - 1]!)) end--;
  return b.subarray(0, end);
}

export const safeDisplayName = (raw: string | null | undefined): string =>
  (raw ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120) || 'archivo';

const FIELDS_BYTES = 256 * 1024;

/**
 * Reads the multipart body of POST /guardar/Postulante, streaming each file part into a temporary
 * key of the store (never whole in memory). Text fields must each come once; file parts must be
 * named as spec 1 §7 says, once each. On any failure the temporary keys written so far are in the
 * error, for the caller to remove.
 */
export async function receiveApplication(req: Request, store: FileStore): Promise<ReceivedForm> {
  if (!req.is('multipart/form-data')) throw new IntakeError('malformed', []);
  const fields: Record<string, string> = Object.create(null);
  const files: ReceivedFile[] = [];
  const writes: Promise<void>[] = [];
  const tmpKeys: string[] = [];
  let failure: IntakeFailure | null = null;
  const seenFiles = new Set<string>();

  const form = formidable({
    enabledPlugins: [multipart],
    maxFiles: Object.keys(FILE_FIELDS).length,
    // The exact 5 MB rule is the Tap's, with the field's own message; this only bounds the read.
    maxFileSize: MAX_FILE_BYTES + 1024 * 1024,
    maxTotalFileSize: (MAX_FILE_BYTES + 1024 * 1024) * Object.keys(FILE_FIELDS).length,
    maxFieldsSize: FIELDS_BYTES,
    maxFields: 40,
    allowEmptyFiles: true,
    minFileSize: 0,
    fileWriteStreamHandler: (file?: object) => {
      const part = file;
      const sink = new PassThrough();
      const tap = new Tap();
      const tmpKey = `tmp/${randomUUID()}`;
      tmpKeys.push(tmpKey);
      const entry = { tap, tmpKey, part };
      pending.push(entry);
      writes.push(store.put(tmpKey, sink.pipe(tap)));
      return sink;
    },
  });
  const pending: { tap: Tap; tmpKey: string; part: object | undefined }[] = [];

  form.on('field', (name: string, value: string) => {
    if (Object.hasOwn(fields, name)) failure ??= 'duplicated';
    fields[name] = value;
  });
  form.on('fileBegin', (name: string) => {
    if (!isFileField(name)) failure ??= 'unknownFile';
    else if (seenFiles.has(name)) failure ??= 'duplicated';
    seenFiles.add(name);
  });

  let parsed: formidable.Files;
  try {
    [, parsed] = await form.parse(req);
  } catch (err) {
    // Destroy every stream still open so its put settles and its temporary file is removed.
    for (const p of pending) p.tap.destroy(new Error('cortado'));
    await Promise.allSettled(writes);
    const code = (err as { code?: unknown }).code;
    const reason: IntakeFailure =
      code === formidableErrors.maxFieldsSizeExceeded || code === formidableErrors.maxFieldsExceeded
        ? 'fieldsTooLarge'
        : req.readableAborted || req.socket.destroyed
          ? 'aborted'
          : 'malformed';
    throw new IntakeError(reason, tmpKeys);
  }
  const settled = await Promise.allSettled(writes);
  if (settled.some((s) => s.status === 'rejected')) throw new IntakeError('aborted', tmpKeys);
  if (failure) throw new IntakeError(failure, tmpKeys);

  for (const [name, list] of Object.entries(parsed)) {
    for (const file of list ?? []) {
      const i = pending.findIndex((p) => p.part === file);
      const p = pending[i];
      if (!p || !isFileField(name)) continue;
      // A file input left empty still sends a part with no name: no file.
      if (p.tap.size === 0 && !file.originalFilename) {
        await store.remove(p.tmpKey);
        continue;
      }
      const kind = p.tap.tooLarge || p.tap.size === 0 ? null : await sniffFileKind(p.tap.head);
      files.push({
        field: name,
        tmpKey: p.tmpKey,
        name: safeDisplayName(file.originalFilename),
        size: p.tap.size,
        kind,
        trailing: hasTrailing(kind, p.tap.tail),
        tooLarge: p.tap.tooLarge,
      });
    }
  }
  return { fields, files };
}
