import { sql, type Kysely } from 'kysely';

// Issue 9: a candidate's file goes from the browser through the BFF straight into the file store
// when it is dropped on the form (POST /internal/archivos-preparados), not when the form is sent.
// Each row is one such staged file: where it is ('tmp/…'), what its bytes are (read while it was
// stored) and the name shown. Sending the form names the row; the file then becomes the
// application's or the profile's in the same transaction and the row goes. Rows and files nobody
// used are swept after an hour (storage/orphans.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table archivos_preparados (
    id text primary key,
    clave text not null unique,
    tipo text not null,
    tamano integer not null,
    nombre text not null,
    sobrante boolean not null default false,
    creado timestamptz not null default now()
  )`.execute(db);
  await sql`create index archivos_preparados_creado on archivos_preparados (creado)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table archivos_preparados`.execute(db);
}
