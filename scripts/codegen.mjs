#!/usr/bin/env node
// `npm run codegen`: GraphQL types for the bff's resolvers and typed documents for the web
// (codegen.ts). Skipped when schema.graphql, codegen.ts and the web's documents are unchanged
// since the last run, so `npm test`, `npm run typecheck` and `npm run build` can each ask for it
// and a CI run still generates once. `--force` always runs it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fingerprint, recordStamp, root, upToDate } from './lib/fingerprint.mjs';

const OUTPUTS = [
  'web/src/gql/graphql.ts',
  'web/src/gql/persisted-documents.json',
  'web/src/gql/possible-types.ts',
  'bff/src/generated/resolvers.ts',
];

export function codegen({ force = false } = {}) {
  const hash = fingerprint(['codegen.ts', 'schema.graphql', 'web/src', 'package-lock.json'], {
    exclude: (rel) => rel.startsWith('web/src/gql/') || !/\.(tsx?|graphql|json)$/.test(rel),
  });
  if (!force && upToDate('codegen', hash, OUTPUTS)) return false;
  const bin = path.join(root, 'node_modules/.bin/graphql-codegen');
  const r = spawnSync(bin, ['--config', 'codegen.ts', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('[codegen] falló (¿faltan las dependencias de desarrollo? ejecute npm ci)');
    process.exit(r.status ?? 1);
  }
  recordStamp('codegen', hash);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ran = codegen({ force: process.argv.includes('--force') });
  if (!ran) console.log('[codegen] al día: schema.graphql y los documentos no cambiaron');
}
