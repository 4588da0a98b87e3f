import { recordAudit } from '../audit/index.js';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { startOfGuatemalaDay, todayInGuatemala } from '@bolsa/domain';
import type { Db } from '../db/database.js';
import { boundedPhoto, isBoundedPhoto } from '../files/index.js';
import * as repo from './repository.js';
import type { ProfileDeps } from './service.js';

// A candidate's files (profile and applications) as the BFF's authorised route reads them, and
// the log of staff openings.

export async function fileRecord(db: Db, scope: 'perfil' | 'postulacion', id: number) {
  const r = await repo.findCandidateFile(db, scope, id);
  if (!r) return null;
  const { clave: _key, mime, ...rest } = r;
  return { ...rest, tipoContenido: mime };
}

export async function fileContent(
  deps: ProfileDeps,
  scope: 'perfil' | 'postulacion',
  id: number,
): Promise<{ body: Readable; size: number; mime: string; name: string } | null> {
  const r = await repo.findCandidateFile(deps.db, scope, id);
  if (!r) return null;
  const stored = await deps.files.open(r.clave);
  if (!stored) return null;
  if (r.tipo === 'fotografia') {
    // Served as boundedPhoto makes it: photos stored before issue 22 (any size, EXIF) re-encoded
    // on the way out, and one that cannot be decoded within the pixel limit not served at all.
    const data = await buffer(stored.body);
    if (await isBoundedPhoto(data))
      return { body: Readable.from([data]), size: data.length, mime: 'image/jpeg', name: r.nombre };
    const photo = await boundedPhoto(data);
    if (!photo.ok) return null;
    return { body: Readable.from([photo.data]), size: photo.data.length, mime: 'image/jpeg', name: r.nombre };
  }
  return { body: stored.body, size: stored.size, mime: r.mime, name: r.nombre };
}

/**
 * Kinds whose staff views are logged once per staff member, candidate and Guatemala day: the
 * photo, which the candidate detail shows inline on every visit (docs/decisions/
 * 2026-11-26-photo-views.md). Every other document is opened on purpose and logged every time.
 */
const LOGGED_ONCE_A_DAY: ReadonlySet<string> = new Set(['fotografia']);

/**
 * A staff opening of a candidate's file (archivos_accesos), for the candidate's timeline. Answers
 * the row's id: the new one, or today's earlier view of the photo by the same staff member.
 */
export async function recordAccess(
  db: Db,
  a: { staffUserId: number | null; tokenId?: number | null; scope: 'perfil' | 'postulacion'; fileId: number },
): Promise<number | null> {
  const r = await repo.findCandidateFile(db, a.scope, a.fileId);
  if (!r) return null;
  const staff = a.staffUserId !== null && (await repo.staffUserExists(db, a.staffUserId)) ? a.staffUserId : null;
  // An API token's download names the token (staff: the member); one that does not exist, no one.
  const token = staff === null && a.tokenId != null && (await repo.apiTokenExists(db, a.tokenId)) ? a.tokenId : null;
  const access = {
    staffUserId: staff,
    tokenId: token,
    postulanteId: r.postulanteId,
    candidateUserId: r.scope === 'perfil' ? r.usuarioCandidatoId : null,
    tipo: r.tipo,
  };
  // Each new access row has its audit row in the same transaction (a repeated photo view has neither).
  const audited = async (trx: Db, insert: () => Promise<number | null>) => {
    const id = await insert();
    if (id !== null)
      await recordAudit(trx, {
        action: 'archivo.abrir',
        target: { kind: 'archivo', id: a.fileId },
        detail: { ambito: r.scope, tipo: r.tipo, postulanteId: r.postulanteId },
      });
    return id;
  };
  // An API token (no staff member) is logged every time: the row is all that tells its calls apart.
  if (access.staffUserId === null || !LOGGED_ONCE_A_DAY.has(r.tipo))
    return db.transaction().execute((trx) => audited(trx, () => repo.insertFileAccess(trx, access)));
  const { tokenId: _token, ...rest } = access;
  const key = { ...rest, staffUserId: access.staffUserId };
  const since = startOfGuatemalaDay(todayInGuatemala())!.toISOString();
  return db
    .transaction()
    .execute(
      async (trx) => (await repo.accessSince(trx, key, since)) ?? audited(trx, () => repo.insertFileAccess(trx, key)),
    );
}
