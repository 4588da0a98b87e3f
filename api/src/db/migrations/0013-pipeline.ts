import { sql, type Kysely } from 'kysely';

// Issue 11: the inbox at 50,000 rows. Two stored columns the lists filter and sort on, computed by
// the database itself from estado, nombre and e-mail (so no writer can forget them), plus the
// indexes of the inbox's queries. No extension: PGlite loads none by default, and a scan of the
// folded text stays within the benchmark's goal (bench/inbox.ts prints the plans).

// searchKey of the domain in SQL (the same table as api/src/lists.ts foldSql).
const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüñçýÿÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuncyyaaaaaaeeeeiiiiooooouuuuncy';
const fold = (expr: string) => `translate(lower(${expr}), '${ACCENTED}', '${PLAIN}')`;

/**
 * The canonical state of any stored spelling (domain canonicalState: legacy values, case and
 * accents ignored); an unknown value stays as folded.
 */
const CANONICAL = `case regexp_replace(trim(${fold('estado')}), '\\s+', ' ', 'g')
  when 'en revision' then 'en seguimiento'
  when 'pruebas tecnicas' then 'en seguimiento'
  when 'en entrevista' then 'entrevista'
  when 'induccion' then 'inducción'
  else regexp_replace(trim(${fold('estado')}), '\\s+', ' ', 'g') end`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `alter table postulantes
        add column etapa text generated always as (${CANONICAL}) stored,
        add column busqueda text generated always as (${fold(`coalesce(nombre, '') || ' ' || coalesce(email, '')`)}) stored`,
    )
    .execute(db);

  // The tabs' counts: an index-only scan of this narrow index (deduplicated, about 1 MB at 50,000
  // rows) instead of reading the whole table.
  await sql`create index postulantes_etapa_idx on postulantes (etapa)`.execute(db);
  // A tab (or the whole active list) newest first: the first page reads a few index entries.
  await sql`create index postulantes_etapa_fecha_idx on postulantes (etapa, fecha_registro desc, id desc)`.execute(db);
  await sql`create index postulantes_fecha_idx on postulantes (fecha_registro desc, id desc)`.execute(db);
  // Sorted by name.
  await sql`create index postulantes_etapa_nombre_idx on postulantes (etapa, busqueda, id)`.execute(db);
  // Candidates of one vacancy, newest first.
  await sql`create index postulantes_plaza_fecha_idx on postulantes (plaza_id, fecha_registro desc, id desc)`.execute(
    db,
  );
  // The timeline's e-mails of one candidate.
  await sql`create index correos_salientes_postulante_idx on correos_salientes (postulante_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists correos_salientes_postulante_idx`.execute(db);
  await sql`alter table postulantes drop column if exists etapa, drop column if exists busqueda`.execute(db);
}
