import { sql, type Kysely } from 'kysely';

// Issue 24, item 2: the audit log. One append-only row per staff or token action, written in the
// transaction of the action itself. Each row carries the SHA-256 of the previous row's hash and
// its own canonical content (computed by the api, api/src/audit/chain.ts), so a row changed or
// removed later breaks the chain at that point.
//
// The triggers refuse UPDATE, DELETE and TRUNCATE for everyone, the table's owner included. The
// one deletion allowed is the retention of old rows (AUDIT_RETENTION_MONTHS): the api sets the
// transaction-local `bolsa.auditoria_depurar` to 'on' and deletes only rows older than the limit,
// recording the run in the same transaction. A DB owner can still disable the triggers and rewrite
// the whole chain: docs/decisions/2026-11-27-audit-log.md says what closes that.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table auditoria (
    id integer primary key,
    fecha timestamptz not null,
    actor_tipo text not null check (actor_tipo in ('usuario', 'token', 'sistema')),
    actor_id integer,
    actor_nombre text,
    accion text not null,
    objetivo_tipo text,
    objetivo_id text,
    direccion text,
    solicitud text,
    detalle jsonb,
    hash_anterior char(64) not null,
    hash char(64) not null
  )`.execute(db);
  await sql`create sequence auditoria_id_seq owned by auditoria.id`.execute(db);
  await sql`create index auditoria_fecha_idx on auditoria (fecha desc, id desc)`.execute(db);
  await sql`create index auditoria_accion_idx on auditoria (accion, id desc)`.execute(db);
  await sql`create index auditoria_actor_idx on auditoria (actor_tipo, actor_id, id desc)`.execute(db);
  await sql`create index auditoria_objetivo_idx on auditoria (objetivo_tipo, objetivo_id, id desc)`.execute(db);
  await sql`create function auditoria_solo_agregar() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and current_setting('bolsa.auditoria_depurar', true) = 'on' then
        return old;
      end if;
      raise exception 'La bitácora de auditoría no admite %', tg_op using errcode = '42501';
    end $$`.execute(db);
  await sql`create trigger auditoria_sin_cambios before update or delete on auditoria
    for each row execute function auditoria_solo_agregar()`.execute(db);
  await sql`create trigger auditoria_sin_vaciar before truncate on auditoria
    for each statement execute function auditoria_solo_agregar()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists auditoria`.execute(db);
  await sql`drop function if exists auditoria_solo_agregar()`.execute(db);
}
