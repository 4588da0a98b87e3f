import { sql, type Kysely } from 'kysely';

// Issue 23: tags staff define (name, colour) and put on candidates. `clave` is the folded name
// (domain tagKey: accents, case and spacing ignored), unique. The join table's primary key
// (postulante_id, etiqueta_id) serves a candidate's tags and the erasure; the reverse index
// (etiqueta_id, postulante_id) serves the lists' tag filter and the counts per tag.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('etiquetas')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('clave', 'text', (c) => c.notNull().unique())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('creado_por', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .addColumn('creado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('postulante_etiquetas')
    .addColumn('postulante_id', 'integer', (c) => c.notNull().references('postulantes.id').onDelete('cascade'))
    .addColumn('etiqueta_id', 'integer', (c) => c.notNull().references('etiquetas.id').onDelete('cascade'))
    .addColumn('asignada_por', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .addColumn('asignada_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('postulante_etiquetas_pk', ['postulante_id', 'etiqueta_id'])
    .execute();
  await sql`create index postulante_etiquetas_etiqueta_idx on postulante_etiquetas (etiqueta_id, postulante_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('postulante_etiquetas').ifExists().execute();
  await db.schema.dropTable('etiquetas').ifExists().execute();
}
