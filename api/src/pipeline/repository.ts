/**
 * The pipeline's writes (the state change under a row lock, its history, deletion) and the
 * candidate's timeline. The lists are in list-repository.ts, the detail in detail-repository.ts,
 * the row they share in candidate-row.ts.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { type Conn } from './candidate-row.js';
import { utcInstant } from '../db/instant.js';

/** What a state change reads of the row, locked until the transaction ends. */
export interface LockedCandidate {
  id: number;
  estado: string;
  estadoAntesRechazo: string | null;
  nombre: string | null;
  email: string | null;
  datosEliminados: boolean;
  /** The account the application is linked to (registered), or null (a guest's). */
  usuarioCandidatoId: number | null;
  plazaNombre: string | null;
  sedeNombre: string | null;
}

export async function lockCandidate(trx: Transaction<Database>, id: number): Promise<LockedCandidate | null> {
  // Locks the candidate's row only (the joined vacancy and branch stay free).
  const row = await trx
    .selectFrom('postulantes as c')
    .select([
      'c.id',
      'c.estado',
      'c.estado_antes_rechazo',
      'c.nombre',
      'c.email',
      'c.datos_eliminados',
      'c.usuario_candidato_id',
      'c.plaza_id',
    ])
    .where('c.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  const vacancy =
    row.plaza_id === null
      ? undefined
      : await trx
          .selectFrom('plazas as v')
          .leftJoin('sedes as s', 's.id', 'v.sede_id')
          .select(['v.nombre', 's.nombre as sede'])
          .where('v.id', '=', row.plaza_id)
          .executeTakeFirst();
  return {
    id: row.id,
    estado: row.estado,
    estadoAntesRechazo: row.estado_antes_rechazo,
    nombre: row.nombre,
    email: row.email,
    datosEliminados: row.datos_eliminados,
    usuarioCandidatoId: row.usuario_candidato_id,
    plazaNombre: vacancy?.nombre ?? null,
    sedeNombre: vacancy?.sede ?? null,
  };
}

export async function writeState(
  trx: Transaction<Database>,
  id: number,
  change: { to: string; beforeRejection: string | null | undefined },
): Promise<void> {
  await trx
    .updateTable('postulantes')
    .set({
      estado: change.to,
      actualizado_en: sql<string>`now()`,
      ...(change.beforeRejection !== undefined && { estado_antes_rechazo: change.beforeRejection }),
    })
    .where('id', '=', id)
    .execute();
}

export async function insertHistory(
  trx: Transaction<Database>,
  h: { candidateId: number; from: string | null; to: string; userId: number | null; note: string | null },
): Promise<void> {
  await trx
    .insertInto('postulantes_historial')
    .values({
      postulante_id: h.candidateId,
      estado_anterior: h.from,
      estado_nuevo: h.to,
      usuario_id: h.userId,
      nota: h.note,
    })
    .execute();
}

/** The id when such a staff user exists, else null (the change then records nobody). */
export async function existingStaffId(db: Conn, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const row = await db.selectFrom('usuarios').select('id').where('id', '=', id).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Deletes the candidate with everything that names them: queued e-mails (the outbox keeps no
 * orphan addressed to them), history, accesses and file rows (cascade). Answers the storage keys
 * to remove once committed, or null when there is no such candidate.
 */
export async function deleteCandidate(trx: Transaction<Database>, id: number): Promise<string[] | null> {
  const row = await trx.selectFrom('postulantes').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) return null;
  const keys = await trx.selectFrom('postulante_archivos').select('clave').where('postulante_id', '=', id).execute();
  await trx.deleteFrom('correos_salientes').where('postulante_id', '=', id).execute();
  await trx.deleteFrom('postulantes').where('id', '=', id).execute();
  return keys.map((k) => k.clave);
}

export interface TimelineJson {
  estados: {
    id: number;
    en: string;
    estadoAnterior: string | null;
    estadoNuevo: string;
    usuarioId: number | null;
    nota: string | null;
  }[];
  correos: {
    id: number;
    en: string;
    plantilla: string;
    asunto: string;
    estado: string;
    intentos: number;
    enviadoEn: string | null;
  }[];
  accesos: { id: number; en: string; usuarioId: number | null; tipo: string }[];
}

/** The timeline's three sources; the caller merges them by time. */
export async function findTimeline(db: Conn, id: number): Promise<TimelineJson> {
  const [estados, correos, accesos] = await Promise.all([
    db
      .selectFrom('postulantes_historial')
      .select(['id', utcInstant('en').as('en'), 'estado_anterior', 'estado_nuevo', 'usuario_id', 'nota'])
      .where('postulante_id', '=', id)
      .orderBy('en')
      .orderBy('id')
      .limit(500)
      .execute(),
    db
      .selectFrom('correos_salientes')
      .select([
        'id',
        utcInstant('creado_en').as('en'),
        'plantilla',
        'asunto',
        'estado',
        'intentos',
        utcInstant<string | null>('enviado_en').as('enviado_en'),
      ])
      .where('postulante_id', '=', id)
      .orderBy('creado_en')
      .orderBy('id')
      .limit(500)
      .execute(),
    // Openings of this application's files, and of the profile files of its candidate's account
    // (a registered candidate's documents live in the profile).
    db
      .selectFrom('archivos_accesos')
      .leftJoin('api_tokens', 'api_tokens.id', 'archivos_accesos.token_api_id')
      .select([
        'archivos_accesos.id',
        utcInstant('archivos_accesos.en').as('en'),
        'archivos_accesos.usuario_id',
        'archivos_accesos.tipo',
        'api_tokens.nombre as token_nombre',
      ])
      .where((eb) =>
        eb.or([
          eb('archivos_accesos.postulante_id', '=', id),
          eb(
            'archivos_accesos.usuario_candidato_id',
            '=',
            eb.selectFrom('postulantes').select('usuario_candidato_id').where('postulantes.id', '=', id),
          ),
        ]),
      )
      .orderBy('archivos_accesos.en')
      .orderBy('archivos_accesos.id')
      .limit(500)
      .execute(),
  ]);
  return {
    estados: estados.map((h) => ({
      id: h.id,
      en: h.en,
      estadoAnterior: h.estado_anterior,
      estadoNuevo: h.estado_nuevo,
      usuarioId: h.usuario_id,
      nota: h.nota,
    })),
    correos: correos.map((c) => ({
      id: c.id,
      en: c.en,
      plantilla: c.plantilla,
      asunto: c.asunto,
      estado: c.estado,
      intentos: c.intentos,
      enviadoEn: c.enviado_en,
    })),
    accesos: accesos.map((a) => ({
      id: a.id,
      en: a.en,
      usuarioId: a.usuario_id,
      tipo: a.tipo,
      ...(a.token_nombre === null ? {} : { tokenNombre: a.token_nombre }),
    })),
  };
}

export async function candidateExists(db: Conn, id: number): Promise<boolean> {
  return (await db.selectFrom('postulantes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** For POST /email/notificar-estado: the stored address and the vacancy of a candidate. */
export async function findMailTarget(db: Conn, id: number) {
  return (
    (await db
      .selectFrom('postulantes as c')
      .leftJoin('plazas as v', 'v.id', 'c.plaza_id')
      .leftJoin('sedes as s', 's.id', 'v.sede_id')
      .select([
        'c.id',
        'c.nombre',
        'c.email',
        'c.datos_eliminados',
        'c.usuario_candidato_id',
        'v.nombre as plaza',
        's.nombre as sede',
      ])
      .where('c.id', '=', id)
      .executeTakeFirst()) ?? null
  );
}
