import { sql, type Kysely } from 'kysely';

// Issue 23, item 6: every export of a candidate list (CSV or XLSX) is recorded before its first
// row leaves — who (a staff account or an API token), when, which list and filter, how many rows,
// which format — and shown to administrators. The account or token may go later: the row stays,
// with the name it had.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table exportaciones (
    id serial primary key,
    usuario_id integer references usuarios (id) on delete set null,
    api_token_id integer references api_tokens (id) on delete set null,
    nombre_usuario text not null,
    rol smallint not null,
    en timestamptz not null default now(),
    lista text not null check (lista in ('inbox', 'vacancy')),
    plaza_id integer,
    estado text,
    busqueda text,
    filas integer not null check (filas >= 0),
    formato text not null check (formato in ('csv', 'xlsx'))
  )`.execute(db);
  await sql`create index exportaciones_en_idx on exportaciones (en desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists exportaciones`.execute(db);
}
