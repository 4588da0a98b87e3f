#!/usr/bin/env node
// Runs one command of a workspace, e.g. `npm run create-admin` → api/src/cli/create-admin.ts
// under tsx in development, api/dist/cli/create-admin.js in a production install (no tsx).
//
//   node scripts/run.mjs <workspace> <name> [args…]
import { spawn } from 'node:child_process';
import { entryArgs, root } from './lib/entry.mjs';

const [workspace, name, ...args] = process.argv.slice(2);
if (!workspace || !name) {
  console.error('uso: node scripts/run.mjs <workspace> <nombre> [argumentos…]');
  process.exit(2);
}
let nodeArgs;
try {
  nodeArgs = entryArgs(workspace, name);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const child = spawn(process.execPath, [...nodeArgs, ...args], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
