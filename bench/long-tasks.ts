// Where a page's long tasks go on a slow phone: loads a URL in Chromium at 360 px with the CPU
// slowed 4× (as Lighthouse's mobile profile), records a trace with the V8 sampling profiler, and
// for each task over 50 ms prints the functions that took its time, mapped back to the source
// through web/dist's source maps when the build has them.
//
//   (cd web && npx vite build --sourcemap && node scripts/prerender.mjs)   # optional: names
//   npm start   # or any running BFF serving web/dist
//   npm run bench:long-tasks -- http://127.0.0.1:4000/vacantes
//   BENCH_WAIT_FOR='#postulacion-name' BENCH_WAIT_MS=3000 npm run bench:long-tasks -- …/vacantes/3/postular
//   BENCH_UNDER=1 …   # also the component or effect each task ran under
//   BENCH_CPU=1 …     # no CPU slowdown, tasks over 50/4 ms: what Lighthouse's simulation sees (it
//                     # runs the page unthrottled, then counts every task 4× as long)
//   BENCH_FILES=1 …   # also each task's samples by module (by chunk without source maps): which
//                     # modules a module evaluation spent its time in
//
// A function's self time includes the layout or style work it forces (getBoundingClientRect).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';

interface CallFrame {
  functionName?: string;
  url?: string;
  lineNumber?: number;
  columnNumber?: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  tid?: number;
  dur?: number;
  args: {
    data?: { startTime?: number; timeDeltas?: number[]; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] } };
  };
}

const url = process.argv[2];
if (!url) throw new Error('usage: npm run bench:long-tasks -- <url>');
const assets = path.resolve(import.meta.dirname, '../web/dist/assets');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu'],
});
const context = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true });
const page = await context.newPage();
const rate = Number(process.env.BENCH_CPU ?? 4);
await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate });
await browser.startTracing(page, {
  categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler'],
});
await page.goto(url, { waitUntil: 'networkidle' });
// BENCH_WAIT_FOR: a CSS selector that appears when the page is done (a dialog's first field, say).
if (process.env.BENCH_WAIT_FOR) await page.locator(process.env.BENCH_WAIT_FOR).first().waitFor({ timeout: 120_000 });
await page.waitForTimeout(Number(process.env.BENCH_WAIT_MS ?? 1500));
const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
await browser.close();

const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number }[] = [];
let t = events.find((e) => e.name === 'Profile')?.args.data?.startTime ?? 0;
for (const e of events.filter((e) => e.name === 'ProfileChunk')) {
  const d = e.args.data!;
  for (const n of d.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
  const ids = d.cpuProfile?.samples ?? [];
  ids.forEach((id, i) => {
    t += d.timeDeltas?.[i] ?? 0;
    samples.push({ ts: t, node: id });
  });
}

const maps = new Map<string, SourceMapConsumer | null>();
function where(cf: CallFrame): string {
  const file = (cf.url ?? '').replace(/.*\/assets\//, '');
  const name = cf.functionName || '(anonymous)';
  if (!cf.url?.includes('/assets/')) return cf.url ? `${name} ${cf.url.replace(/.*\//, '')}` : name;
  if (!maps.has(file)) {
    const map = path.join(assets, `${file}.map`);
    maps.set(file, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null);
  }
  const o = maps.get(file)?.originalPositionFor({ line: (cf.lineNumber ?? 0) + 1, column: cf.columnNumber ?? 0 });
  if (!o?.source) return `${name} ${file}`;
  return `${o.name ?? name} ${o.source.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${o.line}`;
}

// A task over 50 ms on the slow phone (4× slower than this machine): over 50 × rate / 4 ms here.
const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > (50_000 * rate) / 4);
const first = tasks[0]?.ts ?? 0;
for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
  const end = task.ts + task.dur!;
  const self = new Map<string, number>();
  // Inclusive samples of our own code (web/src) and React's commit/render entry points: which
  // component or effect the task's time went under.
  const under = new Map<string, number>();
  const files = new Map<string, number>();
  let count = 0;
  for (const s of samples) {
    if (s.ts < task.ts || s.ts > end) continue;
    const n = nodes.get(s.node);
    if (!n) continue;
    count++;
    const k = where(n.callFrame);
    self.set(k, (self.get(k) ?? 0) + 1);
    const file = k.includes(' ') ? k.slice(k.indexOf(' ') + 1).replace(/:\d+$/, '') : k;
    files.set(file, (files.get(file) ?? 0) + 1);
    const seen = new Set<string>();
    for (let p: ProfileNode | undefined = n; p; p = p.parent === undefined ? undefined : nodes.get(p.parent)) {
      const w = where(p.callFrame);
      if (!/ src\/|commitRoot|performWorkOnRoot|flushSync|hydrateRoot/.test(w) || seen.has(w)) continue;
      seen.add(w);
      under.set(w, (under.get(w) ?? 0) + 1);
    }
  }
  console.log(
    `task at +${((task.ts - first) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms, ${count} samples`,
  );
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 6))
    console.log(`  ${String(v).padStart(5)}  ${k}`);
  if (process.env.BENCH_UNDER) {
    // What the renderer did in the task besides running script: the trace's own events by name.
    const kinds = new Map<string, number>();
    for (const e of events)
      if (e.ph === 'X' && e.ts >= task.ts && e.ts < end && e !== task && e.tid === task.tid && e.dur)
        kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
    console.log(
      '  events: ' +
        [...kinds]
          .filter(([, ms]) => ms >= 5)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([k, ms]) => `${k} ${ms.toFixed(0)} ms`)
          .join(', '),
    );
  }
  if (process.env.BENCH_FILES)
    for (const [k, v] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`  ${String(v).padStart(5)}  ∈ ${k}`);
  if (process.env.BENCH_UNDER)
    for (const [k, v] of [...under].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`  ${String(v).padStart(5)}  ⊂ ${k}`);
}
