import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

/** The repository root: child processes run from here, as `npm run …` would. */
export const ROOT = path.resolve(import.meta.dirname, '../../..');

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

export interface Child {
  child: ChildProcess;
  /** stdout and stderr, line by line, as they came. */
  lines: string[];
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
}

/**
 * `node --import tsx <entry> …args` from the repository root (never npx: the process we stop is
 * the program itself), with only the environment given plus PATH and HOME.
 */
export function startNode(entry: string, args: string[], env: Record<string, string>, stdin?: string): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (stdin !== undefined) child.stdin!.end(stdin);
  children.add(child);
  const lines: string[] = [];
  let buffered = '';
  const onData = (d: Buffer) => {
    buffered += d.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (buffered) lines.push(buffered);
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, lines, exited };
}

/** Runs a program to its end (`stdin`: what it reads); after `timeoutMs` the process is killed. */
export async function runNode(
  entry: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
  stdin?: string,
): Promise<{ code: number | null; output: string }> {
  const c = startNode(entry, args, env, stdin);
  const timer = setTimeout(() => c.child.kill('SIGKILL'), timeoutMs);
  const code = await c.exited;
  clearTimeout(timer);
  return { code, output: c.lines.join('\n') };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Polls `<url>/healthz` until it answers 200; fails early when the process ends. */
export async function waitHealthy(url: string, c: Child, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (c.child.exitCode !== null) throw new Error(`${url}: terminó antes de estar listo:\n${c.lines.join('\n')}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url}: no respondió a tiempo`);
}

/** SIGTERM, then SIGKILL after 5 s. */
export async function stopChild(c: Child): Promise<void> {
  if (c.child.exitCode !== null || c.child.signalCode !== null) return;
  c.child.kill('SIGTERM');
  const timer = setTimeout(() => c.child.kill('SIGKILL'), 5_000);
  await c.exited;
  clearTimeout(timer);
}
