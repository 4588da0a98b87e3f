import { sql, type Kysely } from 'kysely';

// Issue 23: the recruiters' notes on a candidate (an application). Staff only: no candidate-side
// route reads this table. A note goes with its application (on delete cascade) and is deleted
// when the candidate erases their data (profiles' eraseAccount); its author may be deleted later
// (set null: the note stays, unattributed).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('postulante_notas')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('postulante_id', 'integer', (c) => c.notNull().references('postulantes.id').onDelete('cascade'))
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .addColumn('texto', 'text', (c) => c.notNull())
    .addColumn('creado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('editado_en', 'timestamptz')
    .execute();
  await sql`create index postulante_notas_postulante_idx on postulante_notas (postulante_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('postulante_notas').ifExists().execute();
}
