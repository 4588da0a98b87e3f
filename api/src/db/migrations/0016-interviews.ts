import { sql, type Kysely } from 'kysely';

// Issue 12: interviews (spec 3 §3 'Interview payload') and the calendar invitation an outbox
// message carries (sent by the worker as nodemailer's icalEvent, METHOD:REQUEST).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('entrevistas')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('postulante_id', 'integer', (c) => c.notNull().references('postulantes.id').onDelete('cascade'))
    .addColumn('modalidad', 'text', (c) => c.notNull().check(sql`modalidad in ('VIRTUAL', 'PRESENCIAL')`))
    .addColumn('fecha', 'date', (c) => c.notNull())
    .addColumn('hora_inicio', 'text', (c) => c.notNull())
    .addColumn('hora_fin', 'text', (c) => c.notNull())
    .addColumn('participantes_json', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('observaciones', 'text')
    .addColumn('sede_id', 'integer', (c) => c.references('sedes.id').onDelete('set null'))
    .addColumn('direccion', 'text')
    .addColumn('sala', 'text')
    .addColumn('entrevistador', 'text')
    .addColumn('enlace', 'text')
    .addColumn('organizador_email', 'text')
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .addColumn('creado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index entrevistas_postulante_idx on entrevistas (postulante_id, creado_en desc)`.execute(db);
  await sql`alter table correos_salientes add column ics text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table correos_salientes drop column if exists ics`.execute(db);
  await db.schema.dropTable('entrevistas').ifExists().execute();
}
