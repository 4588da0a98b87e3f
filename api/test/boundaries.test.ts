import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The api's area rule of .dependency-cruiser.cjs (`npm run lint`) fed a small tree with deliberate
 * crossings, so a pattern that stops biting fails here instead of passing silently. The commands
 * in cli/ and the demo data in demo/ keep to the rule too; db/ (migrations, seed) does not.
 */
const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as IConfiguration;
const root = mkdtempSync(path.join(tmpdir(), 'bolsa-api-boundaries-'));

function file(rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

file('api/src/ops/index.ts', "export { writeBackup } from './archive';\n");
file('api/src/ops/archive.ts', 'export const writeBackup = 1;\n');
file('api/src/ops/report.ts', "import { writeBackup } from './archive';\nexport const r = writeBackup;\n");
file('api/src/storage/local.ts', 'export const local = 1;\n');
file('api/src/cli/via-index.ts', "import { writeBackup } from '../ops/index';\nexport const a = writeBackup;\n");
file('api/src/cli/deep.ts', "import { writeBackup } from '../ops/archive';\nexport const b = writeBackup;\n");
file('api/src/cli/shared.ts', "import { local } from '../storage/local';\nexport const c = local;\n");
file('api/src/demo/deep.ts', "import { writeBackup } from '../ops/archive';\nexport const d = writeBackup;\n");
file('api/src/users/deep.ts', "import { writeBackup } from '../ops/archive';\nexport const e = writeBackup;\n");
file('api/src/db/seed.ts', "import { writeBackup } from '../ops/archive';\nexport const f = writeBackup;\n");

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('api area boundaries (.dependency-cruiser.cjs)', () => {
  it('refuses imports into another area not through its index.ts, from cli/ and demo/ too', async () => {
    const result = await cruise(['api/src'], {
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      tsPreCompilationDeps: true,
      baseDir: root,
    });
    const output = result.output as {
      summary: { violations: { from: string; to: string; rule: { name: string } }[] };
    };
    const found = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(found).toEqual([
      'api-area-only-via-index: api/src/cli/deep.ts → api/src/ops/archive.ts',
      'api-area-only-via-index: api/src/demo/deep.ts → api/src/ops/archive.ts',
      'api-area-only-via-index: api/src/users/deep.ts → api/src/ops/archive.ts',
    ]);
  }, 20_000);
});
