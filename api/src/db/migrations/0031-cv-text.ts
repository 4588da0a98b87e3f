import { sql, type Kysely } from 'kysely';

// Issue 23, search inside CVs: the text of each candidate's CV and cover letter (PDF), read off
// the request path by the worker of api/src/cv-text/, and a Spanish full-text index over it.
//
// One row per stored key (a registered candidate's applications share their profile's file, so a
// key is read once). A trigger queues every new CV or cover letter of postulante_archivos, and
// removes the text when no application names the key any more (an erased candidate's CV text goes
// with the file row). This migration queues the files already stored: the same worker backfills them.
//
// The search runs over postulantes.cv_tsv (the words of the application's CV and cover letter
// together, with a GIN index): one table, so `name matches or CV matches` is a union of two index
// scans (trigram and full text) — 11,000 matching ids fed to the primary key instead cost 0.5 s at
// 50,000 candidates. It is kept by the triggers below and by the worker when a text is read.
//
// The index is built from the folded text (accents and case removed in our code, domain's
// `cvSearchText`): PGlite has no `unaccent`, and folding in one place makes both databases answer
// the same. `texto` keeps the text as read, for the snippet.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('textos_archivos')
    .addColumn('clave', 'text', (c) => c.primaryKey())
    .addColumn('estado', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pendiente')
        .check(sql`estado in ('pendiente', 'listo', 'sin_texto', 'fallido')`),
    )
    .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bloqueado_hasta', 'timestamptz')
    .addColumn('texto', 'text')
    .addColumn('tsv', sql`tsvector`)
    .addColumn('creado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('procesado_en', 'timestamptz')
    .execute();
  await sql`create index textos_archivos_pendientes_idx on textos_archivos (creado_en) where estado = 'pendiente'`.execute(
    db,
  );

  await sql`alter table postulantes add column cv_tsv tsvector`.execute(db);
  await sql`create index postulantes_cv_tsv_idx on postulantes using gin (cv_tsv)`.execute(db);
  // The words of an application's CV and cover letter, null when neither has text.
  await sql`create function postulantes_cv_tsv(pid integer) returns tsvector language sql stable as $$
    select nullif(
      coalesce((select t.tsv from postulante_archivos pa join textos_archivos t on t.clave = pa.clave
                where pa.postulante_id = pid and pa.tipo = 'curriculum'), ''::tsvector) ||
      coalesce((select t.tsv from postulante_archivos pa join textos_archivos t on t.clave = pa.clave
                where pa.postulante_id = pid and pa.tipo = 'carta'), ''::tsvector),
      ''::tsvector)
  $$`.execute(db);

  await sql`create function textos_archivos_cola() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        if not exists (select 1 from postulante_archivos where clave = old.clave) then
          delete from textos_archivos where clave = old.clave;
        end if;
        if old.tipo in ('curriculum', 'carta') then
          update postulantes set cv_tsv = postulantes_cv_tsv(id) where id = old.postulante_id and cv_tsv is not null;
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        if new.tipo in ('curriculum', 'carta') and (new.mime = 'application/pdf' or lower(new.clave) like '%.pdf') then
          insert into textos_archivos (clave) values (new.clave) on conflict (clave) do nothing;
        end if;
        -- A key already read (a profile's CV shared by a new application): its words at once.
        if new.tipo in ('curriculum', 'carta') then
          update postulantes set cv_tsv = postulantes_cv_tsv(id) where id = new.postulante_id;
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger textos_archivos_cola after insert or delete or update of clave, tipo, mime, postulante_id
    on postulante_archivos for each row execute function textos_archivos_cola()`.execute(db);

  await sql`insert into textos_archivos (clave)
    select distinct clave from postulante_archivos
    where tipo in ('curriculum', 'carta') and (mime = 'application/pdf' or lower(clave) like '%.pdf')
    on conflict (clave) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists textos_archivos_cola on postulante_archivos`.execute(db);
  await sql`drop function if exists textos_archivos_cola()`.execute(db);
  await sql`drop function if exists postulantes_cv_tsv(integer)`.execute(db);
  await sql`alter table postulantes drop column if exists cv_tsv`.execute(db);
  await db.schema.dropTable('textos_archivos').ifExists().execute();
}
