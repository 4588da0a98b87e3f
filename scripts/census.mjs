#!/usr/bin/env node
// How far "one rule, one home" holds (ARCHITECTURE.md principle 9): counts the places where a rule
// that lives in domain/ is written again in a tier. Run it before and after a restructuring:
// `node scripts/census.mjs` (add `--list` to see every place it counts).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const list = process.argv.includes('--list');
const TEST = /(\.test\.tsx?$|\/test\/|\/test-support\/|test-fixtures\.ts$|\.e2e\.ts$)/;

function walk(dir, out = []) {
  for (const e of readdirSync(dir)) {
    if (e === 'node_modules' || e === 'gql' || e === 'generated' || e === 'dist') continue;
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(e) && !e.endsWith('.d.ts')) out.push(path.relative(root, p));
  }
  return out;
}
const files = (ws) => walk(path.join(root, ws)).filter((f) => !TEST.test(f));
const read = (f) => readFileSync(path.join(root, f), 'utf8');

// String literals without interpolation: '…', "…", `…`.
const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`/g;
const literals = (src) => [...src.matchAll(LITERAL)].map((m) => m[1] ?? m[2] ?? m[3]);
// A user-facing Spanish sentence: starts with a capital (or ¿ ¡), has a space, at least 12 characters.
const isMessage = (s) => s.length >= 12 && /\s/.test(s) && /^[¿¡A-ZÁÉÍÓÚÑ]/.test(s) && !/[{}<>;=]|^[A-Z_]+$/.test(s);

const tiers = ['api/src', 'bff/src', 'web/src'];
const domainMessages = new Set(files('domain/src').flatMap((f) => literals(read(f)).filter(isMessage)));

const report = [];
const say = (label, value, places = []) => {
  report.push(`${label.padEnd(62)} ${value}`);
  if (list) for (const p of places) report.push(`    ${p}`);
};

// 1. Domain messages typed again in a tier.
{
  const again = new Map();
  const perTier = {};
  const places = [];
  for (const t of tiers) {
    perTier[t] = 0;
    for (const f of files(t))
      for (const s of literals(read(f)))
        if (domainMessages.has(s)) {
          perTier[t] += 1;
          again.set(s, (again.get(s) ?? 0) + 1);
          places.push(`${f}: ${s}`);
        }
  }
  const total = Object.values(perTier).reduce((a, b) => a + b, 0);
  say(
    `domain messages typed again in a tier (distinct / times)`,
    `${again.size} / ${total} (${tiers.map((t) => `${t.split('/')[0]} ${perTier[t]}`).join(', ')})`,
    places,
  );
}

// 2. Raw role comparisons and literal role lists outside domain/.
{
  const raw = [];
  const lists = [];
  for (const t of tiers)
    for (const f of files(t)) {
      read(f)
        .split('\n')
        .forEach((line, i) => {
          if (/\b\w*[rR]ol\w*\s*(===|!==|==|!=|<=|>=|<|>)\s*[1-4]\b|\b[1-4]\s*(===|!==)\s*\w*[rR]ol/.test(line))
            raw.push(`${f}:${i + 1}: ${line.trim()}`);
          if (/\[\s*[1-4]\s*(,\s*[1-4]\s*)+\]/.test(line) && /rol|ROLE|audience|STAFF|ADMIN|EDITOR/i.test(line))
            lists.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
  say('raw role comparisons (role === n) outside domain/', raw.length, raw);
  say('literal role-id lists ([1, 2] …) outside domain/', lists.length, lists);
}

// 3. The state-change refusal built or parsed outside domain/.
{
  const places = [];
  for (const t of tiers)
    for (const f of files(t)) {
      const n = (read(f).match(/cambio_no_permitido|estadosPermitidos/g) ?? []).length;
      if (n) places.push(`${f} (${n})`);
    }
  say('files that build or parse the state-change refusal', places.length, places);
}

// 4. api areas reaching into another area other than through its index.ts.
{
  const places = [];
  const shared = new Set(['db', 'storage', 'mail', 'meetings', 'demo']);
  for (const f of files('api/src')) {
    const parts = f.split('/');
    if (parts.length < 4) continue;
    const area = parts[2];
    for (const m of read(f).matchAll(/from '\.\.\/([^/']+)\/([^']+)'/g)) {
      const [, other, file] = m;
      if (other === area || shared.has(other) || file === 'index.js') continue;
      places.push(`${f} → ${other}/${file}`);
    }
  }
  say('api imports into another area not through its index.ts', places.length, places);
}

// 5. bff: resolvers that know HTTP or read REST fields; normalisers with a fixture test.
{
  const http = [];
  for (const f of files('bff/src/resolvers'))
    read(f)
      .split('\n')
      .forEach((line, i) => {
        if (/\.status(Code)?\b\s*(===|!==|>=|<=|>|<)|\bctx\.http\b|\bcontext\.http\b/.test(line))
          http.push(`${f}:${i + 1}: ${line.trim()}`);
      });
  say('HTTP status checks or ctx.http in bff/src/resolvers', http.length, http);

  const normalisers = readdirSync(path.join(root, 'bff/src/normalise')).filter(
    (e) => e.endsWith('.ts') && e !== 'index.ts',
  );
  const tests = walk(path.join(root, 'bff/test'))
    .filter((f) => f.endsWith('.test.ts'))
    .map(read)
    .join('\n');
  const without = normalisers.filter((n) => !new RegExp(`normalise/${n.replace(/\.ts$/, '')}(\\.js)?'`).test(tests));
  say(
    'bff normalisers with a fixture test',
    `${normalisers.length - without.length} of ${normalisers.length}`,
    without.map((n) => `no test imports normalise/${n}`),
  );
}

// 5b. REST field reads in bff/src/upstream: normalise/ alone knows response field names (ARCHITECTURE.md,
// principle 2). Counts calls of the field-reading helpers (fieldsOf, pick, text, listOf, id) and
// property reads on a raw answer (`body.message`, `raw['items']`).
{
  const reads = [];
  const HELPER = /(?<![.\w])(fieldsOf|pick|text|listOf|id)\(/g;
  const BRACKET = /(?<!\b[A-Z]\w*)\[\s*['"][A-Za-z_]\w*['"]\s*\]/g;
  // `body.x` / `raw.x`, and the keys of a cast that types a raw answer (`body as { message?: unknown }`).
  const PROPERTY = /\b(?:body|raw)\??\.(?!(?:slice|trim|length|startsWith|toString|text|dump)\b)[A-Za-z_]\w*(?![\w(])/g;
  const CAST = /\b(?:body|raw)\s+as\s+\{([^}]*)\}/g;
  const castKeys = (code) =>
    [...code.matchAll(CAST)].reduce((a, m) => a + m[1].split(/[;,]/).filter((k) => k.includes(':')).length, 0);
  for (const f of files('bff/src/upstream'))
    read(f)
      .split('\n')
      .forEach((line, i) => {
        if (/^\s*(import|export \{|\/\/|\*|\/\*\*)/.test(line)) return;
        const code = line.replace(/\/\/.*$/, '');
        const n = [HELPER, BRACKET, PROPERTY].reduce((a, re) => a + (code.match(re) ?? []).length, castKeys(code));
        for (let k = 0; k < n; k++) reads.push(`${f}:${i + 1}: ${line.trim()}`);
      });
  say('REST field reads in bff/src/upstream', reads.length, [...new Set(reads)]);
}

// 6. The largest source files.
{
  const sizes = tiers
    .concat('domain/src')
    .flatMap((t) => files(t))
    .map((f) => [f, read(f).split('\n').length])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  say('five largest source files (lines)', sizes.map(([f, n]) => `${n} ${f}`).join(', '));
}

console.log(report.join('\n'));
