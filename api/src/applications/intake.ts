import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { Request } from 'express';
import { DOCUMENT_KIND_INFO, MAX_FILE_BYTES, type SniffedKind } from '@bolsa/domain';
import { sniffKind } from '@bolsa/domain/sniff';
import type { Db } from '../db/database.js';
import { boundedPhoto, findStaged, type StagedRef } from '../files/index.js';
import { hasTrailing, safeDisplayName, Tap, type FileStore } from '../storage/index.js';

/**
 * The file parts of POST /guardar/Postulante (spec 1 §7): the document each holds (domain
 * document-kinds.ts, which names its stored tipo) and the upload purpose whose rules it follows.
 */
export const FILE_FIELDS = {
  FileFotografia: { document: DOCUMENT_KIND_INFO.PHOTO, purpose: 'candidate-photo', registeredOnly: false },
  Curriculum: { document: DOCUMENT_KIND_INFO.CURRICULUM, purpose: 'candidate-document', registeredOnly: false },
  CartaDePresentacion: { document: DOCUMENT_KIND_INFO.DPI, purpose: 'candidate-document', registeredOnly: true },
  Policiales: { document: DOCUMENT_KIND_INFO.POLICE_RECORD, purpose: 'candidate-document', registeredOnly: true },
  Penales: { document: DOCUMENT_KIND_INFO.CRIMINAL_RECORD, purpose: 'candidate-document', registeredOnly: true },
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
  kind: SniffedKind | null;
  /** Bytes after the end of the format (a polyglot or something appended). */
  trailing: boolean;
  tooLarge: boolean;
  /** Set when the file was staged before the form was sent (files/staged.ts): `tmpKey` is its staged key. */
  stagedId?: string;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Parts named by a staged id whose file is gone (used, or swept). */
  gone: FileField[];
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

const FIELDS_BYTES = 256 * 1024;
const MAX_FIELDS = 40;
const FILE_COUNT = Object.keys(FILE_FIELDS).length;
/** Past this, the body is not an application form: whatever is left is not read. */
const MAX_BODY_BYTES = FIELDS_BYTES + FILE_COUNT * (MAX_FILE_BYTES + 1024 * 1024);

/**
 * Reads the multipart body of POST /guardar/Postulante, streaming each file part into a temporary
 * key of the store (never whole in memory). Text fields must each come once; file parts must be
 * named as spec 1 §7 says, once each. On any failure the temporary keys written so far are in the
 * error, for the caller to remove.
 *
 * busboy rather than formidable: formidable pauses the request for every chunk and passes data
 * through object-mode streams, which cost about a third more CPU on 20 concurrent 20 MB forms
 * (bench/apply.ts).
 */
export async function receiveApplication(req: Request, store: FileStore): Promise<ReceivedForm> {
  if (!req.is('multipart/form-data')) throw new IntakeError('malformed', []);
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: req.headers as BusboyHeaders,
      limits: {
        fieldSize: FIELDS_BYTES,
        fields: MAX_FIELDS,
        files: FILE_COUNT,
        // One byte past the limit tells the Tap the file is too large; the rest of the part is skipped.
        fileSize: MAX_FILE_BYTES + 1,
        parts: MAX_FIELDS + FILE_COUNT,
      },
    });
  } catch {
    // No boundary, or not multipart after all.
    throw new IntakeError('malformed', []);
  }

  const fields: Record<string, string> = Object.create(null);
  const tmpKeys: string[] = [];
  const received: { field: FileField; tap: Tap; tmpKey: string; filename: string; write: Promise<void> }[] = [];
  const seenFiles = new Set<string>();
  let failure: IntakeFailure | null = null;
  let fieldBytes = 0;
  let bodyBytes = 0;

  const done = new Promise<void>((resolve) => {
    const fail = (reason: IntakeFailure) => {
      failure ??= reason;
      req.unpipe(parser);
      // Every file still streaming ends now, so its put settles and its temporary file is removed.
      for (const r of received) r.tap.destroy(new Error('cortado'));
      resolve();
    };
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (valueTruncated || fieldBytes > FIELDS_BYTES) return fail('fieldsTooLarge');
      if (Object.hasOwn(fields, name)) failure ??= 'duplicated';
      fields[name] = value;
    });
    parser.on('file', (name, stream, filename) => {
      if (failure || !isFileField(name) || seenFiles.has(name)) {
        if (!failure) failure = isFileField(name) ? 'duplicated' : 'unknownFile';
        stream.resume();
        return;
      }
      seenFiles.add(name);
      const tap = new Tap();
      const tmpKey = `tmp/${randomUUID()}`;
      tmpKeys.push(tmpKey);
      stream.on('error', (err) => tap.destroy(err));
      received.push({ field: name, tap, tmpKey, filename, write: store.put(tmpKey, stream.pipe(tap)) });
    });
    parser.on('fieldsLimit', () => fail('fieldsTooLarge'));
    parser.on('partsLimit', () => fail('fieldsTooLarge'));
    parser.on('filesLimit', () => fail('malformed'));
    parser.on('error', () => fail(req.readableAborted || req.socket.destroyed ? 'aborted' : 'malformed'));
    parser.on('finish', () => resolve());
    req.on('data', (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyBytes > MAX_BODY_BYTES) fail('malformed');
    });
    // A client that goes away mid-body: the parser never finishes.
    req.on('close', () => {
      if (!req.complete) fail('aborted');
    });
    req.pipe(parser);
  });
  await done;

  const settled = await Promise.allSettled(received.map((r) => r.write));
  if (failure) throw new IntakeError(failure, tmpKeys);
  if (settled.some((s) => s.status === 'rejected')) throw new IntakeError('aborted', tmpKeys);

  const files: ReceivedFile[] = [];
  for (const r of received) {
    // A file input left empty still sends a part with no name: no file.
    if (r.tap.size === 0 && !r.filename) {
      await store.remove(r.tmpKey);
      continue;
    }
    let kind = r.tap.tooLarge || r.tap.size === 0 ? null : await sniffKind(r.tap.head);
    let size = r.tap.size;
    const trailing = hasTrailing(kind, r.tap.tail);
    if (r.field === 'FileFotografia' && (kind === 'jpeg' || kind === 'png')) {
      // Decoded whole with the pixel limit and kept as the bounded JPEG (files/photo.ts); an image
      // that cannot be is refused like a file of the wrong kind.
      const original = await store.open(r.tmpKey);
      const photo = original ? await boundedPhoto(await buffer(original.body)) : null;
      if (photo?.ok) {
        await store.put(r.tmpKey, photo.data, 'image/jpeg');
        // `trailing` stays as the original had it: a polyglot is refused, not laundered.
        [kind, size] = ['jpeg', photo.data.length];
      } else kind = null;
    }
    files.push({
      field: r.field,
      tmpKey: r.tmpKey,
      name: safeDisplayName(r.filename),
      size,
      kind,
      trailing,
      tooLarge: r.tap.tooLarge,
    });
  }
  return { fields, files, gone: [] };
}

/**
 * Adds the files the form named by staged id (`?preparados=`, files/staged.ts) as received files.
 * False when a reference names no file part of spec 1 §7 or a part also sent in the body.
 */
export async function addStagedFiles(db: Db, form: ReceivedForm, refs: readonly StagedRef[]): Promise<boolean> {
  if (refs.some((r) => !isFileField(r.field) || form.files.some((f) => f.field === r.field))) return false;
  const { found, gone } = await findStaged(db, refs);
  for (const f of found)
    form.files.push({
      field: f.field as FileField,
      tmpKey: f.key,
      name: f.name,
      size: f.size,
      kind: f.kind,
      trailing: f.trailing,
      tooLarge: false,
      stagedId: f.id,
    });
  form.gone.push(...(gone as FileField[]));
  return true;
}
