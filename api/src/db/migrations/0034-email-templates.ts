import { sql, type Kysely } from 'kysely';

// Issue 24, item 1: e-mail templates staff edit. Every save, reset to the default and restore is
// a version (who, when, subject, body); plantillas_correo names each template's current version (a
// template without a row there is sent with its default, the specs' wording from domain). The
// outbox records which version each message was rendered with (it already keeps the rendered
// subject, text, HTML and calendar part).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plantillas_correo_versiones')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('clave', 'text', (c) => c.notNull())
    .addColumn('asunto', 'text', (c) => c.notNull())
    .addColumn('cuerpo', 'text', (c) => c.notNull())
    .addColumn('accion', 'text', (c) => c.notNull().check(sql`accion in ('guardada', 'restablecida', 'restaurada')`))
    // True: the version is the default wording (a reset, or the restore of one): sent with the
    // domain's default of the running code, subject and body kept here for the record.
    .addColumn('predeterminada', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('restaurada_de', 'integer', (c) => c.references('plantillas_correo_versiones.id').onDelete('set null'))
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    // The author's name when the version was made: a deleted user's versions stay attributed.
    .addColumn('usuario_nombre', 'text')
    .addColumn('creado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index plantillas_correo_versiones_clave_idx on plantillas_correo_versiones (clave, id)`.execute(db);
  await db.schema
    .createTable('plantillas_correo')
    .addColumn('clave', 'text', (c) => c.primaryKey())
    .addColumn('version_id', 'integer', (c) => c.notNull().references('plantillas_correo_versiones.id'))
    .execute();
  await sql`alter table correos_salientes add column plantilla_version_id integer references plantillas_correo_versiones (id) on delete set null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table correos_salientes drop column if exists plantilla_version_id`.execute(db);
  await db.schema.dropTable('plantillas_correo').ifExists().execute();
  await db.schema.dropTable('plantillas_correo_versiones').ifExists().execute();
}
