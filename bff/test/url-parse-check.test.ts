import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * url-parse-check.ts: after one silent call from our code, Node has given its DEP0169 warning (so
 * it stops walking the stack of every later url.parse() call from node_modules, Apollo's Express
 * integration), and nothing was printed. Each case runs in a fresh Node process: the flag is
 * process-wide and once set stays set.
 */
const bff = path.resolve(import.meta.dirname, '..');
const run = (skip: boolean): string[] => {
  const script = `
    import { parse } from 'node:url';
    const warnings = [];
    process.on('warning', (w) => warnings.push(w.code));
    ${skip ? "const { skipUrlParseDeprecationCheck } = await import('./src/url-parse-check.ts'); skipUrlParseDeprecationCheck();" : ''}
    parse('/graphql?x=1');
    await new Promise((r) => setTimeout(r, 50));
    console.log(JSON.stringify(warnings));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: bff,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as string[];
};
const warnsAtAll = Number(process.versions.node.split('.')[0]) >= 22;

describe('url.parse deprecation check', () => {
  it('is switched off without printing the warning; a later call from our own code finds it given', () => {
    expect(run(true)).toEqual([]);
  }, 30_000);

  it.runIf(warnsAtAll)(
    '(control: without it, this Node warns at the first call from our code)',
    () => {
      expect(run(false)).toEqual(['DEP0169']);
    },
    30_000,
  );
});
