import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The rule of .dependency-cruiser.cjs (`npm run lint`) that keeps response field names in
 * normalise/: fed a small tree where an upstream client imports the field helpers, so a pattern
 * that stops biting fails here instead of passing silently.
 */
const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as IConfiguration;
const root = mkdtempSync(path.join(tmpdir(), 'bolsa-bff-normalise-'));

function file(rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

file('bff/src/normalise/fields.ts', 'export const pick = (x: unknown) => x;\n');
file('bff/src/normalise/thing.ts', "import { pick } from './fields';\nexport const normaliseThing = pick;\n");
file('bff/src/upstream/reads-fields.ts', "import { pick } from '../normalise/fields';\nexport const a = pick;\n");
file(
  'bff/src/upstream/uses-normaliser.ts',
  "import { normaliseThing } from '../normalise/thing';\nexport const b = normaliseThing;\n",
);
file('bff/src/resolvers/thing.ts', "import { pick } from '../normalise/fields';\nexport const c = pick;\n");

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('bff: only normalise/ reads response fields (.dependency-cruiser.cjs)', () => {
  it('refuses an upstream client that imports normalise/fields.ts; a normaliser import is fine', async () => {
    const result = await cruise(['bff/src'], {
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      tsPreCompilationDeps: true,
      baseDir: root,
    });
    const output = result.output as {
      summary: { violations: { from: string; to: string; rule: { name: string } }[] };
    };
    const found = output.summary.violations
      .filter((v) => v.rule.name === 'bff-upstream-reads-no-fields')
      .map((v) => `${v.from} → ${v.to}`);
    expect(found).toEqual(['bff/src/upstream/reads-fields.ts → bff/src/normalise/fields.ts']);
  }, 20_000);
});
