// The web's weight and speed as a visitor's phone sees them: builds web/dist, starts the real api
// and BFF (production mode, own processes, loopback), then for each public route prints the
// JavaScript a first visit downloads (gzip) and Lighthouse's mobile scores: every run, then the
// median of the runs (issue 22: median of 5 ≥ 95 and TBT ≤ 200 ms on each page).
//
//   npm run bench:web                   # build, measure, Lighthouse (5 runs per page)
//   BENCH_WEB_BUILD=false npm run bench:web   # reuse web/dist
//   BENCH_WEB_LIGHTHOUSE=false npm run bench:web
//   BENCH_WEB_RUNS=3 BENCH_WEB_PORT=45000 npm run bench:web   # BFF on 45000, api on 45001
//   BENCH_WEB_ROUTES=/,/vacantes/{id}/postular npm run bench:web   # {id}: an open demo vacancy
//   BENCH_WEB_BEFORE_DIST=/tmp/old/web/dist npm run bench:web   # another build side by side (see below)
//   BENCH_WEB_TRACE=9 BENCH_WEB_LIGHTHOUSE=false npm run bench:web   # the browser's own trace (below)
//
// BENCH_WEB_BEFORE_DIST: a second BFF on the same api serves that build (say, the previous commit's
// web/dist) on BENCH_WEB_PORT + 2; each route is measured on both, runs alternating, so that the two
// see the same load.
//
// Lighthouse simulates a mid-range phone by throttling this machine's CPU, so its numbers depend on
// the machine and on what else runs on it: each run prints Lighthouse's CPU benchmark index
// (`environment.benchmarkIndex`, higher is faster) and the load average, to compare runs made on
// different machines or under different load.
//
// BENCH_WEB_TRACE=n: also n loads per build in Chromium with the CPU really slowed 4× (360 px), each
// printing the blocking time of its own trace: every main-thread task after the first contentful
// paint counts its time over 50 ms, until the page has been quiet for 3 s after the network. It is
// not Lighthouse's figure (Lighthouse runs the page at full speed and simulates the slow phone),
// but a load takes seconds instead of half a minute, so more of them fit in a side-by-side run:
// on this VM, whose speed changes by 2× within minutes, medians of many runs are what tells.
//
// BENCH_WEB_TYPING=n: n sessions per build, alternating, each typing a name at 4× CPU (360 px)
// into a field of the two forms a visitor types most in, the application form of a shared link
// ('Nombre completo') and a demo candidate's profile ('Observaciones'), reading the browser's Event
// Timing: how long each key took from the key press to its letter on screen (the interaction's
// duration, as INP counts it; Chromium reports those of 16 ms and more, so a key under that counts
// as 16). It prints each session's median and slowest key, and the medians' ratio between the
// builds. With BENCH_WEB_LIGHTHOUSE=false and BENCH_WEB_ROUTES=/ it measures little else.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const bffPort = Number(process.env.BENCH_WEB_PORT ?? 14_100);
const apiPort = bffPort + 1;
const routeTemplates = (process.env.BENCH_WEB_ROUTES ?? '/,/vacantes,/vacantes/{id}/postular').split(',');
const runs = Number(process.env.BENCH_WEB_RUNS ?? 5);
/** The first-visit JavaScript budget of / and /vacantes (docs/decisions/2026-11-26-home-page-javascript-floor.md). */
const JS_BUDGET_KB = 210;
const GOAL = { performance: 95, tbtMs: 200 };
const dataDir = mkdtempSync(path.join(tmpdir(), 'bolsa-bench-web-'));
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

function start(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'true', API_LOG: 'false', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

interface Weight {
  files: number;
  gzipBytes: number;
}

/** Runs `use` on a page of a phone-sized (360 px) Chromium of its own, closed afterwards. */
async function onPhonePage<T>(use: (page: Page, browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROME_FLAGS.slice(1).concat('--headless'),
  });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true });
    return await use(await context.newPage(), browser);
  } finally {
    await browser.close();
  }
}

/** Every script a first visit to `url` fetches until the network is idle, gzip-compressed as served. */
async function initialScripts(url: string): Promise<Weight> {
  return onPhonePage(async (page) => {
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' && res.ok()) scripts.set(res.url(), res.body());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    let gzipBytes = 0;
    const sizes: [string, number][] = [];
    for (const [script, body] of scripts) {
      const size = gzipSync(await body, { level: 9 }).length;
      gzipBytes += size;
      sizes.push([new URL(script).pathname, size]);
    }
    // BENCH_WEB_LIST=true names each script and its weight, heaviest first: where a budget went.
    if (process.env.BENCH_WEB_LIST === 'true')
      for (const [name, size] of sizes.sort((a, b) => b[1] - a[1]))
        console.log(`  ${url}  ${(size / 1024).toFixed(1).padStart(6)} KB  ${name}`);
    return { files: scripts.size, gzipBytes };
  });
}

interface Scores {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU speed at the time of the run. */
  benchmarkIndex: number;
}

/** One Lighthouse run; a run Lighthouse itself gives up on (NO_NAVSTART on a busy machine) is run again, twice at most. */
function lighthouse(url: string): Scores {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(url);
    } catch (e) {
      if (attempt === 3) throw e;
      console.log(`  (Lighthouse failed on ${url}, run again: ${String(e).split('\n')[0]})`);
    }
  }
}

function lighthouseOnce(url: string): Scores {
  const out = execFileSync(
    path.join(root, 'bench/node_modules/.bin/lighthouse'),
    [url, '--quiet', '--output=json', '--only-categories=performance', `--chrome-flags=${CHROME_FLAGS.join(' ')}`],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 64 * 1024 * 1024 },
  ).toString();
  const lhr = JSON.parse(out) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
    environment: { benchmarkIndex: number };
  };
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']!.numericValue),
    tbtMs: Math.round(lhr.audits['total-blocking-time']!.numericValue),
    cls: Number(lhr.audits['cumulative-layout-shift']!.numericValue.toFixed(3)),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
}

/** Blocking time in the browser's own trace of one load of `url` at 4× CPU (BENCH_WEB_TRACE). */
async function traceBlockingTime(url: string): Promise<{ blockingMs: number; longTasks: number }> {
  return onPhonePage(async (page, browser) => {
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(3000);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    if (!fcp) throw new Error(`bench:web: no first contentful paint in the trace of ${url}`);
    const long = events
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.tid === fcp.tid && e.ts >= fcp.ts)
      .map((e) => (e.dur ?? 0) / 1000)
      .filter((ms) => ms > 50);
    return { blockingMs: Math.round(long.reduce((sum, ms) => sum + ms - 50, 0)), longTasks: long.length };
  });
}

const TYPED = 'Ana María López Hernández';

/** A form to type into: where it is, how to get there, and its field. */
interface TypingForm {
  name: string;
  /** Opens the form on the page and returns its field's selector. */
  open: (page: Page, origin: string) => Promise<string>;
}

/**
 * The forms BENCH_WEB_TYPING types into: a shared application link, and the profile of a demo
 * candidate (logged in through the log-in dialog, as on the site).
 */
const typingForms = (applicationLink: string): TypingForm[] => [
  {
    name: `${applicationLink} (Nombre completo)`,
    open: async (page, origin) => {
      await page.goto(origin + applicationLink, { waitUntil: 'networkidle' });
      return '#postulacion-name';
    },
  },
  {
    name: '/perfil, Editar (Observaciones)',
    open: async (page, origin) => {
      await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
      await page
        .getByRole('button', { name: /Iniciar sesión/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByLabel(/Correo/)
        .first()
        .fill('ana.lopez@example.com');
      await dialog
        .getByLabel(/Contraseña/)
        .first()
        .fill('Demo2026!');
      await dialog.getByRole('button', { name: /Iniciar sesión/i }).click();
      await page.waitForURL('**/perfil');
      await page.getByRole('tab', { name: 'Mi Perfil' }).click();
      await page.getByRole('button', { name: /^(Editar|Completar Perfil)$/ }).click();
      return '#perfil-observations';
    },
  },
];

/**
 * One session typing TYPED into a form's field at 4× CPU (BENCH_WEB_TYPING): each key's
 * interaction duration in ms (Event Timing, keys under 16 ms as 16).
 */
async function typingKeys(form: TypingForm, origin: string): Promise<number[]> {
  return onPhonePage(async (page) => {
    // In the page (a string: this workspace has no DOM types): the slowest entry of each interaction.
    await page.addInitScript({
      content: `window.__keys = new Map();
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            if (e.interactionId) window.__keys.set(e.interactionId, Math.max(window.__keys.get(e.interactionId) ?? 0, e.duration));
        }).observe({ type: 'event', durationThreshold: 16, buffered: true });`,
    });
    const field = await form.open(page, origin);
    await page.locator(field).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(1000);
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.focus(field);
    await page.locator(field).fill('');
    await page.evaluate('window.__keys.clear()');
    await page.keyboard.type(TYPED, { delay: 150 });
    await page.waitForTimeout(1000);
    const typed = await page.inputValue(field);
    if (typed !== TYPED) throw new Error(`bench:web: ${form.name} kept '${typed}' of '${TYPED}'`);
    const slow = await page.evaluate<number[]>('[...window.__keys.values()]');
    return [...slow, ...Array<number>(Math.max(0, TYPED.length - slow.length)).fill(16)];
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * An open demo vacancy's id, for the routes that name one ('{id}'): from the api (the board's
 * public scope), since the production BFF runs only the web's registered operations.
 */
async function demoVacancyId(apiOrigin: string, token: string): Promise<string> {
  const res = await fetch(`${apiOrigin}/sedes/vacantes/lista?scope=public`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const list = (await res.json()) as { id: number }[];
  if (!res.ok || !list[0]) throw new Error(`bench:web: no open demo vacancy (api ${res.status})`);
  return String(list[0].id);
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function row(cells: (string | number)[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join(' ');
}
const WIDTHS = [35, 6, 8, 10, 11, 8, 9, 6, 10, 16];

async function main(): Promise<void> {
  if (process.env.BENCH_WEB_BUILD !== 'false') {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const token = 'bench-web-service-token-0123456789abcdef';
  const api = start('api/src/index.ts', { API_PORT: String(apiPort), SERVICE_TOKEN: token });
  const bffEnv = (port: number) => ({
    PORT: String(port),
    API_URL: `http://127.0.0.1:${apiPort}`,
    SERVICE_TOKEN: token,
    SESSION_SECRET: 'bench-web-session-secret-0123456789abcdef',
  });
  const bff = start('bff/src/index.ts', bffEnv(bffPort));
  const beforeDist = process.env.BENCH_WEB_BEFORE_DIST;
  const beforePort = bffPort + 2;
  const before = beforeDist ? start('bff/src/index.ts', { ...bffEnv(beforePort), WEB_DIST: beforeDist }) : null;
  // Stopped from outside (`timeout`, a CI step's SIGTERM): take the api and the BFF down too, so no
  // server is left holding the benchmark's ports.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      api.kill();
      bff.kill();
      before?.kill();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  try {
    const origin = `http://127.0.0.1:${bffPort}`;
    await waitFor(`${origin}/healthz`);
    // The BFF answers its probe before the api has seeded the demo data.
    await waitFor(`http://127.0.0.1:${apiPort}/internal/readyz`);
    const id = routeTemplates.some((r) => r.includes('{id}'))
      ? await demoVacancyId(`http://127.0.0.1:${apiPort}`, token)
      : '';
    const routes = routeTemplates.map((r) => r.replace('{id}', id));
    console.log(
      `${process.env.BENCH_WEB_LIGHTHOUSE === 'false' ? 0 : runs} Lighthouse mobile runs per page; load average at start: ${load()}`,
    );
    console.log(
      row(
        ['route', 'run', 'JS files', 'JS gzip', 'Lighthouse', 'LCP', 'TBT', 'CLS', 'CPU index', 'load (1/5/15)'],
        WIDTHS,
      ),
    );
    const verdicts: string[] = [];
    // The build under test, and the other one when BENCH_WEB_BEFORE_DIST names it.
    const builds = [{ label: '', origin }];
    if (before) {
      await waitFor(`http://127.0.0.1:${beforePort}/healthz`);
      builds.push({ label: ' (before)', origin: `http://127.0.0.1:${beforePort}` });
    }
    const lighthouseOn = process.env.BENCH_WEB_LIGHTHOUSE !== 'false';
    for (const route of routes) {
      const measured = [];
      for (const b of builds) {
        const url = b.origin + route;
        await initialScripts(url); // warm the BFF's caches and the api's queries
        const weight = await initialScripts(url);
        measured.push({ ...b, url, kb: weight.gzipBytes / 1024, files: weight.files, runs: [] as Scores[] });
      }
      // Runs alternate between the builds, so that both see the same load.
      for (let i = 1; lighthouseOn && i <= runs; i++)
        for (const m of measured) {
          const s = lighthouse(m.url);
          m.runs.push(s);
          console.log(
            row(
              [
                route + m.label,
                i,
                m.files,
                `${m.kb.toFixed(1)} KB`,
                s.performance,
                `${(s.lcpMs / 1000).toFixed(2)} s`,
                `${s.tbtMs} ms`,
                s.cls,
                s.benchmarkIndex,
                load(),
              ],
              WIDTHS,
            ),
          );
        }
      for (const m of measured) {
        const name = route + m.label;
        const jsCells = [m.files, `${m.kb.toFixed(1)} KB`];
        if (m.runs.length === 0) {
          console.log(row([name, '-', ...jsCells, '-', '-', '-', '-', '-', load()], WIDTHS));
        } else {
          const med = (f: (s: Scores) => number) => median(m.runs.map(f));
          const score = med((s) => s.performance);
          const tbt = med((s) => s.tbtMs);
          console.log(
            row(
              [
                name,
                'median',
                ...jsCells,
                score,
                `${(med((s) => s.lcpMs) / 1000).toFixed(2)} s`,
                `${tbt} ms`,
                med((s) => s.cls),
                med((s) => s.benchmarkIndex),
                '',
              ],
              WIDTHS,
            ),
          );
          verdicts.push(
            `${name}: median score ${score} (goal ≥ ${GOAL.performance}: ${score >= GOAL.performance ? 'met' : 'NOT met'}), ` +
              `TBT ${tbt} ms (goal ≤ ${GOAL.tbtMs}: ${tbt <= GOAL.tbtMs ? 'met' : 'NOT met'})`,
          );
        }
        if (route === '/' || route === '/vacantes')
          verdicts.push(
            `${name}: first-visit JavaScript ${m.kb.toFixed(1)} KB gzip (budget ${JS_BUDGET_KB}: ${m.kb <= JS_BUDGET_KB ? 'met' : 'NOT met'})`,
          );
      }
    }
    const traceRuns = Number(process.env.BENCH_WEB_TRACE ?? 0);
    if (traceRuns > 0) {
      console.log(
        `\nThe browser's own trace at 4× CPU, ${traceRuns} loads per build, alternating (blocking time after FCP):`,
      );
      for (const route of routes) {
        const results = builds.map((b) => ({ ...b, runs: [] as { blockingMs: number; longTasks: number }[] }));
        for (let i = 1; i <= traceRuns; i++)
          for (const r of results) {
            const t = await traceBlockingTime(r.origin + route);
            r.runs.push(t);
            console.log(
              `  ${(route + r.label).padEnd(35)} ${String(i).padStart(3)}  ${String(t.blockingMs).padStart(5)} ms  ${t.longTasks} long tasks  load ${load()}`,
            );
          }
        for (const r of results)
          console.log(
            `  ${(route + r.label).padEnd(35)} median ${median(r.runs.map((t) => t.blockingMs))} ms (single loads ${Math.min(...r.runs.map((t) => t.blockingMs))}–${Math.max(...r.runs.map((t) => t.blockingMs))})`,
          );
      }
    }
    const typingRuns = Number(process.env.BENCH_WEB_TYPING ?? 0);
    if (typingRuns > 0) {
      console.log(
        `\nTyping '${TYPED}' at 4× CPU, ${typingRuns} sessions per build, alternating (each key: key press to its letter on screen):`,
      );
      const link = '/vacantes/{id}/postular'.replace(
        '{id}',
        id || (await demoVacancyId(`http://127.0.0.1:${apiPort}`, token)),
      );
      for (const form of typingForms(link)) {
        const results = builds.map((b) => ({ ...b, medians: [] as number[], worst: [] as number[] }));
        for (let i = 1; i <= typingRuns; i++)
          for (const r of results) {
            const keys = await typingKeys(form, r.origin);
            r.medians.push(median(keys));
            r.worst.push(Math.max(...keys));
            console.log(
              `  ${(form.name + r.label).padEnd(48)} ${String(i).padStart(3)}  median key ${String(Math.round(median(keys))).padStart(4)} ms  slowest ${String(Math.round(Math.max(...keys))).padStart(4)} ms  load ${load()}`,
            );
          }
        for (const r of results)
          console.log(
            `  ${(form.name + r.label).padEnd(48)} median of sessions: key ${Math.round(median(r.medians))} ms, slowest ${Math.round(median(r.worst))} ms`,
          );
        if (results.length === 2)
          console.log(
            `  ${form.name}: ratio after/before, median key ${(median(results[0]!.medians) / median(results[1]!.medians)).toFixed(2)}, slowest key ${(median(results[0]!.worst) / median(results[1]!.worst)).toFixed(2)}`,
          );
      }
    }
    console.log(`load average at end: ${load()}`);
    for (const v of verdicts) console.log(v);
  } finally {
    api.kill();
    bff.kill();
    before?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
