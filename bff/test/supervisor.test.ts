import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm start` (scripts/start.mjs) keeps the product up when one of its processes dies. */

const root = path.resolve(import.meta.dirname, '../..');
let supervisor: ChildProcess | null = null;
let dataDir = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, fn: () => Promise<T | null | undefined> | T | null | undefined, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const v = await fn();
      if (v) return v;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const ok = async (url: string) => (await fetch(url)).ok;

afterAll(async () => {
  if (supervisor && supervisor.exitCode === null) {
    supervisor.kill('SIGTERM');
    await new Promise((r) => supervisor!.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start supervises api and bff', () => {
  it('restarts the api after kill -9, the BFF meanwhile answers the Spanish unavailable message', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bolsa-start-'));
    const [apiPort, bffPort] = [await freePort(), await freePort()];
    let log = '';
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const k of ['SESSION_SECRET', 'SERVICE_TOKEN', 'DATABASE_URL', 'VITEST', 'VITEST_WORKER_ID']) delete env[k];
    supervisor = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        API_PORT: String(apiPort),
        PORT: String(bffPort),
        API_URL: `http://127.0.0.1:${apiPort}`,
        WEB_DIST: path.join(dataDir, 'no-web'),
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    supervisor.stdout!.on('data', (d) => (log += String(d)));
    supervisor.stderr!.on('data', (d) => (log += String(d)));
    const api = `http://127.0.0.1:${apiPort}`;
    const bff = `http://127.0.0.1:${bffPort}`;
    // A fresh PGlite runs initdb first: slow on a loaded 2-core machine. Say what start printed.
    await until('the bff', () => ok(`${bff}/readyz`), 150_000).catch((err: Error) => {
      throw new Error(`${err.message}; start printed:\n${log.slice(-2000)}`);
    });
    const firstPid = Number(/\[start\] api en marcha \(pid (\d+)\)/.exec(log)![1]);
    // Links in e-mails follow the port the product was started on (issue 20), not a fixed 4000.
    if (process.platform === 'linux') {
      const apiEnv = readFileSync(`/proc/${firstPid}/environ`, 'utf8').split('\0');
      expect(apiEnv).toContain(`PUBLIC_URL=http://localhost:${bffPort}`);
    }

    process.kill(firstPid, 'SIGKILL');
    const query = async () => {
      const res = await fetch(`${bff}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ branches { id } }' }),
      });
      return (await res.json()) as { data?: unknown; errors?: { message: string; extensions: { code: string } }[] };
    };
    const down = await until('the BFF to notice', async () => {
      const body = await query();
      return body.errors ? body : null;
    });
    expect(down.errors![0]).toMatchObject({
      message: 'No se pudo contactar al servidor. Intenta nuevamente.',
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });

    await until('the restarted api', () => ok(`${api}/healthz`), 60_000);
    expect(log).toMatch(/\[start\] api terminó \(SIGKILL\); reinicio 1 en 1 s\./);
    const pids = [...log.matchAll(/\[start\] api en marcha \(pid (\d+)\)/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(2);
    expect(pids[1]).not.toBe(firstPid);
    // The BFF was never restarted, and works again through the new api.
    expect(log.match(/\[start\] bff en marcha/g)).toHaveLength(1);
    const back = await until('data through the new api', async () => {
      const body = await query();
      return body.data ? body : null;
    });
    expect(back.errors).toBeUndefined();

    supervisor.kill('SIGTERM');
    const code = await new Promise((r) => supervisor!.once('exit', r));
    expect(code).toBe(0);
    await expect(ok(`${bff}/healthz`)).rejects.toThrow();
    await expect(ok(`${api}/healthz`)).rejects.toThrow();
  }, 240_000);
});
