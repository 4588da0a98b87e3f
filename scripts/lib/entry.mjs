// Which file runs a server or a command: the TypeScript source through tsx in development, the
// compiled bundle (npm run build) where the development tools are not installed — a production
// install (`npm ci --omit=dev`, the image) has no tsx and must never need it.
import { existsSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** True when tsx is installed (a development checkout after `npm ci`). */
export const hasDevTools = () => existsSync(path.join(root, 'node_modules/tsx/package.json'));

/**
 * Node arguments that run `<workspace>/src/<name>.ts` (development) or `<workspace>/dist/<name>.js`
 * (compiled; always when `compiled` is true or tsx is missing).
 */
export function entryArgs(workspace, name, { compiled = !hasDevTools() } = {}) {
  if (!compiled) return ['--import', 'tsx', path.join(root, workspace, 'src', `${name}.ts`)];
  const file = path.join(root, workspace, 'dist', `${name}.js`);
  if (!existsSync(file)) {
    throw new Error(
      `Falta ${path.relative(root, file)}: compile con \`npm run build\` (necesita las dependencias de desarrollo, npm ci).`,
    );
  }
  return ['--enable-source-maps', file];
}
