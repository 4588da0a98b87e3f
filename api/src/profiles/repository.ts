/**
 * The profile files' authorised route (who opened what) and the candidate's data export and
 * erasure. The account, profile and its files are in profile-repository.ts.
 */
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/database.js';
import { findProfileFile } from './profile-repository.js';
import { utcInstant } from '../db/instant.js';

type Conn = Db | Transaction<Database>;

// ─── Files for the BFF's authorised route ──────────────────────────────────

export interface CandidateFileRecord {
  id: number;
  scope: 'perfil' | 'postulacion';
  usuarioCandidatoId: number | null;
  postulanteId: number | null;
  tipo: string;
  clave: string;
  nombre: string;
  mime: string;
  tamano: number;
  creado_en: string;
}

export async function findCandidateFile(
  db: Conn,
  scope: 'perfil' | 'postulacion',
  id: number,
): Promise<CandidateFileRecord | null> {
  if (scope === 'perfil') {
    const f = await findProfileFile(db, id);
    return f
      ? {
          id: f.id,
          scope,
          usuarioCandidatoId: f.usuario_candidato_id,
          postulanteId: null,
          tipo: f.tipo,
          clave: f.clave,
          nombre: f.nombre,
          mime: f.mime,
          tamano: f.tamano,
          creado_en: f.creado_en,
        }
      : null;
  }
  const row = await db
    .selectFrom('postulante_archivos as a')
    .innerJoin('postulantes as p', 'p.id', 'a.postulante_id')
    .select([
      'a.id',
      'p.usuario_candidato_id',
      'a.postulante_id',
      'a.tipo',
      'a.clave',
      'a.nombre',
      'a.mime',
      'a.tamano',
      utcInstant('a.creado_en', { milliseconds: false }).as('creado_en'),
    ])
    .where('a.id', '=', id)
    .where('p.datos_eliminados', '=', false)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        scope,
        usuarioCandidatoId: row.usuario_candidato_id,
        postulanteId: row.postulante_id,
        tipo: row.tipo,
        clave: row.clave,
        nombre: row.nombre,
        mime: row.mime,
        tamano: row.tamano,
        creado_en: row.creado_en,
      }
    : null;
}

export async function insertFileAccess(
  db: Conn,
  a: {
    staffUserId: number | null;
    tokenId?: number | null;
    postulanteId: number | null;
    candidateUserId: number | null;
    tipo: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('archivos_accesos')
    .values({
      usuario_id: a.staffUserId,
      token_api_id: a.tokenId ?? null,
      postulante_id: a.postulanteId,
      usuario_candidato_id: a.candidateUserId,
      tipo: a.tipo,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface FileAccessKey {
  staffUserId: number;
  postulanteId: number | null;
  candidateUserId: number | null;
  tipo: string;
}

/**
 * The same staff member's access to the same owner's file kind since `since`, if any. Takes a
 * transaction-long lock on that key first, so two requests at once (the inline photo and the print
 * view) do not both find nothing and both log.
 */
export async function accessSince(trx: Transaction<Database>, a: FileAccessKey, since: string): Promise<number | null> {
  const key = `archivos_accesos:${a.staffUserId}:${a.postulanteId ?? ''}:${a.candidateUserId ?? ''}:${a.tipo}`;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  let q = trx
    .selectFrom('archivos_accesos')
    .select('id')
    .where('usuario_id', '=', a.staffUserId)
    .where('tipo', '=', a.tipo)
    .where('en', '>=', since);
  q = a.postulanteId === null ? q.where('postulante_id', 'is', null) : q.where('postulante_id', '=', a.postulanteId);
  q =
    a.candidateUserId === null
      ? q.where('usuario_candidato_id', 'is', null)
      : q.where('usuario_candidato_id', '=', a.candidateUserId);
  const row = await q.orderBy('id', 'desc').executeTakeFirst();
  return row?.id ?? null;
}

export async function staffUserExists(db: Conn, id: number): Promise<boolean> {
  return !!(await db.selectFrom('usuarios').select('id').where('id', '=', id).executeTakeFirst());
}

export async function apiTokenExists(db: Conn, id: number): Promise<boolean> {
  return !!(await db.selectFrom('api_tokens').select('id').where('id', '=', id).executeTakeFirst());
}

// ─── Export and erasure ────────────────────────────────────────────────────

/** Every application row of the account, whole, for the export. */
export async function applicationsForExport(db: Conn, userId: number) {
  return db
    .selectFrom('postulantes as p')
    .leftJoin('plazas as v', 'v.id', 'p.plaza_id')
    .select([
      'p.id',
      'p.plaza_id',
      'v.nombre as plaza',
      'p.nombre',
      'p.cui',
      'p.email',
      'p.telefono',
      'p.direccion',
      'p.estado_civil',
      'p.edad',
      'p.nivel_educativo',
      'p.estudiando',
      'p.disponibilidad',
      'p.pretension',
      'p.negociable',
      'p.experiencias_json',
      'p.referidos_p_json',
      'p.referidos_l_json',
      'p.estado',
      utcInstant('p.fecha_registro', { milliseconds: false }).as('fecha_registro'),
    ])
    .where('p.usuario_candidato_id', '=', userId)
    .where('p.datos_eliminados', '=', false)
    .orderBy('p.id')
    .execute();
}

export async function applicationFilesForExport(db: Conn, userId: number) {
  return db
    .selectFrom('postulante_archivos as a')
    .innerJoin('postulantes as p', 'p.id', 'a.postulante_id')
    .select(['a.id', 'a.postulante_id', 'a.tipo', 'a.nombre', 'a.mime', 'a.tamano'])
    .where('p.usuario_candidato_id', '=', userId)
    .where('p.datos_eliminados', '=', false)
    .orderBy('a.id')
    .execute();
}

export async function historyForExport(db: Conn, userId: number) {
  return db
    .selectFrom('postulantes_historial as h')
    .innerJoin('postulantes as p', 'p.id', 'h.postulante_id')
    .select([
      'h.postulante_id',
      'h.estado_anterior',
      'h.estado_nuevo',
      utcInstant('h.en', { milliseconds: false }).as('en'),
    ])
    .where('p.usuario_candidato_id', '=', userId)
    .orderBy('h.id')
    .execute();
}

export const ERASED_NOTE = 'Cancelado: datos eliminados a solicitud del candidato';

/**
 * Anonymises applications inside the caller's transaction (the candidate's own erasure and the
 * retention policy, issue 24): their files, notes, tags and personal fields go, and the free text
 * staff wrote about them elsewhere (state-change observations, interview observations, scorecard
 * comments, document-request comments); queued e-mails to
 * them are cancelled with `note` and sent ones keep no address or body; the state, stage, history
 * states and dates stay, so the funnel and the counts are unchanged. The application is unlinked
 * from any account. Answers the storage keys the deleted rows named, for the caller to remove
 * after the commit (a key a profile file still names stays).
 */
export async function anonymiseApplications(
  trx: Transaction<Database>,
  ids: readonly number[],
  note: string,
): Promise<string[]> {
  if (!ids.length) return [];
  const files = await trx
    .deleteFrom('postulante_archivos')
    .where('postulante_id', 'in', ids)
    .returning('clave')
    .execute();
  // What staff wrote about them (issue 23): notes may hold personal data; tags go with them.
  await trx.deleteFrom('postulante_notas').where('postulante_id', 'in', ids).execute();
  await trx.deleteFrom('postulante_etiquetas').where('postulante_id', 'in', ids).execute();
  // Other free text written about them: the observation of each state change (the states stay),
  // the interviews' observations, the interviewers' comments on their scorecards (the ratings and
  // recommendations stay: no one is named by them) and the comment of a document request.
  await trx
    .updateTable('postulantes_historial')
    .set({ nota: null })
    .where('postulante_id', 'in', ids)
    .where('nota', 'is not', null)
    .execute();
  await trx.updateTable('entrevistas').set({ observaciones: null }).where('postulante_id', 'in', ids).execute();
  await trx
    .updateTable('entrevista_evaluaciones')
    .set({ comentarios: null })
    .where('entrevista_id', 'in', (eb) => eb.selectFrom('entrevistas').select('id').where('postulante_id', 'in', ids))
    .execute();
  await trx.updateTable('solicitudes_documentos').set({ comentario: '' }).where('postulante_id', 'in', ids).execute();
  // Queued e-mails to them are not sent; sent ones keep no address or body.
  await trx
    .updateTable('correos_salientes')
    .set({ estado: 'fallido', ultimo_error: note, bloqueado_hasta: null })
    .where('postulante_id', 'in', ids)
    .where('estado', 'in', ['pendiente', 'enviando'])
    .execute();
  await trx
    .updateTable('correos_salientes')
    .set({ destinatario: '', texto: '', html: '' })
    .where('postulante_id', 'in', ids)
    .execute();
  await trx
    .updateTable('postulantes')
    .set({
      datos_eliminados: true,
      nombre: '',
      cui: null,
      email: null,
      telefono: null,
      direccion: null,
      estado_civil: null,
      edad: null,
      nivel_educativo: null,
      estudiando: null,
      disponibilidad: null,
      pretension: null,
      negociable: null,
      experiencias_json: '[]',
      referidos_p_json: '[]',
      referidos_l_json: '[]',
      usuario_candidato_id: null,
      actualizado_en: sql<string>`now()` as unknown as string,
    })
    .where('id', 'in', ids)
    .execute();
  return files.map((f) => f.clave);
}

/**
 * Erases one account inside the caller's transaction and answers the storage keys its rows
 * named, for the caller to remove after the commit.
 */
export async function eraseAccount(
  trx: Transaction<Database>,
  userId: number,
): Promise<{ keys: string[]; applications: number }> {
  const apps = await trx
    .selectFrom('postulantes')
    .select('id')
    .where('usuario_candidato_id', '=', userId)
    .forUpdate()
    .execute();
  const ids = apps.map((a) => a.id);
  const keys: string[] = [];
  // Files they dropped on a form and never sent.
  const staged = await trx
    .deleteFrom('archivos_preparados')
    .where('usuario_candidato_id', '=', userId)
    .returning('clave')
    .execute();
  keys.push(...staged.map((f) => f.clave));
  keys.push(...(await anonymiseApplications(trx, ids, ERASED_NOTE)));
  const profileFiles = await trx
    .deleteFrom('perfil_archivos')
    .where('usuario_candidato_id', '=', userId)
    .returning('clave')
    .execute();
  keys.push(...profileFiles.map((f) => f.clave));
  // The profile row and the accesses to profile files go with the account (on delete cascade).
  await trx.deleteFrom('usuarios_candidatos').where('id', '=', userId).execute();
  return { keys: [...new Set(keys)], applications: ids.length };
}
