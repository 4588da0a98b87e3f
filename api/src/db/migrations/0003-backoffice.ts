import { sql, type Kysely } from 'kysely';

// Issue 4: the staff back-office: assessment templates, administrative e-mails, and what a
// vacancy edit needs to record.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pruebas_templates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('descripcion', 'text', (c) => c.notNull())
    .addColumn('tipo', 'text', (c) => c.notNull().check(sql`tipo in ('PDF', 'WORD', 'EXCEL', 'LINK', 'FORMULARIO')`))
    .addColumn('categoria', 'text', (c) =>
      c.notNull().check(sql`categoria in ('TECNICA', 'PSICOLOGICA', 'CONOCIMIENTOS', 'APTITUDES', 'IDIOMAS', 'OTROS')`),
    )
    .addColumn('link', 'text')
    .addColumn('archivo_nombre', 'text')
    // A file-store key such as 'pruebas/<uuid>.pdf', never a disk path.
    .addColumn('archivo_ruta', 'text')
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('fecha_creacion', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('es_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create index pruebas_templates_fecha_idx on pruebas_templates (fecha_creacion desc, id desc)`.execute(db);

  await db.schema
    .createTable('correos')
    .addColumn('correo_id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`email = lower(email)`),
    )
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('activo', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('fecha_creacion', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('es_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // publicado_por / actualizado_por exist since 0001; an edit also records when it happened.
  await db.schema.alterTable('plazas').addColumn('actualizado_en', 'timestamptz').execute();
  // The department chosen in the form (NombreDepartamento). With a structured lugar it is implied
  // by the municipality, but a free-text lugar would otherwise lose it.
  await db.schema
    .alterTable('plazas')
    .addColumn('departamento_codigo', 'text', (c) => c.references('departamentos.codigo'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plazas').dropColumn('departamento_codigo').execute();
  await db.schema.alterTable('plazas').dropColumn('actualizado_en').execute();
  for (const table of ['correos', 'pruebas_templates']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
