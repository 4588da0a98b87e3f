/** The candidate's own applications (Mis Postulaciones) and the states they have seen. */
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/database.js';
import { utcInstant } from '../db/instant.js';

type Conn = Db | Transaction<Database>;

export interface MyApplicationRow {
  id: number;
  estado: string;
  estado_visto: string | null;
  plaza_id: number | null;
  nombre_plaza: string | null;
  sede_id: number | null;
  sede_nombre: string | null;
  lugar: string | null;
  fecha_registro: string;
}

/** The candidate's own applications, newest first (erased rows are nobody's any more). */
export async function listMyApplications(db: Conn, userId: number): Promise<MyApplicationRow[]> {
  return db
    .selectFrom('postulantes as p')
    .leftJoin('plazas as v', 'v.id', 'p.plaza_id')
    .leftJoin('sedes as s', 's.id', 'v.sede_id')
    .select([
      'p.id',
      'p.estado',
      'p.estado_visto',
      'p.plaza_id',
      'v.nombre as nombre_plaza',
      'v.sede_id',
      's.nombre as sede_nombre',
      'v.lugar',
      utcInstant('p.fecha_registro', { milliseconds: false }).as('fecha_registro'),
    ])
    .where('p.usuario_candidato_id', '=', userId)
    .where('p.datos_eliminados', '=', false)
    .orderBy('p.fecha_registro', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/** Records the states the candidate has now seen. */
export async function markApplicationsSeen(db: Conn, userId: number): Promise<number> {
  const r = await db
    .updateTable('postulantes')
    .set({ estado_visto: sql<string>`estado` as unknown as string })
    .where('usuario_candidato_id', '=', userId)
    .where('datos_eliminados', '=', false)
    .where(sql<boolean>`estado_visto is distinct from estado`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
