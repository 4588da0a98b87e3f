import { sql, type Kysely } from 'kysely';

// Issue 13: server-side sessions and the counters and spent tokens every BFF replica shares.
// Nothing personal is stored: session ids and counter keys arrive hashed by the BFF.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sesiones')
    // SHA-256 (hex) of the opaque id the cookie carries: a copy of this table opens no session.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tipo', 'text', (c) => c.notNull().check(sql`tipo in ('staff', 'candidate')`))
    .addColumn('usuario_id', 'text', (c) => c.notNull())
    // The effective role chosen at login ('Forzar rol' may lower it); the real one is read live.
    .addColumn('rol', 'integer', (c) => c.notNull())
    // Fingerprint of the password at login: a password change ends every older session.
    .addColumn('sello', 'text', (c) => c.notNull())
    .addColumn('creada_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('vista_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expira_en', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index sesiones_usuario_idx on sesiones (tipo, usuario_id)`.execute(db);
  await sql`create index sesiones_expira_idx on sesiones (expira_en)`.execute(db);

  // rate-limiter-flexible's store: points consumed per key until expira_en (null: never).
  await db.schema
    .createTable('contadores')
    .addColumn('clave', 'text', (c) => c.primaryKey())
    .addColumn('puntos', 'integer', (c) => c.notNull())
    .addColumn('expira_en', 'timestamptz')
    .execute();

  // Single-use tokens already spent (captchas, upload ids), kept until they would have expired.
  await db.schema
    .createTable('tokens_usados')
    .addColumn('clave', 'text', (c) => c.primaryKey())
    .addColumn('expira_en', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['tokens_usados', 'contadores', 'sesiones']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
