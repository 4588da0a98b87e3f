import { sql, type Kysely } from 'kysely';

// The calendar event an interview's invitation created (issue 20): scheduling again for the same
// application updates that event (same UID, higher SEQUENCE, RFC 5546 §3.2.2) instead of leaving
// the first one in the candidate's and participants' calendars. Rows from before this have no
// UID: the next invitation for them starts a new event.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table entrevistas add column calendario_uid text`.execute(db);
  await sql`alter table entrevistas add column calendario_secuencia integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table entrevistas drop column calendario_secuencia`.execute(db);
  await sql`alter table entrevistas drop column calendario_uid`.execute(db);
}
