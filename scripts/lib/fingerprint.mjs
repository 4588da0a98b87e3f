// "Is this output older than its inputs?" by content, not by mtime: a fresh clone, a branch
// switch or a copied folder gives files new times without changing them. A stamp under
// node_modules/.cache/bolsa/ records the hash of the inputs an output was made from.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
const stamps = path.join(root, 'node_modules/.cache/bolsa');
const SKIP = new Set(['node_modules', 'dist', '.git']);

function files(p, out) {
  if (!existsSync(p)) return out;
  if (!statSync(p).isDirectory()) {
    out.push(p);
    return out;
  }
  for (const name of readdirSync(p).sort()) if (!SKIP.has(name)) files(path.join(p, name), out);
  return out;
}

/** sha256 over the paths and contents of every file under `inputs` (paths relative to the root). */
export function fingerprint(inputs, { exclude = () => false } = {}) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(path.join(root, input), [])) {
      const rel = path.relative(root, file);
      if (exclude(rel)) continue;
      hash.update(`${rel}\0`).update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

/** True when `name` was last made from exactly these inputs and every output still exists. */
export function upToDate(name, hash, outputs) {
  const file = path.join(stamps, `${name}.sha256`);
  if (!outputs.every((o) => existsSync(path.join(root, o)))) return false;
  return existsSync(file) && readFileSync(file, 'utf8').trim() === hash;
}

export function recordStamp(name, hash) {
  mkdirSync(stamps, { recursive: true });
  writeFileSync(path.join(stamps, `${name}.sha256`), `${hash}\n`);
}
