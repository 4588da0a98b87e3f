import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must keep working when the Database interface later changes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('departamentos')
    .addColumn('codigo', 'text', (c) => c.primaryKey())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('municipios')
    .addColumn('codigo', 'text', (c) => c.primaryKey())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('departamento_codigo', 'text', (c) => c.notNull().references('departamentos.codigo'))
    .execute();
  await db.schema.createIndex('municipios_departamento_idx').on('municipios').column('departamento_codigo').execute();

  await db.schema
    .createTable('sedes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre', 'text', (c) => c.notNull().unique())
    .addColumn('direccion', 'text')
    .addColumn('es_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('usuarios')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('usuario', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`usuario = lower(usuario)`),
    )
    .addColumn('clave_hash', 'text')
    .addColumn('idrol', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('estatus', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('creado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('es_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('plazas')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('sede_id', 'integer', (c) => c.references('sedes.id'))
    .addColumn('lugar', 'text')
    .addColumn('descripcion', 'text')
    .addColumn('requisitos', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('beneficios', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('imagen', 'text')
    .addColumn('fecha_publicacion', 'date', (c) => c.notNull())
    .addColumn('fecha_finalizacion', 'date')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('1')
        .check(sql`status in ('1', '0')`),
    )
    .addColumn('destacado', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('fecha_creacion', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('publicado_por', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .addColumn('actualizado_por', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .addColumn('es_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create index plazas_board_idx on plazas (status, destacado desc, fecha_publicacion desc)`.execute(db);
  await db.schema.createIndex('plazas_sede_idx').on('plazas').column('sede_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['plazas', 'usuarios', 'sedes', 'municipios', 'departamentos']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
