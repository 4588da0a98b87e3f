#!/usr/bin/env node
// Starts the whole product on the embedded defaults: api (PGlite in ./data, files in
// ./data/files, mail to an embedded catcher with a web inbox unless SMTP_URL is set) and bff
// (serving the built web). `--dev` runs the Vite dev server with hot reload instead of the built
// web; `--no-build` skips codegen and the web build (for a supervisor or a test that has built
// already). Without the development tools (a production install) it runs the compiled bundles.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { clearTimeout } from 'node:timers';
import { startBanner } from './lib/banner.mjs';
import { entryArgs, hasDevTools } from './lib/entry.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const noBuild = process.argv.includes('--no-build');
const env = { ...process.env };
env.API_PORT ??= '4001';
env.PORT ??= '4000';
env.PUBLIC_URL ??= `http://localhost:${env.PORT}`; // links in e-mails follow the port started on
env.API_URL ??= `http://127.0.0.1:${env.API_PORT}`;
env.DATA_DIR ??= path.join(root, 'data');

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Generated code is not committed: codegen, then the web build, each only when its inputs changed
// (scripts/build.mjs). A production install (`npm ci --omit=dev`: no tsx, no Vite) runs the
// compiled api/dist and bff/dist and serves the web/dist it was given.
const devTools = hasDevTools();
if (!noBuild && devTools) run(process.execPath, dev ? ['scripts/codegen.mjs'] : ['scripts/build.mjs', '--web']);
if (!devTools && !existsSync(path.join(root, 'web/dist/index.html'))) {
  console.error(
    '[start] falta web/dist: compile con `npm run build` (necesita las dependencias de desarrollo, npm ci).',
  );
  process.exit(1);
}
const watch = dev ? ['--watch'] : [];
let apiArgs, bffArgs;
try {
  apiArgs = [...watch, ...entryArgs('api', 'index')];
  bffArgs = [...watch, ...entryArgs('bff', 'index')];
} catch (err) {
  console.error(`[start] ${err.message}`);
  process.exit(1);
}

// Supervision: a child that dies (a crash, an out-of-memory kill, `kill -9`) is started again
// after a growing pause (1 s, 2 s, 4 s … at most 30 s; back to 1 s once it has run a minute),
// and the others keep running: meanwhile the BFF answers 'No se pudo contactar al servidor.
// Intenta nuevamente.' Exit code 78 (a configuration mistake) is not retried. Production runs
// the same way under a process manager or containers with restart policies (README).
const EX_CONFIG = 78;
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];
const STABLE_MS = 60_000;
const children = new Map();
let shuttingDown = false;

function supervise(name, args, extraEnv = {}) {
  let failures = 0;
  const launch = () => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
    children.set(name, child);
    console.log(`[start] ${name} en marcha (pid ${child.pid})`);
    child.on('exit', (code, signal) => {
      children.delete(name);
      if (shuttingDown) return;
      if (code === EX_CONFIG) {
        console.error(`[start] ${name}: configuración no válida; corríjala y vuelva a iniciar.`);
        return stop(1);
      }
      if (Date.now() - startedAt >= STABLE_MS) failures = 0;
      const delay = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)];
      failures += 1;
      console.error(
        `[start] ${name} terminó (${signal ?? `código ${code}`}); reinicio ${failures} en ${delay / 1000} s.`,
      );
      setTimeout(() => shuttingDown || launch(), delay).unref();
    });
  };
  launch();
}

async function stop(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  const exits = [...children.values()].map(
    (c) =>
      new Promise((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve() : c.once('exit', resolve))),
  );
  for (const c of children.values()) c.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const c of children.values()) c.kill('SIGKILL');
  }, 5_000);
  await Promise.all(exits);
  clearTimeout(force);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} no respondió a tiempo`);
}

// Without SMTP_URL every e-mail the product sends goes to an embedded catcher (maildev) whose
// web inbox lets a newcomer read them; the outbox worker in the api delivers to it like to any
// SMTP server. It runs in this process, so it lives exactly as long as `npm start`.
let mailInbox = null;
if (!env.SMTP_URL) {
  const smtpPort = Number(env.MAIL_SMTP_PORT ?? 1025);
  const webPort = Number(env.MAIL_INBOX_PORT ?? 1080);
  try {
    const { MailDev } = await import('maildev');
    const catcher = new MailDev({
      smtp: smtpPort,
      web: webPort,
      ip: '127.0.0.1',
      webIp: '127.0.0.1',
      silent: true,
      mailDirectory: path.join(env.DATA_DIR, 'mail'),
    });
    await catcher.start();
    env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
    mailInbox = `http://localhost:${webPort}`;
    env.MAIL_INBOX_URL = mailInbox;
  } catch (err) {
    // A busy port must not stop the product: mail then waits in the outbox until SMTP_URL is set.
    console.error(`[start] no se pudo iniciar el buzón de correo de prueba (${err?.code ?? err?.name ?? err}).`);
  }
}

supervise('api', apiArgs);
await waitFor(`http://127.0.0.1:${env.API_PORT}/healthz`, 120_000);
supervise('bff', bffArgs);
await waitFor(`http://127.0.0.1:${env.PORT}/readyz`, 60_000);
const bffUrl = `http://localhost:${env.PORT}`;
if (dev) {
  supervise('web', [path.join(root, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts', 'web'], {});
}
const probeUrl = `http://127.0.0.1:${env.PORT}`;
console.log(await startBanner({ boardUrl: dev ? 'http://localhost:5173' : bffUrl, bffUrl, probeUrl, dev, mailInbox }));
