import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.js';

const pgUrl = process.env.TEST_DATABASE_URL?.trim();

/**
 * pg emits 'error' on a client whose server goes away while no statement is in flight. The pool
 * listens only while a client is idle, so a client checked out between two statements (inside a
 * transaction, the outbox worker's claim) had no listener, and the process died of an unhandled
 * 'error' event ('Connection terminated unexpectedly', seen in the PostgreSQL outage test).
 */
describe.skipIf(!pgUrl)('a PostgreSQL connection lost inside a transaction', () => {
  it('fails that transaction and is reported, never an unhandled error event', async () => {
    const reported: Error[] = [];
    const db = await createDatabase({ kind: 'postgres', url: pgUrl! }, { onPoolError: (err) => reported.push(err) });
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      const run = db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        // The server's goodbye arrives while this client holds no statement.
        await new Promise((r) => setTimeout(r, 500));
        await sql`select 1`.execute(trx);
      });
      await expect(run).rejects.toThrow();
      expect(reported.length).toBeGreaterThan(0);
      // The pool dropped the dead client: the next statement gets a fresh connection.
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
      await admin.end();
    }
  }, 30_000);
});
