import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.js';
import { runNode } from './support/processes.js';

/**
 * PGlite lets a second process open a data folder another has open, and each then writes back its
 * own copy (rows vanish): the api, `npm run migrate`, `backup` and `restore` claim the folder first.
 */
describe('a PGlite data folder is open in one process at a time', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  const dataDir = async () => {
    const d = await mkdtemp(path.join(os.tmpdir(), 'bolsa-pglite-'));
    dirs.push(d);
    return d;
  };

  it('refuses a second opening while the first is open, in this process and in another; free again once closed', async () => {
    const dir = await dataDir();
    const target = { kind: 'pglite-dir', dir: path.join(dir, 'pglite') } as const;
    const db = await createDatabase(target);
    try {
      await sql`select 1`.execute(db);
      await expect(createDatabase(target)).rejects.toThrow(
        new RegExp(`está abierta por el proceso ${process.pid} .*Si no hay ninguno, borre .*pglite\\.lock`),
      );
      const other = await runNode('api/src/cli/migrate.ts', ['--status'], { NODE_ENV: 'test', DATA_DIR: dir });
      expect(other.code).toBe(1);
      expect(other.output).toContain(`está abierta por el proceso ${process.pid}`);
    } finally {
      await db.destroy();
    }
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
    const again = await createDatabase(target);
    await again.destroy();
  }, 120_000);

  it('takes over a claim left by a process that died on this machine', async () => {
    const dir = await dataDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    await writeFile(path.join(dir, 'pglite.lock'), JSON.stringify({ pid: Number(dead), host: os.hostname() }));
    const db = await createDatabase({ kind: 'pglite-dir', dir: path.join(dir, 'pglite') });
    await db.destroy();
  }, 60_000);

  it('takes over a claim with its own pid that it did not make (a restarted container runs as pid 1 again)', async () => {
    const dir = await dataDir();
    await writeFile(path.join(dir, 'pglite.lock'), JSON.stringify({ pid: process.pid, host: os.hostname() }));
    const db = await createDatabase({ kind: 'pglite-dir', dir: path.join(dir, 'pglite') });
    await db.destroy();
  }, 60_000);

  it('does not take over a claim from another machine (a shared volume)', async () => {
    const dir = await dataDir();
    await writeFile(path.join(dir, 'pglite.lock'), JSON.stringify({ pid: 1, host: 'otra-maquina' }));
    await expect(createDatabase({ kind: 'pglite-dir', dir: path.join(dir, 'pglite') })).rejects.toThrow(
      'está abierta por el proceso 1 en otra-maquina',
    );
  });
});
