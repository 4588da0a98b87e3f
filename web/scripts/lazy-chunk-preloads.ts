import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';

/** The part of a build's output this rule reads: which chunk imports which, statically. */
export type ChunkGraph = Record<
  string,
  { type: 'chunk'; fileName: string; imports: string[]; isEntry: boolean } | { type: 'asset' }
>;

/**
 * A chunk and every chunk it imports statically, directly or not, in the order a depth-first walk
 * meets them (the order the HTML lists them in). Stops at the files of `known`.
 */
export function staticGraph(graph: ChunkGraph, from: string, known: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || known.has(file)) return;
    seen.add(file);
    const c = graph[file];
    if (c?.type === 'chunk') c.imports.forEach(visit);
  };
  visit(from);
  return seen;
}

/**
 * What a lazy chunk's import preloads. Vite's helper adds a `<link rel="modulepreload">` to the
 * head for every module the chunk needs, one by one, in the task that asks for the chunk: about
 * 1 ms each on a cheap phone (4× CPU), and the start of the app asked for 34 of them, the
 * application form for 64. That was tens of milliseconds of blocked input for links the browser
 * has no use for:
 * - it already has the modules of the chunk that asks (its static graph ran before the ask) and
 *   of the entry;
 * - it finds the chunk's own imports as soon as the chunk arrives, and fetches them in parallel.
 *
 * Only the modules further down are preloaded, so the download takes at most one round trip more
 * than before (the chunk, then its own imports, with everything deeper already on its way).
 * CSS is not affected: Vite adds a lazy chunk's stylesheets after this rule.
 * docs/decisions/2026-11-23-prerendered-public-pages.md, "2026-11-28 · Fewer preload links".
 */
export function deeperDependencies(graph: ChunkGraph, file: string, deps: string[], hostId: string): string[] {
  const chunk = graph[file];
  if (chunk?.type !== 'chunk') return deps;
  const closure = (from: string) => [...staticGraph(graph, from)];
  const entries = Object.values(graph).flatMap((c) => (c.type === 'chunk' && c.isEntry ? [c.fileName] : []));
  const loaded = new Set([...closure(hostId), ...entries.flatMap(closure)]);
  const foundAtOnce = new Set([file, ...chunk.imports]);
  return deps.filter((dep) => !loaded.has(dep) && !foundAtOnce.has(dep));
}

/** The rule above as Vite's `build.modulePreload.resolveDependencies`, with the plugin that lets it see the build. */
export function lazyChunkPreloads(): { plugin: Plugin; resolveDependencies: ResolveModulePreloadDependenciesFn } {
  let graph: ChunkGraph | null = null;
  return {
    plugin: {
      name: 'bolsa:lazy-chunk-preloads',
      apply: 'build',
      // Before Vite's own generateBundle, which is where it calls resolveDependencies.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          graph = bundle;
        },
      },
    },
    resolveDependencies(file, deps, { hostId, hostType }) {
      return graph && hostType === 'js' ? deeperDependencies(graph, file, deps, hostId) : deps;
    },
  };
}
