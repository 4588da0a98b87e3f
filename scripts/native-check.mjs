#!/usr/bin/env node
// The packages with native or WebAssembly parts, loaded and used once on this Node: sharp
// (libvips, N-API), @node-rs/argon2 (N-API), PGlite (WebAssembly). .ci/run runs it on Node 24
// (production) and on the machine's Node (development). Resolved from the api's install.
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const requireFromApi = createRequire(path.join(root, 'api/package.json'));
const load = (name) => import(requireFromApi.resolve(name));

const checks = {
  async sharp() {
    const { default: sharp } = await load('sharp');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a6' } })
      .png()
      .toBuffer();
    const { width } = await sharp(png).metadata();
    if (width !== 8) throw new Error(`ancho ${width}`);
    return `libvips ${sharp.versions.vips}`;
  },
  async '@node-rs/argon2'() {
    const { hash, verify } = await load('@node-rs/argon2');
    const h = await hash('prueba-nativa');
    if (!(await verify(h, 'prueba-nativa'))) throw new Error('verify falló');
    return h.split('$')[1];
  },
  async '@electric-sql/pglite'() {
    const { PGlite } = await load('@electric-sql/pglite');
    const db = await PGlite.create();
    const { rows } = await db.query('select 1 + 1 as two');
    await db.close();
    if (rows[0]?.two !== 2) throw new Error(JSON.stringify(rows));
    return 'select 1 + 1 = 2';
  },
};

let failed = 0;
for (const [name, fn] of Object.entries(checks)) {
  try {
    console.log(`  ✓ ${name} on Node ${process.versions.node}: ${await fn()}`);
  } catch (err) {
    failed++;
    console.log(`  ✗ ${name} on Node ${process.versions.node}: ${err instanceof Error ? err.message : err}`);
  }
}
console.log(`native-check: ${Object.keys(checks).length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
