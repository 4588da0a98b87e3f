import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Principle 9: only the upstream clients know HTTP statuses and REST field names. These checks
 * read the sources, so a resolver that starts interpreting a status or spelling a REST field
 * fails the build, whoever writes it.
 */

const src = path.resolve(import.meta.dirname, '../src');
const read = (dir: string) =>
  readdirSync(path.join(src, dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: `${dir}/${f}`, text: readFileSync(path.join(src, dir, f), 'utf8') }));

const resolvers = read('resolvers');

const schemaWords = new Set(
  readFileSync(path.resolve(src, '../../schema.graphql'), 'utf8')
    .replace(/"""[\s\S]*?"""|"[^"\n]*"|#.*$/gm, '')
    .match(/\w+/g),
);

/** Field names the REST api reads or writes, as the upstream clients and normalisers spell them. */
export function restFieldNames(): Set<string> {
  const names = new Set<string>();
  const add = (s: string) => {
    if (!schemaWords.has(s) && /^[A-Za-z_]\w+$/.test(s)) names.add(s);
  };
  for (const { text } of [...read('upstream'), ...read('normalise')]) {
    for (const m of text.matchAll(/\bpick\([^,]*,([^)]*)\)/g)) for (const s of m[1]!.matchAll(/'([^']+)'/g)) add(s[1]!);
    for (const m of text.matchAll(/\b(?:json|query):\s*\{([^}]*)\}/g))
      for (const k of m[1]!.matchAll(/(\w+)\s*:/g)) add(k[1]!);
    for (const m of text.matchAll(/\.append\('(\w+)'/g)) add(m[1]!);
    // Multipart field names are written as capitalised object keys (NombreVacante: …).
    for (const m of text.matchAll(/^\s*([A-Z]\w+):/gm)) add(m[1]!);
  }
  return names;
}

const STATUS =
  /\.status\b|\bstatusCode\b|\bstatus(?:Code)?\s*(?:[=!]==?|[<>]=?)\s*\d|\b(?:200|201|204|400|401|403|404|405|409|410|413|415|422|500|502|503|504)\b/g;

describe('bff layering (principle 9)', () => {
  it('finds the REST field names the upstream clients use', () => {
    const names = restFieldNames();
    for (const n of ['nombre', 'NombreVacante', 'existe', 'soloActivos', 'candidatosEliminados'])
      expect(names).toContain(n);
  });

  it('resolvers contain no HTTP status', () => {
    const hits = resolvers.flatMap(({ file, text }) => [...text.matchAll(STATUS)].map((m) => `${file}: ${m[0]}`));
    expect(hits).toEqual([]);
  });

  it('resolvers contain no REST field name and read no raw answer', () => {
    const rest = restFieldNames();
    const hits = resolvers.flatMap(({ file, text }) => {
      const words = [
        ...[...text.matchAll(/'(\w+)'/g)].map((m) => m[1]!),
        ...[...text.matchAll(/[{,]\s*(\w+)\s*:/g)].map((m) => m[1]!),
      ];
      const raw = /\b(?:pick|fieldsOf|listOf)\(/.test(text) ? ['pick/fieldsOf/listOf'] : [];
      return [...words.filter((w) => rest.has(w)), ...raw].map((w) => `${file}: ${w}`);
    });
    expect(hits).toEqual([]);
  });

  it('resolvers import neither undici nor the HTTP client, nor call it', () => {
    const hits = read('resolvers').filter(({ text }) =>
      /from 'undici'|upstream\/http\.js'|ctx\.http\.(?:request|raw|send|read)\b/.test(text),
    );
    expect(hits.map((h) => h.file)).toEqual([]);
  });

  it('resolvers see no Express request or response, no raw HTTP client and no session machinery', () => {
    const hits = [...read('resolvers'), ...read('graph')].flatMap(({ file, text }) =>
      [...text.matchAll(/\bctx\.(?:req|res|http|sessions)\b/g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(hits).toEqual([]);
  });

  it('only upstream/http.ts uses undici to call the api', () => {
    const all = ['.', 'upstream', 'resolvers', 'normalise', 'auth', 'files', 'uploads'].flatMap(read);
    const users = all.filter(({ text }) => /from 'undici'/.test(text) && /\bPool\b|\brequest\(/.test(text));
    expect(users.map((u) => u.file)).toEqual(['upstream/http.ts']);
  });

  it('context.ts is in no import cycle', () => {
    const modules = ['.', 'upstream', 'resolvers', 'normalise', 'auth', 'files', 'uploads'].flatMap(read);
    const importsOf = (file: string) => {
      const m = modules.find((x) => path.normalize(x.file) === path.normalize(file));
      if (!m) return [];
      return [...m.text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)].map((i) =>
        path.normalize(path.join(path.dirname(m.file), `${i[1]}.ts`)),
      );
    };
    const reaches = (from: string, target: string, seen = new Set<string>()): boolean =>
      importsOf(from).some((n) => n === target || (!seen.has(n) && (seen.add(n), reaches(n, target, seen))));
    expect(importsOf('context.ts').filter((dep) => reaches(dep, 'context.ts'))).toEqual([]);
  });
});
