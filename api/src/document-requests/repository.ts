import { sql, type Transaction } from 'kysely';
import type { ApplicationFileType, Database, Db } from '../db/database.js';
import { utcInstant } from '../db/instant.js';

type Conn = Db | Transaction<Database>;

/** The application a request is about, locked: who it belongs to and where the e-mail goes. */
export async function lockCandidate(trx: Transaction<Database>, id: number) {
  return (
    (await trx
      .selectFrom('postulantes as c')
      .leftJoin('plazas as v', 'v.id', 'c.plaza_id')
      .leftJoin('usuarios_candidatos as u', 'u.id', 'c.usuario_candidato_id')
      .select([
        'c.id',
        'c.nombre',
        'c.email',
        'c.datos_eliminados',
        'c.usuario_candidato_id',
        'u.activo as cuenta_activa',
        'v.nombre as plaza_nombre',
      ])
      .where('c.id', '=', id)
      .forUpdate('c')
      .executeTakeFirst()) ?? null
  );
}

export const candidateExists = async (db: Conn, id: number) =>
  !!(await db.selectFrom('postulantes').select('id').where('id', '=', id).executeTakeFirst());

export interface NewRequest {
  candidateId: number;
  userId: number;
  documents: string[];
  comment: string;
  staffId: number | null;
  tokenHash: string;
  expiresAt: string;
}

export async function insertRequest(trx: Transaction<Database>, r: NewRequest) {
  return trx
    .insertInto('solicitudes_documentos')
    .values({
      postulante_id: r.candidateId,
      usuario_candidato_id: r.userId,
      documentos_json: JSON.stringify(r.documents),
      comentario: r.comment,
      solicitado_por: r.staffId,
      token_hash: r.tokenHash,
      expira_en: r.expiresAt,
    })
    .returning(['id', utcInstant('solicitado_en').as('solicitado_en'), utcInstant('expira_en').as('expira_en')])
    .executeTakeFirstOrThrow();
}

const requestColumns = [
  's.id',
  's.postulante_id',
  's.usuario_candidato_id',
  's.documentos_json',
  's.comentario',
  's.solicitado_por',
  utcInstant('s.solicitado_en').as('solicitado_en'),
  utcInstant('s.expira_en').as('expira_en'),
  utcInstant<string | null>('s.cumplida_en').as('cumplida_en'),
  sql<boolean>`s.expira_en > now()`.as('vigente'),
  'v.nombre as plaza_nombre',
] as const;

/** The request a token hash names (the caller judges whether it is still usable). */
export async function findByTokenHash(db: Conn, tokenHash: string, lock = false) {
  let q = db
    .selectFrom('solicitudes_documentos as s')
    .innerJoin('postulantes as c', 'c.id', 's.postulante_id')
    .leftJoin('plazas as v', 'v.id', 'c.plaza_id')
    .select([...requestColumns])
    .where('s.token_hash', '=', tokenHash);
  if (lock) q = q.forUpdate('s');
  return (await q.executeTakeFirst()) ?? null;
}
export type RequestRow = NonNullable<Awaited<ReturnType<typeof findByTokenHash>>>;

export async function markFulfilled(trx: Transaction<Database>, id: number): Promise<string> {
  const row = await trx
    .updateTable('solicitudes_documentos')
    .set({ cumplida_en: sql<string>`now()` })
    .where('id', '=', id)
    .returning(utcInstant('cumplida_en').as('cumplida_en'))
    .executeTakeFirstOrThrow();
  return row.cumplida_en;
}

/**
 * The application's current file of `type` becomes `file`: the old row goes (its key is
 * answered, to remove once committed and unused) and the new one names the same stored key as
 * the profile's file when there is one.
 */
export async function replaceApplicationFile(
  trx: Transaction<Database>,
  candidateId: number,
  type: ApplicationFileType,
  file: { key: string; name: string; mime: string; size: number; profileFileId: number | null },
): Promise<string[]> {
  const old = await trx
    .deleteFrom('postulante_archivos')
    .where('postulante_id', '=', candidateId)
    .where('tipo', '=', type)
    .returning('clave')
    .execute();
  await trx
    .insertInto('postulante_archivos')
    .values({
      postulante_id: candidateId,
      tipo: type,
      clave: file.key,
      nombre: file.name,
      mime: file.mime,
      tamano: file.size,
      perfil_archivo_id: file.profileFileId,
    })
    .execute();
  return old.map((o) => o.clave);
}

export interface RequestEventJson {
  id: number;
  en: string;
  accion: 'REQUESTED' | 'FULFILLED';
  usuarioId: number | null;
  documentos: string[];
  comentario: string | null;
}

/** The candidate's timeline of requests: each request, and its fulfilment when done. */
export async function findRequestEvents(db: Conn, candidateId: number): Promise<RequestEventJson[]> {
  const rows = await db
    .selectFrom('solicitudes_documentos as s')
    .select([
      's.id',
      utcInstant('s.solicitado_en').as('solicitado_en'),
      utcInstant<string | null>('s.cumplida_en').as('cumplida_en'),
      's.solicitado_por',
      's.documentos_json',
      's.comentario',
    ])
    .where('s.postulante_id', '=', candidateId)
    .orderBy('s.solicitado_en')
    .orderBy('s.id')
    .limit(500)
    .execute();
  return rows.flatMap((r) => {
    const documentos = Array.isArray(r.documentos_json) ? r.documentos_json.map(String) : [];
    const requested: RequestEventJson = {
      id: r.id,
      en: r.solicitado_en,
      accion: 'REQUESTED',
      usuarioId: r.solicitado_por,
      documentos,
      comentario: r.comentario,
    };
    return r.cumplida_en
      ? [
          requested,
          { id: r.id, en: r.cumplida_en, accion: 'FULFILLED' as const, usuarioId: null, documentos, comentario: null },
        ]
      : [requested];
  });
}
