import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * `npm run lint` runs dependency-cruiser with the repository's .dependency-cruiser.cjs. This test
 * feeds that same rule set a small tree with deliberate violations, so a rule that stops biting
 * (a typo in a pattern, say) fails here instead of passing silently.
 */
const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as IConfiguration;
const root = mkdtempSync(path.join(tmpdir(), 'bolsa-boundaries-'));

function file(rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

file('web/src/features/vacancies/index.ts', "export { form } from './form';\n");
file('web/src/features/vacancies/form.ts', 'export const form = 1;\n');
file('web/src/features/board/via-index.ts', "import { form } from '../vacancies';\nexport const a = form;\n");
file('web/src/features/board/deep.ts', "import { form } from '../vacancies/form';\nexport const b = form;\n");
file('web/src/features/board/deep.test.ts', "import { form } from '../vacancies/form';\nexport const c = form;\n");
file('web/src/lib/shared.ts', "import { form } from '../features/vacancies';\nexport const d = form;\n");
file('domain/src/rule.ts', "import { form } from '../../web/src/features/vacancies';\nexport const e = form;\n");
file('api/src/route.ts', "import { a } from '../../bff/src/thing';\nexport const f = a;\n");
file('bff/src/thing.ts', 'export const a = 1;\n');
file('bff/src/upstream/http.ts', 'export const get = 1;\n');
file('bff/src/resolvers/vacancy.ts', "import { get } from '../upstream/http';\nexport const g = get;\n");

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('layer and feature boundaries (.dependency-cruiser.cjs)', () => {
  it('refuses deep cross-feature imports, feature imports from lib/, and cross-tier imports', async () => {
    {
      const result = await cruise(['web/src', 'domain/src', 'api/src', 'bff/src'], {
        ruleSet: { forbidden: config.forbidden },
        validate: true,
        tsPreCompilationDeps: true,
        baseDir: root,
      });
      const output = result.output as {
        summary: { violations: { from: string; to: string; rule: { name: string } }[] };
      };
      const found = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
      expect(found).toEqual(
        [
          'api-not-bff-or-web: api/src/route.ts → bff/src/thing.ts',
          'bff-resolvers-no-http: bff/src/resolvers/vacancy.ts → bff/src/upstream/http.ts',
          'domain-imports-no-workspace: domain/src/rule.ts → web/src/features/vacancies/index.ts',
          'web-feature-only-via-index: web/src/features/board/deep.ts → web/src/features/vacancies/form.ts',
          'web-shared-imports-no-feature: web/src/lib/shared.ts → web/src/features/vacancies/index.ts',
        ].sort(),
      );
    }
  });
});

describe('web features', () => {
  it('each has an index.ts, the only door other features may use', () => {
    const features = path.join(path.dirname(new URL(import.meta.url).pathname), 'features');
    const missing = readdirSync(features, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !existsSync(path.join(features, d.name, 'index.ts')))
      .map((d) => d.name);
    expect(missing).toEqual([]);
  }, 10_000);
});
