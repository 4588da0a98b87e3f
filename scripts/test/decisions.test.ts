import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script without type declarations
import { readRecords, renderIndex } from '../decisions-index.mjs';

interface DecisionRecord {
  file: string;
  status: string | null;
}
const index = path.resolve(import.meta.dirname, '../../docs/decisions/README.md');

describe('decision records (issue 20 §6)', () => {
  it('each has a Status line', () => {
    const missing = (readRecords() as DecisionRecord[]).filter((r) => !r.status).map((r) => r.file);
    expect(missing).toEqual([]);
  });

  it('docs/decisions/README.md lists them all (regenerate: node scripts/decisions-index.mjs)', () => {
    expect(readFileSync(index, 'utf8')).toBe(renderIndex());
  });
});
