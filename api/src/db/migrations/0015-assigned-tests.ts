import { sql, type Kysely } from 'kysely';

// Issue 12: tests assigned to a candidate (postulante-prueba, spec 3 §3) and the log of what
// happened to them (the candidate's timeline keeps a deleted test's events).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('postulante_pruebas')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('postulante_id', 'integer', (c) => c.notNull().references('postulantes.id').onDelete('cascade'))
    // The template it came from; the name and type are copied so a later edit or deletion of the
    // template does not rewrite what the candidate was sent.
    .addColumn('template_id', 'integer', (c) => c.references('pruebas_templates.id').onDelete('set null'))
    .addColumn('nombre_prueba', 'text', (c) => c.notNull())
    .addColumn('tipo_prueba', 'text', (c) =>
      c.notNull().check(sql`tipo_prueba in ('PDF', 'WORD', 'EXCEL', 'LINK', 'FORMULARIO')`),
    )
    .addColumn('fecha_asignacion', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('fecha_limite', 'date', (c) => c.notNull())
    .addColumn('fecha_completada', 'timestamptz')
    .addColumn('estado', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ASIGNADA')
        .check(sql`estado in ('ASIGNADA', 'COMPLETADA', 'CANCELADA')`),
    )
    .addColumn('observaciones', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('credenciales_acceso', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('resultado', 'text')
    .addColumn('puntaje', 'numeric(7, 2)')
    .addColumn('enviada_en', 'timestamptz')
    .addColumn('asignada_por', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .execute();
  await sql`create index postulante_pruebas_postulante_idx on postulante_pruebas (postulante_id, id)`.execute(db);

  await db.schema
    .createTable('postulante_pruebas_eventos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('postulante_id', 'integer', (c) => c.notNull().references('postulantes.id').onDelete('cascade'))
    .addColumn('prueba_id', 'integer')
    .addColumn('accion', 'text', (c) =>
      c
        .notNull()
        .check(sql`accion in ('ASSIGNED', 'SENT', 'COMPLETED', 'NOT_COMPLETED', 'REACTIVATED', 'DELETED', 'RESULT')`),
    )
    .addColumn('nombre_prueba', 'text', (c) => c.notNull())
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .addColumn('en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index postulante_pruebas_eventos_postulante_idx on postulante_pruebas_eventos (postulante_id, en)`.execute(
    db,
  );
  // Files sent with an outbox message (the file-based tests of 'enviar pruebas'). The content is
  // copied: the worker then needs no file store, and a template deleted later does not break a
  // queued message.
  await db.schema
    .createTable('correos_adjuntos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('correo_id', 'integer', (c) => c.notNull().references('correos_salientes.id').onDelete('cascade'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('contenido', 'bytea', (c) => c.notNull())
    .execute();
  await sql`create index correos_adjuntos_correo_idx on correos_adjuntos (correo_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('correos_adjuntos').ifExists().execute();
  await db.schema.dropTable('postulante_pruebas_eventos').ifExists().execute();
  await db.schema.dropTable('postulante_pruebas').ifExists().execute();
}
