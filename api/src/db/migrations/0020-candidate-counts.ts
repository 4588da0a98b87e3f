import { sql, type Kysely } from 'kysely';

// Issue 11: the inbox's tab counts without a search. Counting 40,000 active candidates by state
// reads the whole etapa index on every request (about 5 ms of the database's CPU each time, the
// largest part of a page); these rows hold the same numbers, kept by the database itself.
//
// - Each state's count is split over 8 stripes (id % 8), so that simultaneous applications do not
//   all wait for the same row; a reader sums at most 64 rows.
// - The trigger is a deferred constraint trigger: it runs at COMMIT, so the stripe's row is locked
//   only while the transaction commits, not while an application stores its files.
// - Rows, not a cache: they change in the same transaction as the candidate, so a count is never
//   ahead of or behind the list it describes.
// - `search_path from current`: the function finds the table of the schema it was created in
//   (the tests run one schema per file).
const STRIPES = 8;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table postulantes_conteo (
    etapa text not null,
    franja smallint not null,
    n integer not null,
    primary key (etapa, franja)
  )`.execute(db);
  await sql`create function postulantes_conteo_cambio() returns trigger language plpgsql
    set search_path from current as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update postulantes_conteo set n = n - 1 where etapa = old.etapa and franja = old.id % ${sql.lit(STRIPES)};
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into postulantes_conteo (etapa, franja, n) values (new.etapa, new.id % ${sql.lit(STRIPES)}, 1)
          on conflict (etapa, franja) do update set n = postulantes_conteo.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function postulantes_conteo_vaciado() returns trigger language plpgsql
    set search_path from current as $$
    begin
      delete from postulantes_conteo;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger postulantes_conteo_alta after insert or delete on postulantes
    deferrable initially deferred for each row execute function postulantes_conteo_cambio()`.execute(db);
  await sql`create constraint trigger postulantes_conteo_etapa after update of estado on postulantes
    deferrable initially deferred for each row when (old.etapa is distinct from new.etapa)
    execute function postulantes_conteo_cambio()`.execute(db);
  await sql`create trigger postulantes_conteo_vaciado after truncate on postulantes
    for each statement execute function postulantes_conteo_vaciado()`.execute(db);
  // The candidates already stored; no one writes while the api migrates (it migrates before it listens).
  await sql`insert into postulantes_conteo (etapa, franja, n)
    select etapa, id % ${sql.lit(STRIPES)}, count(*) from postulantes group by 1, 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists postulantes_conteo_vaciado on postulantes`.execute(db);
  await sql`drop trigger if exists postulantes_conteo_etapa on postulantes`.execute(db);
  await sql`drop trigger if exists postulantes_conteo_alta on postulantes`.execute(db);
  await sql`drop function if exists postulantes_conteo_vaciado()`.execute(db);
  await sql`drop function if exists postulantes_conteo_cambio()`.execute(db);
  await sql`drop table if exists postulantes_conteo`.execute(db);
}
