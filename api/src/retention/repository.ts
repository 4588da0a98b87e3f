/** Retention's rows (issue 24, item 3): the ended applications to look at, the notices, the runs. */
import { RETENTION_REJECTED_STATE, RETENTION_UNADVANCED_STATE } from '@bolsa/domain';
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/database.js';

type Conn = Db | Transaction<Database>;

/** What the rules in domain (retention.ts) decide on, for one application. */
export interface RetentionRow {
  id: number;
  etapa: string;
  nombre: string;
  email: string | null;
  plaza: string | null;
  guest: boolean;
  vacancyOpen: boolean;
  everMoved: boolean;
  hasFiles: boolean;
  documentsRemoved: boolean;
  lastActivity: Date;
  noticeSentAt: Date | null;
}

interface RawRow {
  id: number;
  etapa: string;
  nombre: string;
  email: string | null;
  plaza: string | null;
  invitado: boolean;
  plaza_abierta: boolean;
  movida: boolean;
  con_archivos: boolean;
  documentos_eliminados: boolean;
  ultima_actividad: Date | string;
  aviso_en: Date | string | null;
}

const asDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/**
 * Applications not yet anonymised, in a state retention may end (rejected, or 'postulado'), whose
 * last activity is before `horizon`: the application, its state changes, notes on it, and for an
 * account, its other applications and its last session. `today` (Guatemala) decides whether the
 * vacancy is still open. The rules in domain decide what happens to each.
 */
export async function candidateRows(db: Conn, horizon: Date, today: string): Promise<RetentionRow[]> {
  const { rows } = await sql<RawRow>`
    select * from (
      select p.id, p.etapa, p.nombre, p.email, v.nombre as plaza,
        (p.usuario_candidato_id is null) as invitado,
        coalesce(v.status = '1' and (v.fecha_finalizacion is null or v.fecha_finalizacion >= ${today}::date), false) as plaza_abierta,
        exists (select 1 from postulantes_historial h where h.postulante_id = p.id) as movida,
        exists (select 1 from postulante_archivos a where a.postulante_id = p.id) as con_archivos,
        (p.documentos_eliminados_en is not null) as documentos_eliminados,
        greatest(
          p.fecha_registro,
          p.actualizado_en,
          (select max(h.en) from postulantes_historial h where h.postulante_id = p.id),
          (select max(coalesce(n.editado_en, n.creado_en)) from postulante_notas n where n.postulante_id = p.id),
          (select max(o.fecha_registro) from postulantes o
            where p.usuario_candidato_id is not null and o.usuario_candidato_id = p.usuario_candidato_id),
          (select max(s.vista_en) from sesiones s
            where p.usuario_candidato_id is not null and s.tipo = 'candidate' and s.usuario_id = p.usuario_candidato_id::text)
        ) as ultima_actividad,
        r.enviado_en as aviso_en
      from postulantes p
      left join plazas v on v.id = p.plaza_id
      left join retencion_avisos r on r.postulante_id = p.id
      where p.datos_eliminados = false
        and p.etapa in (${RETENTION_REJECTED_STATE}, ${RETENTION_UNADVANCED_STATE})
    ) x
    where x.ultima_actividad < ${horizon.toISOString()}::timestamptz
    order by x.ultima_actividad, x.id`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    etapa: r.etapa,
    nombre: r.nombre,
    email: r.email,
    plaza: r.plaza,
    guest: r.invitado,
    vacancyOpen: r.plaza_abierta,
    everMoved: r.movida,
    hasFiles: r.con_archivos,
    documentsRemoved: r.documentos_eliminados,
    lastActivity: asDate(r.ultima_actividad),
    noticeSentAt: r.aviso_en === null ? null : asDate(r.aviso_en),
  }));
}

/** One run at a time across replicas, until the run's transaction ends. */
export async function lockRetention(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(7243001, 35)`.execute(trx);
}

/**
 * The run's row. A daily run whose Guatemala day already has one answers null: another replica
 * (or an earlier start) ran it.
 */
export async function insertRun(
  trx: Transaction<Database>,
  r: { day: string; kind: 'diaria' | 'manual'; userId: number | null; userName: string | null; at: Date },
): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    insert into retencion_ejecuciones (dia, tipo, usuario_id, usuario_nombre, ejecutada_en)
    values (${r.day}::date, ${r.kind}, ${r.userId}, ${r.userName}, ${r.at.toISOString()}::timestamptz)
    on conflict (dia) where tipo = 'diaria' do nothing
    returning id`.execute(trx);
  return rows[0]?.id ?? null;
}

export async function finishRun(
  trx: Transaction<Database>,
  id: number,
  c: { anonimizados: number; avisos: number; documentos: number; archivos: number },
): Promise<void> {
  await trx.updateTable('retencion_ejecuciones').set(c).where('id', '=', id).execute();
}

export async function dailyRunOn(db: Conn, day: string): Promise<boolean> {
  const r = await db
    .selectFrom('retencion_ejecuciones')
    .select('id')
    .where('tipo', '=', 'diaria')
    .where('dia', '=', day)
    .executeTakeFirst();
  return !!r;
}

export async function lastRuns(db: Conn, limit: number, id?: number) {
  let q = db
    .selectFrom('retencion_ejecuciones')
    .select(['id', 'tipo', 'usuario_nombre', 'ejecutada_en', 'anonimizados', 'avisos', 'documentos', 'archivos'])
    .orderBy('ejecutada_en', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (id !== undefined) q = q.where('id', '=', id);
  return q.execute();
}

/** Removes the files of guests' applications (the rows stay, marked); answers their storage keys. */
export async function removeGuestDocuments(trx: Transaction<Database>, ids: readonly number[], at: Date) {
  if (!ids.length) return [];
  const files = await trx
    .deleteFrom('postulante_archivos')
    .where('postulante_id', 'in', ids)
    .returning('clave')
    .execute();
  await trx
    .updateTable('postulantes')
    .set({ documentos_eliminados_en: at.toISOString() })
    .where('id', 'in', ids)
    .execute();
  return files.map((f) => f.clave);
}

export async function markAnonymisedByRetention(trx: Transaction<Database>, ids: readonly number[]) {
  if (ids.length)
    await trx.updateTable('postulantes').set({ anonimizada_retencion: true }).where('id', 'in', ids).execute();
}

/** Records that an application's notice was sent (a newer one replaces an older one). */
export async function recordNotice(trx: Transaction<Database>, id: number, at: Date, mailId: number | null) {
  await trx
    .insertInto('retencion_avisos')
    .values({ postulante_id: id, enviado_en: at.toISOString(), correo_id: mailId })
    .onConflict((oc) => oc.column('postulante_id').doUpdateSet({ enviado_en: at.toISOString(), correo_id: mailId }))
    .execute();
}

export async function staffName(db: Conn, id: number): Promise<string | null> {
  const r = await db.selectFrom('usuarios').select('nombre').where('id', '=', id).executeTakeFirst();
  return r?.nombre ?? null;
}
