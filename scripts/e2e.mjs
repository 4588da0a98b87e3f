#!/usr/bin/env node
// The browser suite (`npm run test:e2e`, after the build), optionally in lanes: each lane is its
// own `vitest run --config e2e/vitest.config.ts <its files>`, so its own global setup, i.e. its own
// product (api on seeded in-memory PGlite, bffs, SMTP sink) and its own Chromium, running its files
// one at a time as before. Lanes share nothing but the machine: no journey sees another lane's
// data, so splitting the files cannot make one journey depend on another.
//
// Default: one lane (the whole suite in one process, as before). `.ci/run` uses two lanes on the
// 2-core CI machine, to use the core a journey leaves idle while it waits (Chromium, the captcha's
// proof of work, idle limits, outbox polls): two full runs were green that way
// (docs/decisions/2026-11-26-build-and-runtime.md, "CI under 25 minutes").
//
//   node scripts/e2e.mjs [file filter…]   E2E_LANES=n (default 1)
//
// Files are dealt to lanes longest first (the durations below, measured on the CI machine; a file
// not listed counts as the median), so the lanes end at about the same time.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

/** Seconds per file in one lane on the 2-core CI machine (ci34, 2026-11-27). Only for balancing. */
const SECONDS = {
  'accounts.e2e.ts': 79,
  'candidate-area.e2e.ts': 37,
  'public-board.e2e.ts': 36,
  'backoffice.e2e.ts': 32,
  'staff-a11y.e2e.ts': 32,
  'outage.e2e.ts': 27,
  'candidate-lists.e2e.ts': 23,
  'application-check-captcha.e2e.ts': 22,
  'retention.e2e.ts': 22,
  'applications.e2e.ts': 22,
  'pipeline-detail.e2e.ts': 17,
  'scorecards.e2e.ts': 17,
  'email-templates.e2e.ts': 16,
  'idempotent-writes.e2e.ts': 16,
  'audit-log.e2e.ts': 16,
  'vacancy-board.e2e.ts': 15,
  'accessible-captcha.e2e.ts': 14,
  'candidate-tests.e2e.ts': 13,
  'recruiter-desk.e2e.ts': 12,
  'graphiql.e2e.ts': 12,
  'bulk-tags.e2e.ts': 12,
  'candidate-exports.e2e.ts': 12,
  'bulk-actions.e2e.ts': 11,
  'document-requests.e2e.ts': 10,
  'notes-tags.e2e.ts': 10,
  'csp.e2e.ts': 8,
  'reports.e2e.ts': 7,
  'interviews.e2e.ts': 6,
  'cv-search.e2e.ts': 6,
};

const filters = process.argv.slice(2);
const files = readdirSync(path.join(root, 'e2e'))
  .filter((f) => f.endsWith('.e2e.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(path.basename(x))))
  .sort();
if (files.length === 0) {
  console.error(`no browser journey matches ${filters.join(' ')}`);
  process.exit(1);
}

const known = Object.values(SECONDS).sort((a, b) => a - b);
const median = known[Math.floor(known.length / 2)];
const weight = (f) => SECONDS[f] ?? median;
const wanted = Number(process.env.E2E_LANES ?? 1);
const laneCount = Math.max(1, Math.min(Number.isInteger(wanted) ? wanted : 1, files.length));
const lanes = Array.from({ length: laneCount }, () => ({ files: [], seconds: 0 }));
for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
  const lightest = lanes.reduce((min, lane) => (lane.seconds < min.seconds ? lane : min));
  lightest.files.push(f);
  lightest.seconds += weight(f);
}

/** One lane's vitest, its output line by line with the lane's name in front. */
function run(lane, index) {
  const name = laneCount === 1 ? '' : `[e2e ${index + 1}/${laneCount}] `;
  if (name) console.log(`${name}${lane.files.length} files (~${lane.seconds} s): ${lane.files.join(' ')}`);
  // One lane without filters: exactly the former command (vitest finds every journey itself).
  const only = laneCount === 1 && filters.length === 0 ? [] : lane.files.map((f) => `e2e/${f}`);
  const args = [vitest, 'run', '--config', 'e2e/vitest.config.ts', ...only];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    from.setEncoding('utf8');
    from.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) to.write(`${name}${line}\n`);
    });
    from.on('end', () => rest && to.write(`${name}${rest}\n`));
  }
  return {
    child,
    done: new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)))),
  };
}

const started = lanes.map(run);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const { child } of started) child.kill(signal);
  });
const codes = await Promise.all(started.map((s) => s.done));
const failed = codes.flatMap((code, i) => (code === 0 ? [] : [i + 1]));
if (failed.length) {
  console.error(`browser suite: lane ${failed.join(', ')} of ${laneCount} failed`);
  process.exit(1);
}
if (laneCount > 1) console.log(`browser suite: ${laneCount} lanes, ${files.length} files, all passed`);
