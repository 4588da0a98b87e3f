// What the api's and the BFF's process tests (SIGTERM, logs, metrics) share: start a service's
// entry point as a real child process, collect its stdout lines, wait for it, see its port close.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The checkout's root: the services' entry points are relative to it. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Polls `check` every 50 ms until it says yes, or fails after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether a connection to the loopback port is refused (the process has stopped listening). */
export const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

export interface ServiceProcess {
  child: ChildProcess;
  /** stdout lines so far (stderr chunks prefixed 'stderr: '). */
  out: string[];
  /** The exit code once it has ended. */
  exited: Promise<number | null>;
  /** The JSON lines parsed; fails the test if stdout held anything that is not one. */
  jsonLines(): Record<string, unknown>[];
}

/**
 * Starts `entry` (a TypeScript entry point, through tsx) with only `env` (plus PATH and HOME) and
 * waits until `readyUrl` answers 2xx; fails with the process's output if it ends first.
 */
export async function startServiceProcess(o: {
  entry: string;
  env: Record<string, string>;
  readyUrl: string;
  timeoutMs: number;
}): Promise<ServiceProcess> {
  const out: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', o.entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...o.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffered = '';
  child.stdout!.on('data', (d: Buffer) => {
    buffered += d.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    out.push(...lines);
  });
  child.stderr!.on('data', (d: Buffer) => out.push(`stderr: ${d.toString()}`));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`${o.entry} ended:\n${out.join('\n')}`);
    return (await fetch(o.readyUrl).catch(() => null))?.ok === true;
  }, o.timeoutMs);
  return {
    child,
    out,
    exited,
    jsonLines() {
      const lines = out.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
      if (lines.length !== out.filter((l) => l.trim()).length)
        throw new Error(`not every line is JSON:\n${out.join('\n')}`);
      return lines;
    },
  };
}
