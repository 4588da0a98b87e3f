import { sql, type Kysely } from 'kysely';

// Issue 10: a registered candidate's profile (the fields the account does not hold) and the
// profile's files; applications may reference a profile file instead of holding a copy.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('perfiles_candidatos')
    .addColumn('usuario_candidato_id', 'integer', (c) =>
      c.primaryKey().references('usuarios_candidatos.id').onDelete('cascade'),
    )
    .addColumn('telefono', 'text')
    .addColumn('fecha_nacimiento', 'date')
    .addColumn('direccion_completa', 'text')
    .addColumn('experiencias_json', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('referidos_p_json', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('referidos_l_json', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Set by the api when a save passes every rule of spec 1 §5.3; never taken from a client.
    .addColumn('perfil_completado', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('actualizado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('perfil_archivos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('usuario_candidato_id', 'integer', (c) =>
      c.notNull().references('usuarios_candidatos.id').onDelete('cascade'),
    )
    .addColumn('tipo', 'text', (c) =>
      c.notNull().check(sql`tipo in ('fotografia', 'curriculum', 'dpi', 'policiales', 'penales')`),
    )
    // An opaque storage key ('perfiles/<uuid>.pdf'), shared with the applications that reference it.
    .addColumn('clave', 'text', (c) => c.notNull().unique())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('tamano', 'integer', (c) => c.notNull())
    .addColumn('creado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // One current file per kind: a replacement deletes the old row and inserts the new one in one transaction.
    .addUniqueConstraint('perfil_archivos_tipo_uq', ['usuario_candidato_id', 'tipo'])
    .execute();

  // A registered candidate's application references the profile's file (same storage key) rather
  // than a copy. Several rows may then share a key: whoever deletes a row removes the stored file
  // only when no other row of postulante_archivos or perfil_archivos still names that key.
  await sql`alter table postulante_archivos drop constraint postulante_archivos_clave_key`.execute(db);
  await db.schema.createIndex('postulante_archivos_clave_idx').on('postulante_archivos').column('clave').execute();
  await db.schema
    .alterTable('postulante_archivos')
    .addColumn('perfil_archivo_id', 'integer', (c) => c.references('perfil_archivos.id').onDelete('set null'))
    .execute();
}
