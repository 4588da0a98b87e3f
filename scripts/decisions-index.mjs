// Writes docs/decisions/README.md: one line per decision record (date, title, status), from the
// records themselves. `node scripts/decisions-index.mjs` after adding or changing a record;
// scripts/test/decisions.test.ts fails when the index is stale or a record has no status line.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../docs/decisions');

/** @returns {{ file: string, date: string, title: string, status: string | null }[]} */
export function readRecords() {
  return readdirSync(dir)
    .filter((f) => /^\d{4}-\d{2}-\d{2}-.+\.md$/.test(f))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const title = /^# (.+)$/m.exec(text)?.[1]?.trim() ?? file;
      const status = /(?:^|· )Status: ([^\n]+)/m.exec(text)?.[1]?.trim() ?? null;
      return { file, date: file.slice(0, 10), title, status };
    });
}

/** The status's first words, without links ('superseded', 'accepted; amended by …'). */
const shortStatus = (status) =>
  (status ?? '—')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .split(/ — |\(/)[0]
    .replace(/[;,]\s*$/, '')
    .trim();

export function renderIndex(records = readRecords()) {
  const rows = records.map(
    (r) => `| ${r.date} | [${r.title.replace(/\|/g, '\\|')}](${r.file}) | ${shortStatus(r.status)} |`,
  );
  return [
    '# Decision records',
    '',
    'One file per decision, named by the date it was taken. Each starts with its title and a',
    '`Status:` line (accepted, amended by …, superseded by …). A record is never rewritten to say',
    'something else: a new record supersedes it, and the old one says so in its status line.',
    '',
    'This index is generated: `node scripts/decisions-index.mjs` (a test fails when it is stale).',
    '',
    '| Date | Decision | Status |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(path.join(dir, 'README.md'), renderIndex());
  console.log(`docs/decisions/README.md: ${readRecords().length} records`);
}
