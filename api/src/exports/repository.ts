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
  /** An export of selected rows: how many were selected; null for the list's filter. */
  selected: number | null;
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
      seleccionados: r.selected,
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
  /** An export of selected rows: how many; null for the list's filter. */
  seleccionados: number | null;
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
      'e.seleccionados',
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
    seleccionados: r.seleccionados,
  }));
}

/**
 * The names of each candidate's tags (by name), for one batch of an export: one query over the
 * batch, never one per row.
 */
export async function tagNamesOf(db: Db, candidateIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!candidateIds.length) return out;
  const rows = await db
    .selectFrom('postulante_etiquetas as pe')
    .innerJoin('etiquetas as e', 'e.id', 'pe.etiqueta_id')
    .select(['pe.postulante_id', 'e.nombre'])
    .where(sql<boolean>`pe.postulante_id = any(${sql.val([...candidateIds])}::int[])`)
    .orderBy('pe.postulante_id')
    .orderBy('e.clave')
    .execute();
  for (const r of rows) {
    const list = out.get(r.postulante_id);
    if (list) list.push(r.nombre);
    else out.set(r.postulante_id, [r.nombre]);
  }
  return out;
}
