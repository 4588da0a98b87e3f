#!/usr/bin/env node
// `npm run typecheck` (after codegen): `tsc -p` for every TypeScript project, two at a time (one
// where there is one core). The projects emit nothing (noEmit), so they can run side by side; a
// project's output is printed whole when it ends, under its name. Fails when any project fails.
//
//   node scripts/typecheck.mjs   TYPECHECK_JOBS=n (default 2)
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

// Longest first (on the CI machine), so the last one to start is a short one.
const PROJECTS = ['bench', 'web', 'e2e', 'bff', 'api', 'domain', 'observability', 'scripts'];

const wanted = Number(process.env.TYPECHECK_JOBS ?? Math.min(2, availableParallelism()));
const jobs = Math.max(1, Number.isInteger(wanted) ? wanted : 1);

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (code === 0) console.log(`[typecheck] ${project}: ok (${seconds} s)`);
      else process.stdout.write(`[typecheck] ${project}: failed (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const failed = [];
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift())
      if (!(await check(project))) failed.push(project);
  }),
);
if (failed.length) {
  console.error(`[typecheck] failed: ${failed.join(', ')}`);
  process.exit(1);
}
