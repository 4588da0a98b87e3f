import { sql, type Kysely } from 'kysely';

// Issue 9: the application form's fields, the duplicate guard, the application's files, and the
// mail outbox with one row per delivery attempt.
const IN_COURSE = sql`lower(estado) not in ('contratado', 'rechazado')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('postulantes')
    .addColumn('direccion', 'text')
    .addColumn('estado_civil', 'text')
    .addColumn('edad', 'integer')
    .addColumn('nivel_educativo', 'text')
    .addColumn('estudiando', 'boolean')
    .addColumn('disponibilidad', 'boolean')
    .addColumn('pretension', 'numeric(8, 2)')
    .addColumn('negociable', 'boolean')
    .addColumn('experiencias_json', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('referidos_p_json', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('referidos_l_json', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('es_registrado', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // The last word on duplicates: two submissions racing past the check cannot both commit.
  await sql`create unique index postulantes_plaza_cui_en_curso_uq on postulantes (plaza_id, cui) where ${IN_COURSE}`.execute(
    db,
  );
  await sql`create unique index postulantes_plaza_email_en_curso_uq on postulantes (plaza_id, email) where ${IN_COURSE}`.execute(
    db,
  );
  await sql`create unique index postulantes_plaza_usuario_en_curso_uq on postulantes (plaza_id, usuario_candidato_id) where usuario_candidato_id is not null and ${IN_COURSE}`.execute(
    db,
  );

  await db.schema
    .createTable('postulante_archivos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('postulante_id', 'integer', (c) => c.notNull().references('postulantes.id').onDelete('cascade'))
    .addColumn('tipo', 'text', (c) =>
      c.notNull().check(sql`tipo in ('fotografia', 'curriculum', 'carta', 'policiales', 'penales')`),
    )
    // An opaque storage key ('postulantes/<uuid>'): nothing in it names the candidate or the file.
    .addColumn('clave', 'text', (c) => c.notNull().unique())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('tamano', 'integer', (c) => c.notNull())
    .addColumn('creado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('postulante_archivos_tipo_uq', ['postulante_id', 'tipo'])
    .execute();

  await db.schema
    .createTable('correos_salientes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('plantilla', 'text', (c) => c.notNull())
    .addColumn('destinatario', 'text', (c) => c.notNull())
    .addColumn('asunto', 'text', (c) => c.notNull())
    .addColumn('texto', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('estado', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pendiente')
        .check(sql`estado in ('pendiente', 'enviando', 'enviado', 'fallido')`),
    )
    .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('siguiente_intento', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A worker that dies mid-send leaves 'enviando'; past this instant another worker may retry.
    .addColumn('bloqueado_hasta', 'timestamptz')
    .addColumn('ultimo_error', 'text')
    .addColumn('postulante_id', 'integer', (c) => c.references('postulantes.id').onDelete('set null'))
    .addColumn('creado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('enviado_en', 'timestamptz')
    .execute();
  await sql`create index correos_salientes_pendientes_idx on correos_salientes (siguiente_intento) where estado in ('pendiente', 'enviando')`.execute(
    db,
  );

  await db.schema
    .createTable('correos_intentos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('correo_id', 'integer', (c) => c.notNull().references('correos_salientes.id').onDelete('cascade'))
    .addColumn('intento', 'integer', (c) => c.notNull())
    .addColumn('en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ok', 'boolean', (c) => c.notNull())
    // The SMTP reply or error class, never the message body.
    .addColumn('detalle', 'text')
    .execute();
  await db.schema.createIndex('correos_intentos_correo_idx').on('correos_intentos').column('correo_id').execute();
}
