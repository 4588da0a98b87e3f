import { sql, type Kysely } from 'kysely';

// Issue 22: every BFF replica keeps the sessions it served in memory and forgets one when this
// feed names it (docs/decisions/2026-11-27-session-cache.md). The triggers write a row whenever
// an account changes what its sessions may do or show (status, role, password, name, e-mail) or
// an API token changes or goes, whoever writes it (routes, CLI, restore); logouts are written by
// the session area. Keys only: 'staff:<id>', 'candidate:<id>', 'token:<sha-256>', 'sesion:<sha-256>'.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sesiones_revocadas (
    seq bigserial primary key,
    clave text not null,
    en timestamptz not null default clock_timestamp()
  )`.execute(db);
  await sql`create index sesiones_revocadas_en_idx on sesiones_revocadas (en)`.execute(db);

  await sql`create function sesiones_revocar_staff() returns trigger language plpgsql
    set search_path from current as $$
    begin
      insert into sesiones_revocadas (clave) values ('staff:' || old.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger usuarios_revocar_sesiones after delete or update of
    estatus, idrol, clave_hash, nombre, usuario on usuarios for each row
    execute function sesiones_revocar_staff()`.execute(db);

  await sql`create function sesiones_revocar_candidato() returns trigger language plpgsql
    set search_path from current as $$
    begin
      insert into sesiones_revocadas (clave) values ('candidate:' || old.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger usuarios_candidatos_revocar_sesiones after delete or update of
    activo, clave_hash, primer_nombre, primer_apellido, email on usuarios_candidatos for each row
    execute function sesiones_revocar_candidato()`.execute(db);

  await sql`create function sesiones_revocar_token() returns trigger language plpgsql
    set search_path from current as $$
    begin
      insert into sesiones_revocadas (clave) values ('token:' || old.hash);
      return null;
    end $$`.execute(db);
  await sql`create trigger api_tokens_revocar after delete or update of revocado, idrol, nombre, hash on api_tokens
    for each row execute function sesiones_revocar_token()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists api_tokens_revocar on api_tokens`.execute(db);
  await sql`drop trigger if exists usuarios_candidatos_revocar_sesiones on usuarios_candidatos`.execute(db);
  await sql`drop trigger if exists usuarios_revocar_sesiones on usuarios`.execute(db);
  await sql`drop function if exists sesiones_revocar_token()`.execute(db);
  await sql`drop function if exists sesiones_revocar_candidato()`.execute(db);
  await sql`drop function if exists sesiones_revocar_staff()`.execute(db);
  await sql`drop table if exists sesiones_revocadas`.execute(db);
}
