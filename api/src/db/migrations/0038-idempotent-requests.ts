import { sql, type Kysely } from 'kysely';

// Idempotent writes (docs/decisions/2026-11-29-idempotent-writes.md): one row per (scope, key),
// where the scope is the actor, method and path. The primary key makes the claim atomic on
// PostgreSQL and PGlite alike (insert … on conflict do nothing). Rows live 24 h (the hourly sweep).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('solicitudes_idempotentes')
    .addColumn('ambito', 'text', (c) => c.notNull())
    .addColumn('clave', 'text', (c) => c.notNull())
    .addColumn('huella', 'text', (c) => c.notNull())
    .addColumn('estado', 'text', (c) => c.notNull().check(sql`estado in ('en_curso', 'completada')`))
    .addColumn('codigo', 'integer')
    .addColumn('cuerpo', 'text')
    .addColumn('creada_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completada_en', 'timestamptz')
    .addPrimaryKeyConstraint('solicitudes_idempotentes_pkey', ['ambito', 'clave'])
    .execute();
  await db.schema
    .createIndex('solicitudes_idempotentes_creada_idx')
    .on('solicitudes_idempotentes')
    .column('creada_en')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('solicitudes_idempotentes').ifExists().execute();
}
