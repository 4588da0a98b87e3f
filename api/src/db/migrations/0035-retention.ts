import { sql, type Kysely } from 'kysely';

// Issue 24, item 3: retention of candidates' personal data.
// - retencion_ejecuciones: one row per run. The daily run's Guatemala day is unique among daily
//   runs, inserted in the run's transaction: replicas that try the same day run it once. Manual
//   runs ('Ejecutar ahora') are not limited. Counts only, never personal data.
// - retencion_avisos: the notice e-mail of an application, once (replicas and reruns never send it
//   twice); a notice older than the application's last activity no longer counts (activity pushes
//   the date, and a new notice goes before the new one).
// - postulantes.documentos_eliminados_en: a guest's application whose files the shorter period
//   removed (the row and its personal fields stay until the anonymisation).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('retencion_ejecuciones')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('dia', 'date', (c) => c.notNull())
    .addColumn('tipo', 'text', (c) => c.notNull().check(sql`tipo in ('diaria', 'manual')`))
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .addColumn('usuario_nombre', 'text')
    .addColumn('ejecutada_en', 'timestamptz', (c) => c.notNull())
    .addColumn('anonimizados', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avisos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('documentos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('archivos', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index retencion_ejecuciones_diaria_idx on retencion_ejecuciones (dia) where tipo = 'diaria'`.execute(
    db,
  );
  await db.schema
    .createTable('retencion_avisos')
    .addColumn('postulante_id', 'integer', (c) => c.primaryKey().references('postulantes.id').onDelete('cascade'))
    .addColumn('enviado_en', 'timestamptz', (c) => c.notNull())
    .addColumn('correo_id', 'integer', (c) => c.references('correos_salientes.id').onDelete('set null'))
    .execute();
  await sql`alter table postulantes add column documentos_eliminados_en timestamptz`.execute(db);
  // An application anonymised by the policy, not erased by its candidate: staff read why.
  await sql`alter table postulantes add column anonimizada_retencion boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table postulantes drop column if exists anonimizada_retencion`.execute(db);
  await sql`alter table postulantes drop column if exists documentos_eliminados_en`.execute(db);
  await db.schema.dropTable('retencion_avisos').ifExists().execute();
  await db.schema.dropTable('retencion_ejecuciones').ifExists().execute();
}
