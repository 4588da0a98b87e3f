import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { acceptsKind, FILE_MESSAGES, type SniffedKind, type UploadPurpose } from '@bolsa/domain';
import { sniffKind } from '@bolsa/domain/sniff';
import type { Db } from '../db/database.js';
import type { FormBody, UploadedFile } from '../multipart.js';
import { hasTrailing, safeDisplayName, Tap, type FileStore } from '../storage/index.js';
import { boundedPhoto } from './photo.js';

/*
 * Files staged from a form (issue 9, docs/decisions/2026-11-24-staged-uploads.md). A candidate's
 * document goes from the browser through the BFF straight into the file store when it is dropped
 * (POST /internal/archivos-preparados), so sending the form moves no bytes: the documented
 * multipart endpoints (POST /guardar/Postulante, /PerfilCandidato/completar-perfil,
 * /internal/solicitudes-documentos/{token}/cumplir) also take `?preparados=Campo:id,…` in place of file
 * parts. A staged file is used once: the form's transaction deletes its row.
 */

export interface StagedDeps {
  db: Db;
  files: FileStore;
}

/** The upload purpose whose rules (domain files.ts) each staging kind follows, judged from the bytes. */
export const STAGING_KINDS = {
  documento: 'candidate-document',
  foto: 'candidate-photo',
} as const satisfies Record<string, UploadPurpose>;
export type StagingKind = keyof typeof STAGING_KINDS;
export const isStagingKind = (v: unknown): v is StagingKind => typeof v === 'string' && Object.hasOwn(STAGING_KINDS, v);

export type StageOutcome =
  | { ok: true; id: string; kind: SniffedKind; size: number }
  | { ok: false; reason: 'tooLarge' | 'type' | 'empty' | 'aborted' | 'pixels' | 'unreadable' };

/** The message a form gets for a staged file that is gone (used, or older than an hour). */
export const STAGED_GONE = FILE_MESSAGES.uploadSpent;

/**
 * Streams `body` into a temporary key, reading its kind on the way; keeps it only if it is one
 * `kind` takes. `userId`: the registered candidate staging it (null for a guest).
 */
export async function stageFile(
  deps: StagedDeps,
  body: Readable,
  kind: StagingKind,
  name: string,
  userId: number | null = null,
): Promise<StageOutcome> {
  const id = randomUUID();
  const key = `tmp/${id}`;
  const tap = new Tap();
  body.on('error', (err) => tap.destroy(err));
  try {
    await deps.files.put(key, body.pipe(tap));
  } catch {
    await deps.files.remove(key);
    return { ok: false, reason: 'aborted' };
  }
  const refuse = async (reason: 'tooLarge' | 'type' | 'empty' | 'pixels' | 'unreadable'): Promise<StageOutcome> => {
    await deps.files.remove(key);
    return { ok: false, reason };
  };
  if (tap.tooLarge) return refuse('tooLarge');
  if (tap.size === 0) return refuse('empty');
  const sniffed = await sniffKind(tap.head);
  if (!sniffed || !acceptsKind(STAGING_KINDS[kind], sniffed)) return refuse('type');
  let size = tap.size;
  let stored: SniffedKind = sniffed;
  const trailing = hasTrailing(sniffed, tap.tail);
  if (kind === 'foto') {
    // Decoded whole (pixel limit, truncation) and kept only as the bounded JPEG (photo.ts).
    const original = await deps.files.open(key);
    const photo = original ? await boundedPhoto(await buffer(original.body)) : null;
    if (!photo?.ok) return refuse(photo?.reason ?? 'unreadable');
    await deps.files.put(key, photo.data, 'image/jpeg');
    // `trailing` stays as the original had it: a polyglot is refused, not laundered.
    [size, stored] = [photo.data.length, 'jpeg'];
  }
  try {
    await deps.db
      .insertInto('archivos_preparados')
      .values({
        id,
        clave: key,
        tipo: stored,
        tamano: size,
        nombre: safeDisplayName(name),
        sobrante: trailing,
        usuario_candidato_id: userId,
      })
      .execute();
  } catch (err) {
    await deps.files.remove(key);
    throw err;
  }
  return { ok: true, id, kind: stored, size };
}

/** A form's reference to a staged file: the part it stands for and the staged id. */
export interface StagedRef {
  field: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_REFS = 5;

/**
 * `preparados=Campo:id,Campo:id` (absent: none). Null when malformed: a repeated field or id, an
 * id that is not a UUID, more than five.
 */
export function stagedRefs(raw: unknown): StagedRef[] | null {
  if (raw === undefined || raw === '') return [];
  if (typeof raw !== 'string') return null;
  const refs: StagedRef[] = [];
  for (const item of raw.split(',')) {
    const [field, id, ...rest] = item.split(':');
    if (!field || !id || rest.length || !/^[A-Za-z_]{1,40}$/.test(field) || !UUID.test(id)) return null;
    if (refs.some((r) => r.field.toLowerCase() === field.toLowerCase() || r.id === id)) return null;
    refs.push({ field, id });
  }
  return refs.length > MAX_REFS ? null : refs;
}

export interface StagedFile {
  field: string;
  id: string;
  key: string;
  kind: SniffedKind;
  size: number;
  name: string;
  trailing: boolean;
}

/** The staged files `refs` name, and the fields whose file is gone. */
export async function findStaged(db: Db, refs: readonly StagedRef[]): Promise<{ found: StagedFile[]; gone: string[] }> {
  if (!refs.length) return { found: [], gone: [] };
  const rows = await db
    .selectFrom('archivos_preparados')
    .selectAll()
    .where(
      'id',
      'in',
      refs.map((r) => r.id),
    )
    .execute();
  const found: StagedFile[] = [];
  const gone: string[] = [];
  for (const ref of refs) {
    const row = rows.find((r) => r.id === ref.id);
    if (!row) {
      gone.push(ref.field);
      continue;
    }
    found.push({
      field: ref.field,
      id: row.id,
      key: row.clave,
      kind: row.tipo as SniffedKind,
      size: row.tamano,
      name: row.nombre,
      trailing: row.sobrante,
    });
  }
  return { found, gone };
}

/**
 * For the forms read whole into memory (profile, document requests): the staged files as if they
 * had been sent as parts. A staged file is at most 5 MB (stageFile refuses more).
 */
export async function loadStaged(
  deps: StagedDeps,
  refs: readonly StagedRef[],
): Promise<{ files: UploadedFile[]; ids: string[]; gone: string[] }> {
  const { found, gone } = await findStaged(deps.db, refs);
  const files: UploadedFile[] = [];
  for (const f of found) {
    const stored = await deps.files.open(f.key);
    if (!stored) {
      gone.push(f.field);
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    files.push({ field: f.field, originalName: f.name, mimetype: null, data: Buffer.concat(chunks) });
  }
  return { files, ids: found.map((f) => f.id), gone };
}

/**
 * Adds to a form read whole (multipart.ts) the files it named by staged id in `?preparados=`.
 * Null when the references are malformed, name a part `accepts` refuses, or a part also sent in
 * the body; otherwise the staged ids (release them after the form's save commits) and the parts
 * whose staged file is gone.
 */
export async function addStagedToForm(
  deps: StagedDeps,
  form: FormBody,
  raw: unknown,
  accepts: (field: string) => boolean,
): Promise<{ ids: string[]; gone: string[] } | null> {
  const refs = stagedRefs(raw);
  const sent = new Set(form.files.map((f) => f.field.toLowerCase()));
  if (!refs || refs.some((r) => !accepts(r.field) || sent.has(r.field.toLowerCase()))) return null;
  const staged = await loadStaged(deps, refs);
  form.files.push(...staged.files);
  return { ids: staged.ids, gone: staged.gone };
}

/**
 * After the form that used them committed: their rows and files go. A row another request
 * removed meanwhile is not an error (its file went with it).
 */
export async function releaseStaged(deps: StagedDeps, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await deps.db.deleteFrom('archivos_preparados').where('id', 'in', ids).returning('clave').execute();
  await Promise.allSettled(rows.map((r) => deps.files.remove(r.clave)));
}

/** Inside the transaction of the form that moved them to their final keys: their rows go with it. */
export async function stagedUsed(trx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length) await trx.deleteFrom('archivos_preparados').where('id', 'in', ids).execute();
}

/** Rows older than `olderThanMs` (their files are swept with 'tmp/'). */
export async function forgetOldStaged(db: Db, olderThanMs: number, now = Date.now()): Promise<number> {
  const r = await db
    .deleteFrom('archivos_preparados')
    .where('creado', '<', new Date(now - olderThanMs).toISOString())
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
