import { createHash, randomBytes } from 'node:crypto';
import {
  DOCUMENT_KIND_INFO,
  DOCUMENT_REQUEST_MESSAGES,
  DOCUMENT_REQUEST_VALID_DAYS,
  documentKeyOf,
  documentLabel,
  documentRequestSchema,
  kindOfKey,
  requestedKeys,
  TRANSITION_MESSAGES,
  type DocumentKey,
  type DocumentKind,
} from '@bolsa/domain';
import { existingStaffId, type Actor, type PipelineDeps } from '../pipeline/index.js';
import { enqueueMail } from '../mail/outbox.js';
import { documentsRequested } from '../mail/templates.js';
import type { UploadedFile } from '../multipart.js';
import {
  lockAccount,
  checkFiles,
  discardWritten,
  PROFILE_PARTS,
  removeUnused,
  replaceProfileFiles,
  storeNewFiles,
  type CheckedFile,
  type FieldIssue,
  type ProfilePart,
} from '../profiles/index.js';
import * as repo from './repository.js';

const M = DOCUMENT_REQUEST_MESSAGES;

export type Refusal = {
  ok: false;
  status: number;
  message: string;
  fields: FieldIssue[];
  code?: string;
};
export type Outcome<T> = { ok: true; value: T } | Refusal;

const refuse = (status: number, message: string, fields: FieldIssue[] = [], code?: string): Refusal => ({
  ok: false,
  status,
  message,
  fields,
  ...(code && { code }),
});

/** Expired, spent, another account's or unknown: one answer, so a link tells nothing about others. */
export const invalidLink = (): Refusal => refuse(404, M.linkInvalid);

export const REQUEST_SENT = M.sent;
export const FULFILLED = M.fulfilled;

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A link token as issued: 32 random bytes in base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const isTokenShaped = (token: string): boolean => TOKEN_SHAPE.test(token);

/** The profile part (its rules, its stored tipo) of each requested document. */
const PART_OF = new Map(
  (Object.keys(PROFILE_PARTS) as ProfilePart[]).map((part) => [
    PROFILE_PARTS[part].document.kind as DocumentKind,
    part,
  ]),
);
const partOf = (key: DocumentKey): ProfilePart => PART_OF.get(kindOfKey(key))!;
const labelOf = (key: DocumentKey): string => DOCUMENT_KIND_INFO[kindOfKey(key)].label;

/**
 * The stored request's keys, one per document: a request stored before the DPI scan was one
 * document may name it twice ('carta_presentacion' and 'dpi'); its file replaces the profile's
 * DPI file and the application's 'carta' alike.
 */
const documentsOf = (raw: unknown): DocumentKey[] => requestedKeys(Array.isArray(raw) ? raw : []);

export interface RequestInput {
  candidateId: number;
  documents: unknown;
  notes: unknown;
  actor: Actor;
}

export interface RequestJson {
  id: number;
  postulanteId: number;
  documentos: DocumentKey[];
  comentario: string;
  solicitadoPor: number | null;
  solicitadoEn: string;
  expiraEn: string;
  cumplidaEn: string | null;
}

/**
 * POST /email/notificar-documentos: the request, its signed link and its e-mail in one
 * transaction — nothing is stored when the e-mail cannot be queued. Only a registered
 * candidate (an application bound to an active account) with an e-mail can be asked.
 */
export async function requestDocuments(deps: PipelineDeps, input: RequestInput): Promise<Outcome<RequestJson>> {
  if (!(await repo.candidateExists(deps.db, input.candidateId))) return refuse(404, TRANSITION_MESSAGES.notFound);
  const parsed = documentRequestSchema().safeParse({ documents: input.documents, notes: input.notes });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({
      path: i.path[0] === 'documents' ? 'documentos' : 'notas',
      message: i.message,
    }));
    return refuse(400, fields[0]!.message, fields);
  }
  const { documents, notes } = parsed.data;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + DOCUMENT_REQUEST_VALID_DAYS * 86_400_000).toISOString();

  return deps.db.transaction().execute(async (trx): Promise<Outcome<RequestJson>> => {
    const c = await repo.lockCandidate(trx, input.candidateId);
    if (!c) return refuse(404, TRANSITION_MESSAGES.notFound);
    if (c.usuario_candidato_id === null || c.cuenta_activa !== true)
      return refuse(422, M.notRegistered, [{ path: 'postulante', message: M.notRegistered }], 'no_registrado');
    const address = c.datos_eliminados ? null : c.email?.trim() || null;
    if (!address) return refuse(422, M.noEmail, [{ path: 'postulante.email', message: M.noEmail }], 'sin_email');

    const staffId = await existingStaffId(trx, input.actor.userId);
    const row = await repo.insertRequest(trx, {
      candidateId: c.id,
      userId: c.usuario_candidato_id,
      documents,
      comment: notes,
      staffId,
      tokenHash: hashToken(token),
      expiresAt,
    });
    const site = deps.publicUrl.replace(/\/+$/, '');
    await enqueueMail(
      trx,
      documentsRequested({
        name: c.nombre?.trim() || 'candidato',
        vacancy: c.plaza_nombre,
        documents: documents.map(labelOf),
        comment: notes,
        link: `${site}/perfil/documentos/${token}`,
        validDays: DOCUMENT_REQUEST_VALID_DAYS,
      }),
      address,
      { applicationId: c.id },
    );
    return {
      ok: true,
      value: {
        id: row.id,
        postulanteId: c.id,
        documentos: documents,
        comentario: notes,
        solicitadoPor: staffId,
        solicitadoEn: row.solicitado_en,
        expiraEn: row.expira_en,
        cumplidaEn: null,
      },
    };
  });
}

const usable = (r: repo.RequestRow | null, userId: number): r is repo.RequestRow =>
  !!r && r.usuario_candidato_id === userId && r.cumplida_en === null && r.vigente === true;

export interface RequestViewJson {
  id: number;
  postulanteId: number;
  documentos: DocumentKey[];
  comentario: string;
  nombrePlaza: string | null;
  solicitadoEn: string;
  expiraEn: string;
  cumplida: boolean;
}

/** GET /internal/solicitudes-documentos/{token}: what the link asks for, only for the account it was sent to. */
export async function viewRequest(deps: PipelineDeps, token: string, userId: number): Promise<RequestViewJson | null> {
  if (!isTokenShaped(token)) return null;
  const r = await repo.findByTokenHash(deps.db, hashToken(token));
  if (!usable(r, userId)) return null;
  return {
    id: r.id,
    postulanteId: r.postulante_id,
    documentos: documentsOf(r.documentos_json),
    comentario: r.comentario,
    nombrePlaza: r.plaza_nombre,
    solicitadoEn: r.solicitado_en,
    expiraEn: r.expira_en,
    cumplida: false,
  };
}

/** Thrown inside the transaction to roll it back when the link was spent meanwhile. */
class LinkSpent extends Error {}

export interface FulfilResult {
  id: number;
  postulanteId: number;
  documentos: DocumentKey[];
  cumplidaEn: string;
}

/**
 * POST /internal/solicitudes-documentos/{token}/cumplir: exactly the requested documents, each a PDF of
 * at most 5 MB judged from its bytes (the profile's rules). They replace the profile's files and
 * the application's current ones, and the request is marked fulfilled, in one transaction; new
 * files are written first and removed if it fails, replaced ones removed after it commits.
 */
export async function fulfilRequest(
  deps: PipelineDeps,
  token: string,
  userId: number,
  files: { field: string; file: UploadedFile }[],
): Promise<Outcome<FulfilResult>> {
  if (!isTokenShaped(token)) return invalidLink();
  const hash = hashToken(token);
  const found = await repo.findByTokenHash(deps.db, hash);
  if (!usable(found, userId)) return invalidLink();
  const requested = documentsOf(found.documentos_json);

  const issues: FieldIssue[] = [];
  const byKey = new Map<DocumentKey, UploadedFile>();
  for (const { field, file } of files) {
    // A part is named by its document's key, in any spelling ('carta_presentacion' is 'dpi').
    const key = requested.find((k) => k === documentKeyOf(field));
    if (!key || byKey.has(key)) {
      const label = documentLabel(field);
      issues.push({ path: field, message: label ? M.notRequested(label) : M.documentInvalid });
      continue;
    }
    byKey.set(key, file);
  }
  for (const k of requested)
    if (!byKey.has(k) && !issues.some((i) => i.path === k))
      issues.push({ path: k, message: M.missingDocument(labelOf(k)) });
  const checked: { key: DocumentKey; file: CheckedFile }[] = [];
  for (const [key, file] of byKey) {
    const r = await checkFiles([{ part: partOf(key), file }]);
    for (const i of r.issues) issues.push({ path: key, message: i.message });
    if (r.ok[0]) checked.push({ key, file: r.ok[0] });
  }
  if (issues.length) return refuse(400, issues[0]!.message, issues);

  const written = await storeNewFiles(
    deps,
    checked.map((c) => c.file),
  );
  const keyOf = (i: number) => checked[i]!.key;
  let done: { old: string[]; at: string };
  try {
    done = await deps.db.transaction().execute(async (trx) => {
      // Under the row's lock: a second submission of the same link waits, then finds it spent.
      const r = await repo.findByTokenHash(trx, hash, true);
      if (!usable(r, userId)) throw new LinkSpent();
      if (!(await lockAccount(trx, userId))) throw new LinkSpent();
      // Each file becomes the profile's and, under its application tipo, the application's.
      const { old, ids } = await replaceProfileFiles(trx, userId, written);
      for (const [i, w] of written.entries()) {
        const type = DOCUMENT_KIND_INFO[kindOfKey(keyOf(i))].applicationType;
        old.push(
          ...(await repo.replaceApplicationFile(trx, r.postulante_id, type, {
            key: w.key,
            name: w.file.name,
            mime: w.file.mime,
            size: w.file.data.length,
            profileFileId: ids.get(w.type) ?? null,
          })),
        );
      }
      return { old, at: await repo.markFulfilled(trx, r.id) };
    });
  } catch (err) {
    await discardWritten(deps, written);
    if (err instanceof LinkSpent) return invalidLink();
    throw err;
  }
  await removeUnused(deps, done.old);
  return {
    ok: true,
    value: { id: found.id, postulanteId: found.postulante_id, documentos: requested, cumplidaEn: done.at },
  };
}

export { findRequestEvents } from './repository.js';
