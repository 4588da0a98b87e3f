import { AUDIT_ACTOR_LABEL } from '@bolsa/domain';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { AuditoriaTable } from '../db/tables/audit.js';
import type { AuditContent } from './chain.js';

/** One key for the whole log: inserts wait for each other, so two replicas never fork the chain. */
const CHAIN_LOCK = sql`pg_advisory_xact_lock(7243001, 24)`;

export async function lockChain(trx: Db): Promise<void> {
  await sql`select ${CHAIN_LOCK}`.execute(trx);
}

export async function lastHash(trx: Db): Promise<string | null> {
  const row = await trx.selectFrom('auditoria').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.hash ?? null;
}

export async function nextId(trx: Db): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval('auditoria_id_seq')::integer as id`.execute(trx);
  return rows[0]!.id;
}

export async function actorName(trx: Db, kind: 'usuario' | 'token', id: number): Promise<string | null> {
  const row =
    kind === 'usuario'
      ? await trx.selectFrom('usuarios').select('nombre').where('id', '=', id).executeTakeFirst()
      : await trx.selectFrom('api_tokens').select('nombre').where('id', '=', id).executeTakeFirst();
  return row?.nombre ?? null;
}

export async function insertRow(trx: Db, c: AuditContent, previous: string, hash: string): Promise<void> {
  await trx
    .insertInto('auditoria')
    .values({
      id: c.id,
      fecha: c.fecha,
      actor_tipo: c.actorTipo as 'usuario' | 'token' | 'sistema',
      actor_id: c.actorId,
      actor_nombre: c.actorNombre,
      accion: c.accion,
      objetivo_tipo: c.objetivoTipo,
      objetivo_id: c.objetivoId,
      direccion: c.direccion,
      solicitud: c.solicitud,
      detalle: c.detalle === null || c.detalle === undefined ? null : JSON.stringify(c.detalle),
      hash_anterior: previous,
      hash,
    })
    .execute();
}

export interface AuditFilter {
  actor?: string | null;
  action?: string | null;
  targetKind?: string | null;
  targetId?: string | null;
  from?: Date | null;
  /** Exclusive. */
  to?: Date | null;
}

export interface AuditRow extends AuditContent {
  hashAnterior: string;
  hash: string;
}

const SELECT = [
  'id',
  'fecha',
  'actor_tipo',
  'actor_id',
  'actor_nombre',
  'accion',
  'objetivo_tipo',
  'objetivo_id',
  'direccion',
  'solicitud',
  'detalle',
  'hash_anterior',
  'hash',
] as const;

/** A row as the driver hands it back (a bigint or a text date on some drivers): the table's columns otherwise. */
type Raw = Omit<Selectable<AuditoriaTable>, 'id' | 'fecha' | 'actor_tipo' | 'detalle'> & {
  id: number | string;
  fecha: Date | string;
  actor_tipo: string;
  detalle: unknown;
};

const rowOf = (r: Raw): AuditRow => ({
  id: Number(r.id),
  fecha: new Date(r.fecha).toISOString(),
  actorTipo: r.actor_tipo,
  actorId: r.actor_id,
  actorNombre: r.actor_nombre,
  accion: r.accion,
  objetivoTipo: r.objetivo_tipo,
  objetivoId: r.objetivo_id,
  direccion: r.direccion,
  solicitud: r.solicitud,
  detalle: typeof r.detalle === 'string' ? (JSON.parse(r.detalle) as unknown) : (r.detalle ?? null),
  hashAnterior: r.hash_anterior.trim(),
  hash: r.hash.trim(),
});

function filtered(db: Db, f: AuditFilter) {
  let q = db.selectFrom('auditoria');
  if (f.actor) {
    const like = `%${f.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The system's rows have no name: the log shows them as 'Sistema', so that is what finds them.
    const system = AUDIT_ACTOR_LABEL.sistema.toLocaleLowerCase('es').includes(f.actor.trim().toLocaleLowerCase('es'));
    q = q.where((eb) =>
      system
        ? eb.or([eb('actor_nombre', 'ilike', like), eb('actor_tipo', '=', 'sistema')])
        : eb('actor_nombre', 'ilike', like),
    );
  }
  if (f.action) q = q.where('accion', '=', f.action);
  if (f.targetKind) q = q.where('objetivo_tipo', '=', f.targetKind);
  if (f.targetId) q = q.where('objetivo_id', '=', f.targetId);
  if (f.from) q = q.where('fecha', '>=', f.from as never);
  if (f.to) q = q.where('fecha', '<', f.to as never);
  return q;
}

export async function countRows(db: Db, f: AuditFilter): Promise<number> {
  const r = await filtered(db, f)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function pageRows(db: Db, f: AuditFilter, offset: number, limit: number): Promise<AuditRow[]> {
  const rows = await filtered(db, f).select(SELECT).orderBy('id', 'desc').offset(offset).limit(limit).execute();
  return (rows as Raw[]).map(rowOf);
}

/** The rows after `afterId`, oldest first (the verification's and the export's batches). */
export async function rowsAfter(db: Db, afterId: number, limit: number, f: AuditFilter = {}): Promise<AuditRow[]> {
  const rows = await filtered(db, f).select(SELECT).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return (rows as Raw[]).map(rowOf);
}

/** The newest retention run's record: which row became the first one kept. */
export async function lastPurge(db: Db): Promise<AuditRow | null> {
  const r = await db
    .selectFrom('auditoria')
    .select(SELECT)
    .where('accion', '=', 'auditoria.retencion')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? rowOf(r as Raw) : null;
}

/** Deletes rows older than `before` through the one path the trigger lets through. */
export async function purgeBefore(trx: Db, before: Date): Promise<number> {
  await sql`select set_config('bolsa.auditoria_depurar', 'on', true)`.execute(trx);
  const r = await trx
    .deleteFrom('auditoria')
    .where('fecha', '<', before as never)
    .executeTakeFirst();
  await sql`select set_config('bolsa.auditoria_depurar', 'off', true)`.execute(trx);
  return Number(r.numDeletedRows);
}

/** The newest row: the chain's head. */
export async function lastRow(db: Db): Promise<AuditRow | null> {
  const r = await db.selectFrom('auditoria').select(SELECT).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return r ? rowOf(r as Raw) : null;
}

export async function firstId(db: Db): Promise<number | null> {
  const r = await db.selectFrom('auditoria').select('id').orderBy('id').limit(1).executeTakeFirst();
  return r ? Number(r.id) : null;
}
