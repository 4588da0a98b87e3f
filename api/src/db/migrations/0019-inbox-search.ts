import { sql, type Kysely } from 'kysely';

// Issue 11: the inbox's searches at 50,000 candidates. A search is "every word somewhere in the
// folded name or e-mail" (LIKE '%word%' over the stored `busqueda` column of 0013); a trigram GIN
// index answers that from the index for the page and the counts alike, instead of reading and
// folding every row.
//
// pg_trgm ships with PostgreSQL's contrib (every packaged server and the official images have
// it). PGlite has it only when the instance is created with the extension loaded, which the api
// does not do (it would slow every start and every test for a single-user database); where the
// extension is not available this migration does nothing, and the same queries run as a scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Installed already, or installable by us (pg_trgm is a trusted extension: the database's CREATE
  // privilege is enough); otherwise no index, rather than a failed start.
  const usable = await sql<{ ok: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm')
        or (exists (select 1 from pg_available_extensions where name = 'pg_trgm')
            and has_database_privilege(current_database(), 'CREATE')) as ok`.execute(db);
  if (!usable.rows[0]?.ok) return;
  // An extension is one per database: it goes to a schema of its own, not to the schema the
  // tables are in (several schemas share a database — the tests run one per file — and dropping
  // one must not take the extension from the others). The lock serialises two first starts.
  await sql`select pg_advisory_xact_lock(hashtext('bolsa: pg_trgm'))`.execute(db);
  const installed = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  let schema = installed.rows[0]?.schema;
  if (!schema) {
    schema = 'extensions';
    await sql`create schema if not exists extensions`.execute(db);
    await sql`create extension if not exists pg_trgm schema extensions`.execute(db);
  }
  await sql`create index if not exists postulantes_busqueda_trgm_idx on postulantes using gin (busqueda ${sql.id(schema, 'gin_trgm_ops')})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists postulantes_busqueda_trgm_idx`.execute(db);
}
