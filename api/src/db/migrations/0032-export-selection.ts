import { sql, type Kysely } from 'kysely';

// Issue 23, item 4: an export of the rows selected in a list (the bulk bar's 'Exportar') is
// recorded like any other, with how many rows were selected instead of a filter.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table exportaciones add column seleccionados integer check (seleccionados >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table exportaciones drop column if exists seleccionados`.execute(db);
}
