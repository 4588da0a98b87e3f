// A tree's api or BFF bundled as `scripts/build.mjs` bundles it for production (esbuild, ESM,
// packages external, our own workspaces inlined), into <workspace>/dist-bench/ next to where
// dist/ would be: the processes find their schema, migrations and web files relative to their own
// folder. The benchmarks build every tree they compare with these same options (an older commit's
// own build script may differ or not exist), so both sides run alike.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** src/index.ts and every src/<area>/*.thread.ts (worker threads the process starts by file). */
function entries(dir: string, workspace: string): string[] {
  const src = path.join(dir, workspace, 'src');
  const found = [path.join(src, 'index.ts')];
  for (const area of readdirSync(src, { withFileTypes: true }).filter((d) => d.isDirectory()))
    for (const f of readdirSync(path.join(src, area.name)).sort())
      if (f.endsWith('.thread.ts')) found.push(path.join(src, area.name, f));
  return found;
}

/** Bundles `dir`/`workspace` and answers its entry, relative to `dir`. */
export async function bundleWorkspace(dir: string, workspace: 'api' | 'bff'): Promise<string> {
  const { build } = await import('esbuild');
  const outdir = path.join(dir, workspace, 'dist-bench');
  const tsconfig = path.join(dir, workspace, 'tsconfig.json');
  await build({
    absWorkingDir: dir,
    entryPoints: entries(dir, workspace),
    outbase: path.join(dir, workspace, 'src'),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    ...(existsSync(tsconfig) ? { tsconfig } : {}),
    plugins: [
      {
        name: 'packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@bolsa/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return path.relative(dir, path.join(outdir, 'index.js'));
}
