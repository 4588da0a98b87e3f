import { sql, type Kysely } from 'kysely';

// Issue 24, item 4: interview scorecards. One card per (interview, staff user): the ratings as JSON
// ([{ criterio, puntaje }]), the recommendation and comments. A vacancy may name its own criteria
// (plazas.criterios_evaluacion_json; empty: the domain's default set). The reminders table records
// each reminder e-mail queued, its primary key making it once per (interview, user) across replicas.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('entrevista_evaluaciones')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('entrevista_id', 'integer', (c) => c.notNull().references('entrevistas.id').onDelete('cascade'))
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    // The author's name when last saved: a deleted user's card stays attributed.
    .addColumn('usuario_nombre', 'text')
    .addColumn('calificaciones_json', 'jsonb', (c) => c.notNull())
    .addColumn('recomendacion', 'text', (c) =>
      c.notNull().check(sql`recomendacion in ('CONTRATAR', 'NO_CONTRATAR', 'DUDOSO')`),
    )
    .addColumn('comentarios', 'text')
    .addColumn('creado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('editado_en', 'timestamptz')
    .execute();
  await sql`create unique index entrevista_evaluaciones_autor_uq on entrevista_evaluaciones (entrevista_id, usuario_id)`.execute(
    db,
  );
  await db.schema
    .createTable('entrevista_recordatorios')
    .addColumn('entrevista_id', 'integer', (c) => c.notNull().references('entrevistas.id').onDelete('cascade'))
    .addColumn('usuario_id', 'integer', (c) => c.notNull().references('usuarios.id').onDelete('cascade'))
    .addColumn('enviado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('entrevista_recordatorios_pk', ['entrevista_id', 'usuario_id'])
    .execute();
  await sql`alter table plazas add column criterios_evaluacion_json jsonb not null default '[]'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table plazas drop column if exists criterios_evaluacion_json`.execute(db);
  await db.schema.dropTable('entrevista_recordatorios').ifExists().execute();
  await db.schema.dropTable('entrevista_evaluaciones').ifExists().execute();
}
