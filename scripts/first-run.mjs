#!/usr/bin/env node
// The README's first command on this machine's Node, as a newcomer runs it: a fresh clone of the
// checkout in a temporary folder, `npm ci && npm start` on free ports, then the home page, the
// public board (GraphQL), a captcha (sharp), a demo log-in (argon2) and the mail catcher's inbox;
// then stop. .ci/run runs it on the machine's Node while machines ship Node 20 (the suite runs on
// Node 24). Prints the install size and time and the first start's time.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clearTimeout } from 'node:timers';

const root = path.resolve(import.meta.dirname, '..');

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

const seconds = (since) => Math.round((Date.now() - since) / 100) / 10;
const results = [];
function check(label, ok, detail = '') {
  results.push(ok);
  console.log(`  ${ok ? '✓' : '✗'} ${label}${detail ? ` — ${detail}` : ''}`);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'bolsa-first-run-'));
const clone = path.join(tmp, 'clone');
let app;
try {
  console.log(`== first run on Node ${process.versions.node}: git clone, npm ci, npm start (${clone})`);
  const cloned = spawnSync('git', ['clone', '--quiet', root, clone], { stdio: 'inherit' });
  if (cloned.status !== 0) throw new Error('git clone falló');

  let t = Date.now();
  const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: clone, stdio: 'inherit' });
  if (ci.status !== 0) throw new Error(`npm ci falló (código ${ci.status})`);
  const du = spawnSync('du', ['-sm', path.join(clone, 'node_modules')])
    .stdout.toString()
    .split('\t')[0];
  const installs = spawnSync('npm', ['ls', '--all', '--parseable'], { cwd: clone }).stdout.toString().split('\n');
  console.log(`== npm ci: ${seconds(t)} s, node_modules ${du} MB, ${new Set(installs.filter(Boolean)).size} packages`);

  const [port, apiPort, smtpPort, inboxPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const env = {
    ...process.env,
    PORT: String(port),
    API_PORT: String(apiPort),
    MAIL_SMTP_PORT: String(smtpPort),
    MAIL_INBOX_PORT: String(inboxPort),
  };
  for (const v of ['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'DATA_DIR', 'SERVICE_TOKEN', 'SESSION_SECRET'])
    delete env[v];
  t = Date.now();
  // Its own process group, so that stopping it stops npm, start.mjs, the api and the bff together.
  app = spawn('npm', ['start'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  app.stdout.on('data', (d) => (output += d));
  app.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 600_000;
  while (!output.includes('Bolsa de Trabajo lista')) {
    if (app.exitCode !== null) throw new Error(`npm start terminó (código ${app.exitCode}):\n${output}`);
    if (Date.now() > until) throw new Error(`npm start no estuvo listo en 10 minutos:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`== first npm start ready in ${seconds(t)} s`);

  const home = await fetch(`${base}/`);
  check('GET / answers the home page', home.status === 200 && (await home.text()).includes('<div id="root"'));
  const gql = async (query, variables) =>
    (
      await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      })
    ).json();
  const board = await gql('{ vacancies(pageSize: 3) { totalCount items { name } } }');
  const total = board?.data?.vacancies?.totalCount ?? 0;
  check('the public board lists the demo vacancies (GraphQL)', total > 0, `${total} vacantes`);
  const captcha = await gql('mutation { newCaptcha { image } }');
  check('a captcha image (sharp)', /^data:image\/png;base64,/.test(captcha?.data?.newCaptcha?.image ?? ''));
  const login = await gql(
    'mutation ($u: String!, $p: String!) { staffLogin(username: $u, password: $p) { viewer { role } } }',
    { u: 'admin@ejemplo.org.gt', p: 'Demo2026!' },
  );
  check('the demo administrator logs in (argon2)', login?.data?.staffLogin?.viewer?.role === 'ADMIN');
  // MailDev's web inbox answers its page to a browser (Accept: text/html).
  const inbox = await fetch(`http://127.0.0.1:${inboxPort}/`, { headers: { accept: 'text/html' } }).catch(() => null);
  check(
    'npm start prints the mail catcher’s inbox and it answers',
    output.includes(`http://localhost:${inboxPort}`) && inbox?.status === 200,
  );
} catch (err) {
  check('first run', false, err instanceof Error ? err.message : String(err));
} finally {
  if (app) {
    const group = (signal) => {
      try {
        process.kill(-app.pid, signal);
      } catch {
        // the group has already gone
      }
    };
    const exited = app.exitCode === null ? new Promise((r) => app.once('exit', r)) : Promise.resolve();
    group('SIGTERM');
    const force = setTimeout(() => group('SIGKILL'), 15_000);
    await exited;
    clearTimeout(force);
    group('SIGKILL'); // anything of that group still left (npm exits before its children)
  }
  rmSync(tmp, { recursive: true, force: true });
}
const failed = results.filter((ok) => !ok).length;
console.log(`first-run: ${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
