import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { IMAGE_STEPS } from '../production-path.mjs';
// @ts-expect-error plain ESM script without types
import { RUNTIME_FILES } from '../runtime.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');

interface Stage {
  from: string;
  name?: string;
  instructions: { op: string; args: string }[];
}

/** The Dockerfile's stages, with continuation lines joined and comments dropped. */
function stages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const out: Stage[] = [];
  for (const line of lines) {
    const [op = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (op.toUpperCase() === 'FROM') {
      const [from = '', as, name] = args.split(/\s+/);
      out.push({ from, ...(as?.toUpperCase() === 'AS' && { name }), instructions: [] });
    } else out.at(-1)?.instructions.push({ op: op.toUpperCase(), args });
  }
  return out;
}

const dockerfile = stages(read('Dockerfile'));
const build = dockerfile.find((s) => s.name === 'build');
const runtime = dockerfile.at(-1)!;
/** The Node version .ci/run installs for the test suite (NODE_VERSION=24.x.y). */
const ciNode = /^NODE_VERSION=(\d+\.\d+\.\d+)$/m.exec(read('.ci/run'))?.[1];

describe('Dockerfile and the production-path script stay in step', () => {
  it('the build stage RUNs exactly the production path’s image steps, in order', () => {
    expect(build, 'a stage named build').toBeDefined();
    const runs = build!.instructions.filter((i) => i.op === 'RUN' && i.args.startsWith('node scripts/'));
    expect(runs.map((r) => r.args)).toEqual((IMAGE_STEPS as string[]).map((s) => s.replace('{runtime}', '/runtime')));
  });

  it('the runtime stage copies only the assembled runtime folder', () => {
    const copies = runtime.instructions.filter((i) => i.op === 'COPY');
    expect(copies).toHaveLength(1);
    expect(copies[0]!.args).toMatch(/^--from=build (--chown=\S+ )?\/runtime \/app$/);
    expect(runtime.instructions.some((i) => i.op === 'RUN' && /npm (ci|install)/.test(i.args))).toBe(false);
  });

  it('both stages run the Node that CI tests on, pinned to a patch version of bookworm-slim', () => {
    expect(ciNode, '.ci/run sets NODE_VERSION').toMatch(/^24\./);
    for (const s of dockerfile) expect(s.from).toBe(`node:${ciNode}-bookworm-slim`);
  });

  it('production settings: NODE_ENV, a non-root user, a HEALTHCHECK, an exec-form CMD running compiled JS', () => {
    const ops = (op: string) => runtime.instructions.filter((i) => i.op === op).map((i) => i.args);
    expect(ops('ENV').join(' ')).toMatch(/NODE_ENV=production/);
    const user = ops('USER').at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(ops('HEALTHCHECK').at(-1)).toMatch(/CMD \["node", "scripts\/healthcheck\.mjs"\]/);
    const cmd = JSON.parse(ops('CMD').at(-1) ?? 'null') as string[];
    expect(cmd[0]).toBe('node');
    expect(cmd.at(-1)).toMatch(/^(api|bff)\/dist\/index\.js$/);
    expect(cmd.join(' ')).not.toContain('tsx');
  });

  it('the build stage copies every workspace’s package.json before its npm ci (or the lockfile is out of step)', () => {
    const workspaces = JSON.parse(read('package.json')).workspaces as string[];
    const ops = build!.instructions;
    const ci = ops.findIndex((i) => i.op === 'RUN' && /^npm ci\b/.test(i.args));
    expect(ci, 'RUN npm ci in the build stage').toBeGreaterThan(0);
    const copied = ops
      .slice(0, ci)
      .filter((i) => i.op === 'COPY')
      .map((i) => i.args);
    for (const w of workspaces) expect(copied, w).toContain(`${w}/package.json ${w}/`);
  });

  it('the runtime folder has every workspace’s package.json and files that exist in the checkout', () => {
    const workspaces = JSON.parse(read('package.json')).workspaces as string[];
    for (const w of workspaces) expect(RUNTIME_FILES).toContain(`${w}/package.json`);
    for (const f of RUNTIME_FILES as string[])
      if (!f.includes('/dist')) expect(existsSync(path.join(root, f)), f).toBe(true);
  });
});
