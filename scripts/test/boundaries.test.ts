import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * `npm run lint` runs dependency-cruiser with the repository's .dependency-cruiser.cjs. Each case
 * here feeds that same rule set a small tree with deliberate crossings, so a rule that stops
 * biting (a typo in a pattern, say) fails here instead of passing silently. One file for every
 * boundary rule, next to the one harness that cruises a tree.
 */
const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as IConfiguration;
const repo = path.resolve(import.meta.dirname, '../..');
const trees: string[] = [];
afterAll(() => trees.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** Writes `files` (path → text) into a fresh folder and returns the violations found under `roots`. */
async function violations(files: Record<string, string>, roots: string[], rule?: string): Promise<string[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'bolsa-boundaries-'));
  trees.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  const result = await cruise(roots, {
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    tsPreCompilationDeps: true,
    baseDir: root,
  });
  const output = result.output as { summary: { violations: { from: string; to: string; rule: { name: string } }[] } };
  return output.summary.violations
    .filter((v) => !rule || v.rule.name === rule)
    .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
    .sort();
}

const uses = (from: string, name: string) => `import { ${name} } from '${from}';\nexport const x = ${name};\n`;

describe('layer and feature boundaries', () => {
  it('refuses deep cross-feature imports, feature imports from lib/, and cross-tier imports', async () => {
    const found = await violations(
      {
        'web/src/features/vacancies/index.ts': "export { form } from './form';\n",
        'web/src/features/vacancies/form.ts': 'export const form = 1;\n',
        'web/src/features/board/via-index.ts': uses('../vacancies', 'form'),
        'web/src/features/board/deep.ts': uses('../vacancies/form', 'form'),
        'web/src/features/board/deep.test.ts': uses('../vacancies/form', 'form'),
        'web/src/lib/shared.ts': uses('../features/vacancies', 'form'),
        'domain/src/rule.ts': uses('../../web/src/features/vacancies', 'form'),
        'api/src/route.ts': uses('../../bff/src/thing', 'a'),
        'bff/src/thing.ts': 'export const a = 1;\n',
        'bff/src/upstream/http.ts': 'export const get = 1;\n',
        'bff/src/resolvers/vacancy.ts': uses('../upstream/http', 'get'),
      },
      ['web/src', 'domain/src', 'api/src', 'bff/src'],
    );
    expect(found).toEqual(
      [
        'api-not-bff-or-web: api/src/route.ts → bff/src/thing.ts',
        'bff-resolvers-no-http: bff/src/resolvers/vacancy.ts → bff/src/upstream/http.ts',
        'domain-imports-no-workspace: domain/src/rule.ts → web/src/features/vacancies/index.ts',
        'web-feature-only-via-index: web/src/features/board/deep.ts → web/src/features/vacancies/form.ts',
        'web-shared-imports-no-feature: web/src/lib/shared.ts → web/src/features/vacancies/index.ts',
      ].sort(),
    );
  }, 30_000);

  it('api: an area is reached only through its index.ts, from cli/ and demo/ too (db/ is exempt)', async () => {
    const found = await violations(
      {
        'api/src/ops/index.ts': "export { writeBackup } from './archive';\n",
        'api/src/ops/archive.ts': 'export const writeBackup = 1;\n',
        'api/src/ops/report.ts': uses('./archive', 'writeBackup'),
        'api/src/storage/local.ts': 'export const local = 1;\n',
        'api/src/cli/via-index.ts': uses('../ops/index', 'writeBackup'),
        'api/src/cli/deep.ts': uses('../ops/archive', 'writeBackup'),
        'api/src/cli/shared.ts': uses('../storage/local', 'local'),
        'api/src/demo/deep.ts': uses('../ops/archive', 'writeBackup'),
        'api/src/users/deep.ts': uses('../ops/archive', 'writeBackup'),
        'api/src/db/seed.ts': uses('../ops/archive', 'writeBackup'),
      },
      ['api/src'],
    );
    expect(found).toEqual([
      'api-area-only-via-index: api/src/cli/deep.ts → api/src/ops/archive.ts',
      'api-area-only-via-index: api/src/demo/deep.ts → api/src/ops/archive.ts',
      'api-area-only-via-index: api/src/users/deep.ts → api/src/ops/archive.ts',
    ]);
  }, 30_000);

  it('bff: only normalise/ reads response fields (an upstream client may use a normaliser, not the field helpers)', async () => {
    const found = await violations(
      {
        'bff/src/normalise/fields.ts': 'export const pick = (x: unknown) => x;\n',
        'bff/src/normalise/thing.ts': "import { pick } from './fields';\nexport const normaliseThing = pick;\n",
        'bff/src/upstream/reads-fields.ts': uses('../normalise/fields', 'pick'),
        'bff/src/upstream/uses-normaliser.ts': uses('../normalise/thing', 'normaliseThing'),
        'bff/src/resolvers/thing.ts': uses('../normalise/fields', 'pick'),
      },
      ['bff/src'],
      'bff-upstream-reads-no-fields',
    );
    expect(found).toEqual([
      'bff-upstream-reads-no-fields: bff/src/upstream/reads-fields.ts → bff/src/normalise/fields.ts',
    ]);
  }, 30_000);
});

describe('web features', () => {
  it('each has an index.ts, the only door other features may use', () => {
    const features = path.join(repo, 'web/src/features');
    const missing = readdirSync(features, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !existsSync(path.join(features, d.name, 'index.ts')))
      .map((d) => d.name);
    expect(missing).toEqual([]);
  }, 10_000);
});
