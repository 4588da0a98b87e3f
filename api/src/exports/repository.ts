import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { utcInstant } from '../db/instant.js';

export interface ExportRecordInput {
  userId: number | null;
  tokenId: number | null;
  role: number;
  list: 'inbox' | 'vacancy';
  vacancyId: number | null;
  state: string | null;
  search: string | null;
  rows: number;
  format: 'csv' | 'xlsx';
}

/** Writes the record, with the account's (or token's) name as it is now. */
export async function insertExport(db: Db, r: ExportRecordInput): Promise<number> {
  const name = sql<string>`coalesce(
    (select u.nombre from usuarios u where u.id = ${r.userId}),
    (select t.nombre from api_tokens t where t.id = ${r.tokenId}),
    '')`;
  const row = await db
    .insertInto('exportaciones')
    .values({
      usuario_id: r.userId,
      api_token_id: r.tokenId,
      nombre_usuario: name,
      rol: r.role,
      lista: r.list,
      plaza_id: r.vacancyId,
      estado: r.state,
      busqueda: r.search,
      filas: r.rows,
      formato: r.format,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One record as GET /internal/exportaciones answers it. */
export interface ExportRecordJson {
  id: number;
  usuarioId: number | null;
  apiTokenId: number | null;
  nombreUsuario: string;
  rol: number;
  fecha: string;
  lista: string;
  plazaId: number | null;
  nombrePlaza: string | null;
  estado: string | null;
  busqueda: string | null;
  filas: number;
  formato: string;
}

export async function countExports(db: Db): Promise<number> {
  const r = await db
    .selectFrom('exportaciones')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return r.n;
}

/** Newest first. */
export async function findExports(db: Db, window: { limit: number; offset: number }): Promise<ExportRecordJson[]> {
  const rows = await db
    .selectFrom('exportaciones as e')
    .leftJoin('plazas as p', 'p.id', 'e.plaza_id')
    .select([
      'e.id',
      'e.usuario_id',
      'e.api_token_id',
      'e.nombre_usuario',
      'e.rol',
      utcInstant('e.en').as('en'),
      'e.lista',
      'e.plaza_id',
      'p.nombre as plaza_nombre',
      'e.estado',
      'e.busqueda',
      'e.filas',
      'e.formato',
    ])
    .orderBy('e.en', 'desc')
    .orderBy('e.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    usuarioId: r.usuario_id,
    apiTokenId: r.api_token_id,
    nombreUsuario: r.nombre_usuario,
    rol: r.rol,
    fecha: r.en,
    lista: r.lista,
    plazaId: r.plaza_id,
    nombrePlaza: r.plaza_nombre,
    estado: r.estado,
    busqueda: r.busqueda,
    filas: r.filas,
    formato: r.formato,
  }));
}
