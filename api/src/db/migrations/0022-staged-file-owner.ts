import { sql, type Kysely } from 'kysely';

// A file a registered candidate staged (dropped on a form and not sent yet) names their account,
// so that erasing the account removes it at once instead of leaving it to the hourly sweep.
// Guests' staged files name no account (null).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table archivos_preparados add column usuario_candidato_id integer`.execute(db);
  await sql`create index archivos_preparados_usuario on archivos_preparados (usuario_candidato_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index archivos_preparados_usuario`.execute(db);
  await sql`alter table archivos_preparados drop column usuario_candidato_id`.execute(db);
}
