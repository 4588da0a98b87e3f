import { sql, type Kysely } from 'kysely';

// Issue 12: document-update requests (spec 3 §2.6). The signed link's token is never stored, only
// its SHA-256; the row is bound to the candidate's user account, expires after 7 days and is
// spent once (cumplida_en). The rows are also the candidate's timeline of requests.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('solicitudes_documentos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('postulante_id', 'integer', (c) => c.notNull().references('postulantes.id').onDelete('cascade'))
    .addColumn('usuario_candidato_id', 'integer', (c) =>
      c.notNull().references('usuarios_candidatos.id').onDelete('cascade'),
    )
    .addColumn('documentos_json', 'jsonb', (c) => c.notNull())
    .addColumn('comentario', 'text', (c) => c.notNull())
    .addColumn('solicitado_por', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .addColumn('solicitado_en', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expira_en', 'timestamptz', (c) => c.notNull())
    .addColumn('cumplida_en', 'timestamptz')
    .execute();
  await sql`create index solicitudes_documentos_postulante_idx on solicitudes_documentos (postulante_id, solicitado_en)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('solicitudes_documentos').ifExists().execute();
}
