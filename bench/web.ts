// The web's weight and speed as a visitor's phone sees them: builds web/dist, starts the real api
// and BFF (production mode, own processes, loopback), then for each public route prints the
// JavaScript a first visit downloads (gzip) and Lighthouse's mobile scores.
//
//   npm run bench:web                   # build, measure, Lighthouse
//   BENCH_WEB_BUILD=false npm run bench:web   # reuse web/dist
//   BENCH_WEB_LIGHTHOUSE=false npm run bench:web
//
// Lighthouse throttles a simulated mid-range phone; on a busy machine its numbers are lower than
// on an idle one, so compare runs made under similar load.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const apiPort = 14_101;
const bffPort = 14_100;
const routes = (process.env.BENCH_WEB_ROUTES ?? '/,/vacantes').split(',');
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

/** Every script a first visit to `url` fetches until the network is idle, gzip-compressed as served. */
async function initialScripts(url: string): Promise<Weight> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROME_FLAGS.slice(1).concat('--headless'),
  });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true });
    const page = await context.newPage();
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
  } finally {
    await browser.close();
  }
}

interface Scores {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function lighthouse(url: string): Scores {
  const out = execFileSync(
    path.join(root, 'bench/node_modules/.bin/lighthouse'),
    [url, '--quiet', '--output=json', '--only-categories=performance', `--chrome-flags=${CHROME_FLAGS.join(' ')}`],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 64 * 1024 * 1024 },
  ).toString();
  const lhr = JSON.parse(out) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
  };
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']!.numericValue),
    tbtMs: Math.round(lhr.audits['total-blocking-time']!.numericValue),
    cls: Number(lhr.audits['cumulative-layout-shift']!.numericValue.toFixed(3)),
  };
}

async function main(): Promise<void> {
  if (process.env.BENCH_WEB_BUILD !== 'false') {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const token = 'bench-web-service-token-0123456789abcdef';
  const api = start('api/src/index.ts', { API_PORT: String(apiPort), SERVICE_TOKEN: token });
  const bff = start('bff/src/index.ts', {
    PORT: String(bffPort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    SERVICE_TOKEN: token,
    SESSION_SECRET: 'bench-web-session-secret-0123456789abcdef',
  });
  // Stopped from outside (`timeout`, a CI step's SIGTERM): take the api and the BFF down too, so no
  // server is left holding the benchmark's ports.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      api.kill();
      bff.kill();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  try {
    const origin = `http://127.0.0.1:${bffPort}`;
    await waitFor(`${origin}/healthz`);
    console.log('route         JS files   JS gzip    Lighthouse  LCP      TBT     CLS');
    for (const route of routes) {
      const url = origin + route;
      await initialScripts(url); // warm the BFF's caches and the api's queries
      const weight = await initialScripts(url);
      const scores = process.env.BENCH_WEB_LIGHTHOUSE === 'false' ? null : lighthouse(url);
      console.log(
        [
          route.padEnd(13),
          String(weight.files).padStart(8),
          `${(weight.gzipBytes / 1024).toFixed(1)} KB`.padStart(10),
          (scores ? String(scores.performance) : '-').padStart(11),
          (scores ? `${(scores.lcpMs / 1000).toFixed(2)} s` : '-').padStart(8),
          (scores ? `${scores.tbtMs} ms` : '-').padStart(8),
          (scores ? String(scores.cls) : '-').padStart(7),
        ].join(' '),
      );
    }
  } finally {
    api.kill();
    bff.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
