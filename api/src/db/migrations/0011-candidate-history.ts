import { sql, type Kysely } from 'kysely';

// Issues 10 and 11 share these: what both the candidate area and the pipeline read and write on
// an application. Each issue adds its own tables in a later migration (0012 candidate area,
// 0013 pipeline).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('postulantes')
    // The state the candidate last saw in 'Mis Postulaciones' ('Estado actualizado: old → new' on any device).
    .addColumn('estado_visto', 'text')
    // Reactivation (role 1) returns a rejected candidate to the state held before the rejection.
    .addColumn('estado_antes_rechazo', 'text')
    // The candidate erased their data: the row stays only as an anonymous count.
    .addColumn('datos_eliminados', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('actualizado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Erased rows keep no DPI or e-mail.
  await sql`alter table postulantes alter column cui drop not null`.execute(db);
  await sql`alter table postulantes alter column email drop not null`.execute(db);

  // One row per state change: from, to, who, when, note (the timeline).
  await db.schema
    .createTable('postulantes_historial')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('postulante_id', 'integer', (c) => c.notNull().references('postulantes.id').onDelete('cascade'))
    .addColumn('estado_anterior', 'text')
    .addColumn('estado_nuevo', 'text', (c) => c.notNull())
    // Staff user who made the change; null for the system or the candidate.
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .addColumn('nota', 'text')
    .addColumn('en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('postulantes_historial_postulante_idx')
    .on('postulantes_historial')
    .columns(['postulante_id', 'en'])
    .execute();

  // Every staff opening of a candidate's document or photo (who, when, which candidate and document).
  await db.schema
    .createTable('archivos_accesos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .addColumn('postulante_id', 'integer', (c) => c.references('postulantes.id').onDelete('cascade'))
    .addColumn('usuario_candidato_id', 'integer', (c) => c.references('usuarios_candidatos.id').onDelete('cascade'))
    // fotografia | curriculum | carta | dpi | policiales | penales
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('archivos_accesos_postulante_idx')
    .on('archivos_accesos')
    .column('postulante_id')
    .execute();
  await db.schema
    .createIndex('archivos_accesos_candidato_idx')
    .on('archivos_accesos')
    .column('usuario_candidato_id')
    .execute();
}
