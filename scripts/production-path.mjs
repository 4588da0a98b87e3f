#!/usr/bin/env node
// The production path, tested without Docker (no image can be pulled on our machines): the image's
// own steps — build, assemble the runtime folder with production dependencies only — then the
// api and the BFF started from it with plain `node`, NODE_ENV=production and the required
// secrets, and probed as an operator would. `npm run test:production`; `.ci/run` runs it.
//
// Database: PostgreSQL when DATABASE_URL (or TEST_DATABASE_URL) is set — in a schema of its own,
// dropped at the end — else PGlite in the temporary data folder. SESSION_SECRET and SERVICE_TOKEN
// come from the environment when set, else random for this run. KEEP_RUNTIME=1 keeps the folder.
/* global AbortSignal */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clearTimeout } from 'node:timers';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The commands that make the runtime, `{runtime}` being its folder. The Dockerfile's build stage
 * RUNs exactly these (scripts/test/production-path.test.ts fails when the two differ).
 */
export const IMAGE_STEPS = ['node scripts/build.mjs', 'node scripts/runtime.mjs {runtime}'];

const DEMO_LOGINS = ['admin@ejemplo.org.gt', 'gestor@ejemplo.org.gt', 'visualizador@ejemplo.org.gt'];
const DEMO_PASSWORD = 'Demo2026!';

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function sh(command, cwd, extraEnv = {}) {
  const [cmd, ...args] = command.split(' ');
  const r = spawnSync(cmd === 'node' ? process.execPath : cmd, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  if (r.status !== 0) throw new Error(`${command} falló (código ${r.status})`);
}

/** A started process whose output lines are kept for the log checks. */
function start(name, args, cwd, env) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (d) => {
      const parts = (rest + d.toString()).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
    });
  }
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { name, child, lines, exited };
}

async function waitFor(url, proc, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} terminó al iniciar:\n${proc.lines.join('\n')}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} no respondió en ${timeoutMs / 1000} s:\n${proc.lines.join('\n')}`);
}

async function stop(proc) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.exited;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  const result = await proc.exited;
  clearTimeout(timer);
  return result;
}

/**
 * A GraphQL request as a browser sends it. `query` is free text, or `{ registered: 'Name' }`: one of
 * the web's operations by its hash alone (trusted documents: in production a browser runs only
 * those; the manifest ships as bff/dist/persisted-documents.json).
 */
async function graphql(url, query, { cookie, variables } = {}) {
  const request =
    typeof query === 'string'
      ? { query, variables }
      : { variables, extensions: { persistedQuery: { version: 1, sha256Hash: registeredHash(query.registered) } } };
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
    body: JSON.stringify(request),
  });
  const body = await res.json().catch(() => null);
  return { res, body };
}

/** The runtime folder being checked (its manifest names the web's operations). */
let runtimeDir = '';
function registeredHash(name) {
  const manifest = JSON.parse(readFileSync(path.join(runtimeDir, 'bff/dist/persisted-documents.json'), 'utf8'));
  const found = Object.entries(manifest).find(([, text]) => new RegExp(`(query|mutation) ${name}\\b`).test(text));
  if (!found) throw new Error(`${name}: no es una operación registrada de la web`);
  return found[0];
}

const isHtml = (res) => (res.headers.get('content-type') ?? '').includes('text/html');

/** Request ids of the JSON lines of a log (pino's reqId, req.id, or a requestId field). */
function requestIds(lines) {
  const ids = new Set();
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    try {
      const o = JSON.parse(line);
      const id = o.reqId ?? o.requestId ?? o.req?.id ?? o['x-request-id'];
      if (typeof id === 'string' && id) ids.add(id);
    } catch {
      // not JSON
    }
  }
  return ids;
}

async function databaseFor(dataDir) {
  const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) return { env: {}, label: `PGlite en ${dataDir}`, drop: async () => {} };
  const schema = `production_path_${randomBytes(4).toString('hex')}`;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: scoped.toString() },
    label: `PostgreSQL (${new URL(url).host}, esquema ${schema})`,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

function duMegabytes(dir) {
  const r = spawnSync('du', ['-sk', dir]);
  return r.status === 0 ? Math.round(Number(r.stdout.toString().split('\t')[0]) / 1024) : NaN;
}

export async function productionPath() {
  const started = Date.now();
  const results = [];
  const check = async (label, fn) => {
    try {
      const detail = await fn();
      results.push({ label, ok: true });
      console.log(`  ✓ ${label}${detail ? ` — ${detail}` : ''}`);
    } catch (err) {
      results.push({ label, ok: false });
      console.log(`  ✗ ${label} — ${err instanceof Error ? err.message : err}`);
    }
  };
  const expect = (cond, message) => {
    if (!cond) throw new Error(message);
  };

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bolsa-production-'));
  const runtime = path.join(tmp, 'app');
  runtimeDir = runtime;
  const procs = [];
  let db;
  try {
    console.log('== production path: the image steps');
    for (const step of IMAGE_STEPS) sh(step.replace('{runtime}', runtime), root);
    const built = Date.now();
    const modulesMb = duMegabytes(path.join(runtime, 'node_modules'));
    console.log(`== runtime node_modules: ${modulesMb} MB; build + install ${Math.round((built - started) / 1000)} s`);

    const dataDir = path.join(tmp, 'data');
    db = await databaseFor(dataDir);
    const secrets = {
      SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(48).toString('base64'),
      SERVICE_TOKEN: process.env.SERVICE_TOKEN || randomBytes(32).toString('hex'),
    };
    const admin = { email: 'rrhh.admin@ejemplo.org.gt', password: `Clave-${randomBytes(9).toString('base64url')}` };
    // Only what production sets: no inherited NODE_OPTIONS, tsx loaders or test variables.
    const base = { PATH: process.env.PATH, HOME: process.env.HOME ?? tmp, NODE_ENV: 'production', ...db.env };
    const [apiPort, bffPort, bff2Port, apiMetrics, bffMetrics, bff2Metrics] = await Promise.all(
      Array.from({ length: 6 }, freePort),
    );

    console.log(`== ${db.label}; first administrator (npm run create-admin, password on stdin)`);
    const created = spawnSync('npm', ['run', 'create-admin', '--silent'], {
      cwd: runtime,
      input: `${admin.password}\n`,
      env: {
        ...base,
        DATA_DIR: path.join(dataDir, 'api'),
        ADMIN_EMAIL: admin.email,
        ADMIN_NAME: 'Administración RRHH',
      },
    });
    const createdOut = `${created.stdout}${created.stderr}`;

    const apiEnv = {
      ...base,
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      DATA_DIR: path.join(dataDir, 'api'),
      SERVICE_TOKEN: secrets.SERVICE_TOKEN,
      API_METRICS_PORT: String(apiMetrics),
    };
    const api = start('api', ['--enable-source-maps', 'api/dist/index.js'], runtime, apiEnv);
    procs.push(api);
    await waitFor(`http://127.0.0.1:${apiPort}/healthz`, api);
    const bffEnv = {
      ...base,
      HOST: '127.0.0.1',
      API_URL: `http://127.0.0.1:${apiPort}`,
      SERVICE_TOKEN: secrets.SERVICE_TOKEN,
      SESSION_SECRET: secrets.SESSION_SECRET,
      // The probes speak plain HTTP on loopback.
      COOKIE_SECURE: 'false',
    };
    const bff = start('bff', ['--enable-source-maps', 'bff/dist/index.js'], runtime, {
      ...bffEnv,
      PORT: String(bffPort),
      DATA_DIR: path.join(dataDir, 'bff'),
      METRICS_PORT: String(bffMetrics),
      BFF_METRICS_PORT: String(bffMetrics),
    });
    // A second BFF as an operator who turned GraphiQL and introspection on would run it.
    const bffOpen = start(
      'bff (GRAPHIQL=true INTROSPECTION=true)',
      ['--enable-source-maps', 'bff/dist/index.js'],
      runtime,
      {
        ...bffEnv,
        PORT: String(bff2Port),
        DATA_DIR: path.join(dataDir, 'bff2'),
        METRICS_PORT: String(bff2Metrics),
        BFF_METRICS_PORT: String(bff2Metrics),
        GRAPHIQL: 'true',
        INTROSPECTION: 'true',
      },
    );
    procs.push(bff, bffOpen);
    await Promise.all([
      waitFor(`http://127.0.0.1:${bffPort}/readyz`, bff),
      waitFor(`http://127.0.0.1:${bff2Port}/readyz`, bffOpen),
    ]);
    const startedIn = Math.round((Date.now() - built) / 1000);
    const url = `http://127.0.0.1:${bffPort}`;
    const openUrl = `http://127.0.0.1:${bff2Port}`;
    console.log(
      `== probes (api :${apiPort}, bff :${bffPort}, bff with GraphiQL :${bff2Port}; started in ${startedIn} s)`,
    );

    await check('runtime has production dependencies only (no tsx, vite, vitest, maildev, typescript)', async () => {
      const { existsSync } = await import('node:fs');
      const dev = ['tsx', 'vite', 'vitest', 'maildev', 'typescript', 'lighthouse', 'esbuild'].filter((p) =>
        existsSync(path.join(runtime, 'node_modules', p)),
      );
      expect(dev.length === 0, `instalados: ${dev.join(', ')}`);
      // Issue 21: the runtime's node_modules at most 150 MB.
      expect(modulesMb <= 150, `node_modules ocupa ${modulesMb} MB (límite 150 MB)`);
      return `${modulesMb} MB`;
    });
    await check(
      'the CV reader’s thread loads from the runtime (api/dist/cv-text/pdf-text.thread.js) and answers',
      async () => {
        const code = `import { Worker } from 'node:worker_threads';
        const w = new Worker(new URL('./api/dist/cv-text/pdf-text.thread.js', ${JSON.stringify(pathToFileURL(runtime + '/').href)}), { execArgv: [] });
        w.on('message', (m) => { console.log(JSON.stringify(m)); process.exit(0); });
        w.on('error', (e) => { console.error(e.code ?? e.name); process.exit(1); });
        w.postMessage({ id: 7, data: new TextEncoder().encode('%PDF-1.4 roto'), limits: { maxPages: 1, maxChars: 100, timeLimitMs: 1000 } });`;
        const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
          cwd: runtime,
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(r.status === 0 && r.stdout.includes('"id":7'), `código ${r.status}: ${r.stdout} ${r.stderr}`);
      },
    );
    await check('liveness: api /healthz and bff /livez answer 200 (not the SPA)', async () => {
      for (const u of [`http://127.0.0.1:${apiPort}/healthz`, `${url}/livez`]) {
        const res = await fetch(u);
        expect(res.status === 200 && !isHtml(res), `${u} → ${res.status} ${res.headers.get('content-type')}`);
      }
    });
    await check('readiness: api /internal/readyz and bff /readyz answer 200', async () => {
      for (const u of [`http://127.0.0.1:${apiPort}/internal/readyz`, `${url}/readyz`]) {
        const res = await fetch(u);
        expect(res.status === 200 && !isHtml(res), `${u} → ${res.status}`);
      }
    });
    await check('the public board answers (GraphQL) and holds no demo vacancies', async () => {
      const { res, body } = await graphql(url, { registered: 'BoardVacancies' }, { variables: { pageSize: 3 } });
      expect(res.status === 200 && body?.data?.vacancies, `${res.status} ${JSON.stringify(body)}`);
      expect(body.data.vacancies.totalCount === 0, `${body.data.vacancies.totalCount} vacantes (¿datos demo?)`);
      const home = await fetch(`${url}/`);
      expect(home.status === 200 && isHtml(home), `/ → ${home.status}`);
    });
    await check('npm run create-admin created the first administrator', async () => {
      expect(created.status === 0, `código ${created.status}: ${createdOut}`);
      expect(!createdOut.includes(admin.password), 'la contraseña apareció en la salida');
    });
    let cookie;
    await check('staff log-in of that administrator, and the session knows the role', async () => {
      const { res, body } = await graphql(
        url,
        { registered: 'StaffLogin' },
        { variables: { username: admin.email, password: admin.password } },
      );
      expect(body?.data?.staffLogin?.viewer?.role === 'ADMIN', JSON.stringify(body));
      cookie = (res.headers.getSetCookie?.() ?? [])
        .map((c) => c.split(';')[0])
        .filter(Boolean)
        .join('; ');
      expect(cookie, 'sin cookie de sesión');
      const me = await graphql(url, { registered: 'Me' }, { cookie });
      expect(me.body?.data?.me?.role === 'ADMIN', JSON.stringify(me.body));
    });
    await check('demo log-ins are refused (no demo accounts in production)', async () => {
      for (const u of DEMO_LOGINS) {
        const { body } = await graphql(
          url,
          { registered: 'StaffLogin' },
          { variables: { username: u, password: DEMO_PASSWORD } },
        );
        expect(!body?.data?.staffLogin?.viewer, `${u} inició sesión`);
      }
    });
    await check('GraphiQL and introspection are off by default', async () => {
      const page = await fetch(`${url}/graphiql`);
      expect(page.status === 404, `/graphiql → ${page.status}`);
      const { body } = await graphql(url, '{ __schema { queryType { name } } }');
      expect(!body?.data?.__schema, 'la introspección respondió');
    });
    await check('GraphiQL and introspection on when configured (GRAPHIQL=true INTROSPECTION=true)', async () => {
      const page = await fetch(`${openUrl}/graphiql`);
      expect(page.status === 200 && isHtml(page), `/graphiql → ${page.status}`);
      const login = await graphql(
        openUrl,
        { registered: 'StaffLogin' },
        { variables: { username: admin.email, password: admin.password } },
      );
      const staffCookie = (login.res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
      const { body } = await graphql(openUrl, '{ __schema { queryType { name } } }', { cookie: staffCookie });
      expect(body?.data?.__schema?.queryType?.name === 'Query', JSON.stringify(body));
    });
    await check('a browser runs only registered operations: free text is refused (trusted documents)', async () => {
      const { res, body } = await graphql(url, '{ vacancies(pageSize: 1) { totalCount } }');
      const code = body?.errors?.[0]?.extensions?.code;
      expect(
        res.status === 400 && code === 'OPERATION_NOT_REGISTERED' && !body.data,
        `${res.status} ${JSON.stringify(body)}`,
      );
    });
    await check('/metrics is not on the public port (a real 404, not the SPA)', async () => {
      const res = await fetch(`${url}/metrics`);
      expect(res.status === 404 && !isHtml(res), `/metrics → ${res.status} ${res.headers.get('content-type')}`);
    });
    await check('metrics answer on their own loopback port (API_METRICS_PORT, METRICS_PORT)', async () => {
      const bad = [];
      for (const [name, port] of [
        ['api', apiMetrics],
        ['bff', bffMetrics],
      ]) {
        const res = await fetch(`http://127.0.0.1:${port}/metrics`).catch(() => null);
        const text = res ? await res.text() : '';
        if (!(res?.status === 200 && text.includes('# HELP')))
          bad.push(`${name} :${port} → ${res?.status ?? 'sin respuesta'}`);
      }
      expect(bad.length === 0, bad.join(', '));
    });
    await check('JSON log lines carry a request id from the BFF to the api, and no personal data', async () => {
      await graphql(url, { registered: 'BoardVacancies' }, { variables: { pageSize: 1 } });
      await new Promise((r) => setTimeout(r, 300));
      const shared = [...requestIds(bff.lines)].filter((id) => requestIds(api.lines).has(id));
      expect(shared.length > 0, `ids bff ${requestIds(bff.lines).size}, api ${requestIds(api.lines).size}, comunes 0`);
      const all = [...api.lines, ...bff.lines, ...bffOpen.lines].join('\n');
      for (const secret of [admin.email, admin.password, secrets.SESSION_SECRET, secrets.SERVICE_TOKEN]) {
        expect(!all.includes(secret), 'un dato personal o secreto apareció en el log');
      }
      return `${shared.length} ids en ambos`;
    });
    await check('SIGTERM: api and bff exit 0', async () => {
      const exits = await Promise.all(procs.map(stop));
      const bad = exits.map((e, i) => [procs[i].name, e]).filter(([, e]) => e.code !== 0);
      expect(bad.length === 0, bad.map(([n, e]) => `${n}: ${e.code ?? e.signal}`).join(', '));
    });
  } finally {
    await Promise.all(procs.map(stop));
    await db?.drop().catch((err) => console.error(`no se pudo borrar el esquema: ${err.message}`));
    if (process.env.KEEP_RUNTIME) console.log(`(runtime kept in ${runtime})`);
    else rmSync(tmp, { recursive: true, force: true });
  }
  const failed = results.filter((r) => !r.ok).length;
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`== production path in ${seconds} s`);
  console.log(`production-path: ${results.length - failed} passed, ${failed} failed`);
  return failed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.exitCode = (await productionPath()) ? 1 : 0;
  } catch (err) {
    console.error(`[production-path] ${err instanceof Error ? err.message : err}`);
    process.exitCode = 1;
  }
}
