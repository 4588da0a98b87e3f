import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { enqueueMail } from '../src/mail/outbox.js';
import { applicationReceived } from '../src/mail/templates.js';
import { freePort, smtpSink, until } from './support/smtp.js';

/**
 * Two api processes (two outbox workers) over one PostgreSQL and a real SMTP server on loopback
 * (issue 9): every queued e-mail is delivered exactly once, and with SMTP down the attempts are
 * recorded and the messages go out once it is back. PGlite is one process's database, so without
 * TEST_DATABASE_URL there is nothing shared to prove this on.
 */
const pgUrl = process.env.TEST_DATABASE_URL?.trim();
const ROOT = path.resolve(import.meta.dirname, '../..');

interface Replica {
  name: string;
  child: ChildProcess;
  lines: string[];
}

const replicas: Replica[] = [];
process.once('exit', () => {
  for (const r of replicas) if (r.child.exitCode === null) r.child.kill('SIGKILL');
});

function startReplica(name: string, env: Record<string, string>): Promise<Replica> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/test/support/outbox-process.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const replica: Replica = { name, child, lines: [] };
  replicas.push(replica);
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`${name}: no arrancó a tiempo`)), 90_000);
    const onData = (d: Buffer) => {
      buffered += d.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        replica.lines.push(line);
        if (line.startsWith('LISTO ')) {
          clearTimeout(timer);
          resolve(replica);
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} terminó (${code}):\n${replica.lines.join('\n').slice(-2000)}`));
    });
  });
}

async function stop(r: Replica): Promise<void> {
  if (r.child.exitCode !== null || r.child.signalCode !== null) return;
  const exited = new Promise<void>((res) => r.child.once('exit', () => res()));
  r.child.kill('SIGTERM');
  const timer = setTimeout(() => r.child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Outbox ids each replica says it delivered (JSON log lines whose msg is 'correo <id>: enviado (intento n)'). */
const deliveredBy = (r: Replica): number[] =>
  r.lines.flatMap((l) => {
    let msg = '';
    try {
      msg = String((JSON.parse(l) as { msg?: unknown }).msg ?? '');
    } catch {
      return [];
    }
    const m = /^correo (\d+): enviado/.exec(msg);
    return m ? [Number(m[1])] : [];
  });

const mail = (n: number) =>
  applicationReceived({
    name: `Réplica ${n}`,
    vacancy: 'Plaza',
    branch: 'Sede',
    date: '2026-11-23',
    registered: false,
    publicUrl: 'http://localhost:4000',
  });

describe.skipIf(!pgUrl)(
  'the outbox with two api processes over one PostgreSQL (skipped without TEST_DATABASE_URL: PGlite is single-process)',
  () => {
    const schema = `outbox_${randomBytes(5).toString('hex')}`;
    let db: Db;
    let smtpPort = 0;
    let sink: Awaited<ReturnType<typeof smtpSink>> | undefined;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const scoped = new URL(pgUrl!);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      db = await createDatabase({ kind: 'postgres', url: scoped.toString() });
      // Migrated once here, so the two processes start on a ready schema at the same time.
      await migrateToLatest(db);
      smtpPort = await freePort();
      sink = await smtpSink(smtpPort);
      const env = {
        DATABASE_URL: scoped.toString(),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        TEST_MAIL_RETRY_MS: '300,300,300,300,300,300,300,300',
        TEST_MAIL_POLL_MS: '50',
      };
      await Promise.all([startReplica('api-1', env), startReplica('api-2', env)]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all(replicas.map(stop));
      await sink?.close();
      await db?.destroy();
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }, 60_000);

    it('delivers each of N queued e-mails exactly once between the two workers', async () => {
      const N = 40;
      const ids: number[] = [];
      for (let i = 0; i < N; i++) ids.push(await enqueueMail(db, mail(i), `lote${i}@example.com`));
      await until(() => sink!.inbox.filter((m) => m.to[0]!.startsWith('lote')).length >= N, 60_000);
      // Room for a duplicate to show up, if the claim let one through.
      await new Promise((r) => setTimeout(r, 500));

      const sent = sink!.inbox.map((m) => m.to[0]!).filter((to) => to.startsWith('lote'));
      expect(sent).toHaveLength(N);
      expect(new Set(sent).size).toBe(N);
      const rows = await db
        .selectFrom('correos_salientes')
        .select(['id', 'estado', 'intentos'])
        .where('id', 'in', ids)
        .execute();
      expect(rows.every((r) => r.estado === 'enviado' && r.intentos === 1)).toBe(true);
      const attempts = await db
        .selectFrom('correos_intentos')
        .select(['correo_id', 'ok'])
        .where('correo_id', 'in', ids)
        .execute();
      expect(attempts).toHaveLength(N);
      expect(attempts.every((a) => a.ok)).toBe(true);
      // Each process's log agrees: both took part, and no id was delivered by both.
      const [a, b] = replicas.map((r) => deliveredBy(r).filter((id) => ids.includes(id)));
      expect(a!.length).toBeGreaterThan(0);
      expect(b!.length).toBeGreaterThan(0);
      expect([...a!, ...b!].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    }, 90_000);

    it('SMTP down then up: the attempts are recorded, and each e-mail is delivered once when it is back', async () => {
      await sink!.close();
      sink = undefined;
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await enqueueMail(db, mail(100 + i), `caida${i}@example.com`));
      // Every message has failed at least once while nothing listens on the SMTP port.
      await until(async () => {
        const failed = await db
          .selectFrom('correos_intentos')
          .select('correo_id')
          .distinct()
          .where('correo_id', 'in', ids)
          .where('ok', '=', false)
          .execute();
        return failed.length === ids.length;
      }, 60_000);
      const waiting = await db
        .selectFrom('correos_salientes')
        .select(['estado', 'ultimo_error'])
        .where('id', 'in', ids)
        .execute();
      for (const r of waiting) {
        expect(['pendiente', 'enviando']).toContain(r.estado);
        expect(r.ultimo_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      }

      sink = await smtpSink(smtpPort);
      await until(async () => {
        const sent = await db
          .selectFrom('correos_salientes')
          .select('id')
          .where('id', 'in', ids)
          .where('estado', '=', 'enviado')
          .execute();
        return sent.length === ids.length;
      }, 60_000);
      await new Promise((r) => setTimeout(r, 500));

      const got = sink.inbox.map((m) => m.to[0]!).filter((to) => to.startsWith('caida'));
      expect(got.sort()).toEqual(ids.map((_, i) => `caida${i}@example.com`).sort());
      const attempts = await db
        .selectFrom('correos_intentos')
        .select(['correo_id', 'intento', 'ok'])
        .where('correo_id', 'in', ids)
        .orderBy('intento')
        .execute();
      const rows = await db.selectFrom('correos_salientes').select(['id', 'intentos']).where('id', 'in', ids).execute();
      for (const id of ids) {
        const mine = attempts.filter((x) => x.correo_id === id);
        expect(mine.length).toBeGreaterThanOrEqual(2);
        expect(mine.filter((x) => x.ok)).toHaveLength(1);
        expect(mine.at(-1)!.ok).toBe(true);
        // Attempt numbers run 1…n without a gap or a repeat: no two workers took the same attempt.
        expect(mine.map((x) => x.intento)).toEqual(mine.map((_, i) => i + 1));
        expect(rows.find((r) => r.id === id)!.intentos).toBe(mine.length);
      }
    }, 120_000);
  },
);
