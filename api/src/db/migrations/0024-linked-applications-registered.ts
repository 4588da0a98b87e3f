import { sql, type Kysely } from 'kysely';

// Issue 20: a guest application linked to the account its sender opened is a registered
// candidate's application (staff may ask for updated documents, spec 3 §2.2). Registration now
// marks it so when it links; this marks the ones linked before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update postulantes set es_registrado = true where usuario_candidato_id is not null and not es_registrado`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  // Nothing to undo: which rows were linked before this migration is not recorded.
}
