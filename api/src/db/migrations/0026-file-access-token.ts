import type { Kysely } from 'kysely';

// Issue 22: a candidate's file an API token downloads names the token in the timeline (it was
// logged with no one, shown as 'Usuario no disponible'). Tokens are revoked, never deleted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('archivos_accesos')
    .addColumn('token_api_id', 'integer', (c) => c.references('api_tokens.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('archivos_accesos').dropColumn('token_api_id').execute();
}
