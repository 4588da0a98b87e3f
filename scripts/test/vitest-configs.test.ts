import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { UserWorkspaceConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '../..');
const configs = ['domain', 'observability', 'api', 'bff', 'web', 'scripts', 'e2e'].map((w) => `${w}/vitest.config.ts`);

// A busy 2-core CI machine must not fail a test on vitest's 5 s default (issue 20 §7).
describe('every workspace vitest config', () => {
  it.each(configs)('%s sets testTimeout and hookTimeout explicitly', async (file) => {
    const mod = (await import(pathToFileURL(path.join(root, file)).href)) as { default: UserWorkspaceConfig };
    const test = mod.default.test ?? {};
    expect(test.testTimeout, 'testTimeout').toBeGreaterThanOrEqual(10_000);
    expect(test.hookTimeout, 'hookTimeout').toBeGreaterThanOrEqual(10_000);
  });
});
