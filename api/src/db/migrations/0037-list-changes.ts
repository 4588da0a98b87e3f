import { sql, type Kysely } from 'kysely';

// Issue 22, the inbox's searches: a change counter for what a list's counts are made of, so the
// api can keep a search's counts (and its matches' ids) and know, with one read of 8 rows, that
// they are still exact.
//
// - Every change that can move a candidate into or out of a list's filter adds 1: a candidate
//   added or removed; its state, name, e-mail, vacancy or CV words changed; a tag put on or taken
//   off. The sum over the stripes only grows, so a different sum means "count again".
// - The table starts empty (a new install holds no data: a restore checks that), and a stripe's
//   row is made by its first change.
// - Like the counts of 0020: 8 stripes (id % 8) and a deferred constraint trigger, so the row is
//   locked only while the transaction commits, and the counter moves in the same commit as the
//   change (a reader never sees the change without the new sum, nor the sum without the change).
// - `search_path from current`: the function finds the table of the schema it was created in.
const STRIPES = 8;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table listas_cambios (
    franja smallint primary key,
    n bigint not null
  )`.execute(db);
  await sql`create function listas_cambio() returns trigger language plpgsql
    set search_path from current as $$
    declare pid integer;
    begin
      if tg_table_name = 'postulantes' then
        pid := case when tg_op = 'DELETE' then old.id else new.id end;
      else
        pid := case when tg_op = 'DELETE' then old.postulante_id else new.postulante_id end;
      end if;
      insert into listas_cambios (franja, n) values (pid % ${sql.lit(STRIPES)}, 1)
        on conflict (franja) do update set n = listas_cambios.n + 1;
      return null;
    end $$`.execute(db);
  await sql`create function listas_cambio_vaciado() returns trigger language plpgsql
    set search_path from current as $$
    begin
      insert into listas_cambios (franja, n) values (0, 1)
        on conflict (franja) do update set n = listas_cambios.n + 1;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger listas_cambio_alta after insert or delete on postulantes
    deferrable initially deferred for each row execute function listas_cambio()`.execute(db);
  await sql`create constraint trigger listas_cambio_datos after update of estado, nombre, email, plaza_id, cv_tsv
    on postulantes deferrable initially deferred for each row execute function listas_cambio()`.execute(db);
  await sql`create constraint trigger listas_cambio_etiquetas after insert or delete or update on postulante_etiquetas
    deferrable initially deferred for each row execute function listas_cambio()`.execute(db);
  for (const table of ['postulantes', 'postulante_etiquetas'])
    await sql`create trigger listas_cambio_vaciado after truncate on ${sql.table(table)}
      for each statement execute function listas_cambio_vaciado()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['postulantes', 'postulante_etiquetas'])
    await sql`drop trigger if exists listas_cambio_vaciado on ${sql.table(table)}`.execute(db);
  await sql`drop trigger if exists listas_cambio_etiquetas on postulante_etiquetas`.execute(db);
  await sql`drop trigger if exists listas_cambio_datos on postulantes`.execute(db);
  await sql`drop trigger if exists listas_cambio_alta on postulantes`.execute(db);
  await sql`drop function if exists listas_cambio_vaciado()`.execute(db);
  await sql`drop function if exists listas_cambio()`.execute(db);
  await sql`drop table if exists listas_cambios`.execute(db);
}
