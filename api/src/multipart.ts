import { Writable } from 'node:stream';
import type { Request } from 'express';
import formidable, { errors as formidableErrors, multipart } from 'formidable';
import { badRequest } from './errors.js';
import { bodyOf, hasControl } from './input.js';

/** One uploaded file, held in memory (uploads are capped at a few MB). */
export interface UploadedFile {
  field: string;
  /** As the client named it; only for display, never for a path. */
  originalName: string;
  /** As the client declared it; not trusted (the real type is read from the bytes). */
  mimetype: string | null;
  data: Buffer;
}

export interface FormBody {
  /** Every value of each field, in order (Requisitos/Beneficios repeat one per item). */
  fields: Record<string, string[]>;
  files: UploadedFile[];
}

export type FormFailure = 'fileTooLarge' | 'fieldsTooLarge' | 'tooManyFiles' | 'malformed';

/** A body the limits or the parser refused; each route answers it with its own message. */
export class FormError extends Error {
  constructor(readonly reason: FormFailure) {
    super(`Formulario rechazado: ${reason}`);
    this.name = 'FormError';
  }
}

export interface FormLimits {
  /** Bytes per file (and in total: at most `maxFiles` files). */
  maxFileSize: number;
  maxFiles: number;
  /** Bytes of all text fields together. */
  maxFieldsSize: number;
  maxFields?: number;
}

function failureOf(err: unknown): FormFailure {
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case formidableErrors.biggerThanMaxFileSize:
    case formidableErrors.biggerThanTotalMaxFileSize:
      return 'fileTooLarge';
    case formidableErrors.maxFieldsSizeExceeded:
    case formidableErrors.maxFieldsExceeded:
      return 'fieldsTooLarge';
    case formidableErrors.maxFilesExceeded:
      return 'tooManyFiles';
    default:
      return 'malformed';
  }
}

/**
 * Waits until the rest of a refused request has been read and thrown away, as body-parser does:
 * answering while the client is still sending would reset the connection under it, and it
 * would never see the message. A client that keeps sending past `budget` bytes is cut off.
 */
function drain(req: Request, budget = 64 * 1024 * 1024): Promise<void> {
  return new Promise((resolve) => {
    if (req.complete || req.destroyed) {
      resolve();
      return;
    }
    let seen = 0;
    const done = () => {
      req.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > budget) {
        req.destroy();
        done();
      }
    };
    req.on('data', count);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}

/**
 * Reads a multipart/form-data body with formidable, keeping files in memory through
 * fileWriteStreamHandler, so a refused or failed request leaves no temporary file behind.
 * Any other body (JSON, or none) is read as fields without files, so a caller that sends
 * JSON gets the same validation messages rather than a parser error.
 */
export async function readForm(req: Request, limits: FormLimits): Promise<FormBody> {
  if (!req.is('multipart/form-data')) {
    const fields: Record<string, string[]> = Object.create(null);
    for (const [k, v] of Object.entries(bodyOf(req))) {
      const values = Array.isArray(v) ? v : [v];
      fields[k] = values.map((x) =>
        typeof x === 'string' ? x : typeof x === 'number' || typeof x === 'boolean' ? String(x) : '',
      );
    }
    return { fields, files: [] };
  }

  const buffers = new Map<object, Buffer[]>();
  const form = formidable({
    enabledPlugins: [multipart],
    maxFiles: limits.maxFiles,
    maxFileSize: limits.maxFileSize,
    maxTotalFileSize: limits.maxFileSize * limits.maxFiles,
    maxFieldsSize: limits.maxFieldsSize,
    maxFields: limits.maxFields ?? 500,
    // An empty file input still sends a part; it is dropped below as "no file".
    allowEmptyFiles: true,
    minFileSize: 0,
    fileWriteStreamHandler: (file?: object) => {
      const chunks: Buffer[] = [];
      if (file) buffers.set(file, chunks);
      return new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      });
    },
  });

  let fields: formidable.Fields;
  let files: formidable.Files;
  try {
    [fields, files] = await form.parse(req);
  } catch (err) {
    buffers.clear();
    await drain(req);
    throw new FormError(failureOf(err));
  }

  // No prototype: a field called 'constructor' or '__proto__' is just an unknown field.
  const out: FormBody = { fields: Object.create(null), files: [] };
  for (const [name, values] of Object.entries(fields)) {
    if (values) out.fields[name] = values;
  }
  for (const [field, list] of Object.entries(files)) {
    for (const file of list ?? []) {
      const data = Buffer.concat(buffers.get(file) ?? []);
      if (data.length === 0 && !file.originalFilename) continue;
      out.files.push({ field, originalName: file.originalFilename ?? '', mimetype: file.mimetype, data });
    }
  }
  // Every text of every form at once, file names included (templates store them).
  const texts = [
    ...Object.keys(out.fields),
    ...Object.values(out.fields).flat(),
    ...out.files.map((f) => f.originalName),
  ];
  if (hasControl(...texts)) throw badRequest();
  return out;
}

/** The first value of a field, or '' when it is missing. */
export const first = (body: FormBody, ...names: string[]): string => {
  for (const n of names) {
    const v = body.fields[n]?.[0];
    if (v !== undefined) return v;
  }
  return '';
};

/** Whether any of the names was sent at all (an update keeps what the caller left out). */
export const sent = (body: FormBody, ...names: string[]): boolean => names.some((n) => body.fields[n] !== undefined);

/** The one file sent under `field` (case-insensitive), or null. */
export const fileOf = (body: FormBody, field: string): UploadedFile | null =>
  body.files.find((f) => f.field.toLowerCase() === field.toLowerCase()) ?? null;
