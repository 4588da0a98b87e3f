import { sql, type Kysely } from 'kysely';

// Issue 3: candidate accounts, the applications they link to, and the BFF's API tokens.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usuarios_candidatos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('primer_nombre', 'text', (c) => c.notNull())
    .addColumn('segundo_nombre', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('primer_apellido', 'text', (c) => c.notNull())
    .addColumn('segundo_apellido', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('apellido_casada', 'text')
    .addColumn('email', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`email = lower(email)`),
    )
    .addColumn('dpi', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`dpi ~ '^[0-9]{13}$'`),
    )
    .addColumn('clave_hash', 'text', (c) => c.notNull())
    .addColumn('como_se_entero', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('observaciones', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('fecha_registro', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('es_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // Applications. A later issue adds the form's fields; this is what linking to an account needs.
  await db.schema
    .createTable('postulantes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // Deleting a vacancy deletes its applications (spec 2 §8, 'Delete vacancy' reports the count).
    .addColumn('plaza_id', 'integer', (c) => c.references('plazas.id').onDelete('cascade'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('cui', 'text', (c) => c.notNull().check(sql`cui ~ '^[0-9]{13}$'`))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('telefono', 'text')
    .addColumn('estado', 'text', (c) => c.notNull().defaultTo('postulado'))
    .addColumn('usuario_candidato_id', 'integer', (c) => c.references('usuarios_candidatos.id').onDelete('set null'))
    .addColumn('vinculada_en', 'timestamptz')
    .addColumn('vinculacion_anunciada', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('fecha_registro', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('es_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('postulantes_cui_idx').on('postulantes').column('cui').execute();
  await db.schema.createIndex('postulantes_email_idx').on('postulantes').column('email').execute();
  await db.schema.createIndex('postulantes_plaza_idx').on('postulantes').column('plaza_id').execute();
  await db.schema
    .createIndex('postulantes_usuario_candidato_idx')
    .on('postulantes')
    .column('usuario_candidato_id')
    .execute();

  // Only the SHA-256 of a token is stored; the BFF shows the token once and never sends it here.
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('idrol', 'integer', (c) => c.notNull().check(sql`idrol between 1 and 3`))
    .addColumn('hash', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`hash ~ '^[0-9a-f]{64}$'`),
    )
    .addColumn('creado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('usado_en', 'timestamptz')
    .addColumn('revocado', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // Staff roles are 1–3 (spec 2 §6); the routes check it, the table makes sure.
  await sql`alter table usuarios add constraint usuarios_idrol_check check (idrol between 1 and 3)`.execute(db);
  // plazas.publicado_por / actualizado_por were created 'on delete set null' in 0001, so a staff
  // user who published vacancies can already be deleted: nothing to change there.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table usuarios drop constraint if exists usuarios_idrol_check`.execute(db);
  for (const table of ['api_tokens', 'postulantes', 'usuarios_candidatos']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
