import { describe, expect, it } from 'vitest';
import { deeperDependencies, type ChunkGraph } from './lazy-chunk-preloads';

const chunk = (fileName: string, imports: string[], isEntry = false) =>
  ({ type: 'chunk', fileName, imports, isEntry }) as const;

/*
 * main (entry) → imports react; asks for start.
 * start → imports react, box; asks for form.
 * form → imports box (start has it), modal (found when form arrives); modal → imports overlay.
 */
const graph: ChunkGraph = {
  'main.js': chunk('main.js', ['react.js'], true),
  'react.js': chunk('react.js', []),
  'start.js': chunk('start.js', ['react.js', 'box.js']),
  'box.js': chunk('box.js', ['react.js']),
  'form.js': chunk('form.js', ['box.js', 'modal.js', 'react.js']),
  'modal.js': chunk('modal.js', ['overlay.js']),
  'overlay.js': chunk('overlay.js', ['react.js']),
  'main.css': { type: 'asset' },
};

describe('deeperDependencies: what a lazy import preloads', () => {
  it('preloads only what neither the page nor the chunk itself leads the browser to', () => {
    // Vite's list for form: the chunk and every module under it.
    const deps = ['form.js', 'box.js', 'modal.js', 'react.js', 'overlay.js'];
    expect(deeperDependencies(graph, 'form.js', deps, 'start.js')).toEqual(['overlay.js']);
  });

  it("asked for by the entry: the entry's modules are there, the chunk's own imports are found with it", () => {
    expect(deeperDependencies(graph, 'start.js', ['start.js', 'react.js', 'box.js'], 'main.js')).toEqual([]);
  });

  it('a chunk asked for from elsewhere still preloads what the asking chunk does not hold', () => {
    // Asked for from modal (which has overlay): box is under form via start's graph, not modal's.
    const deps = ['form.js', 'box.js', 'modal.js', 'react.js', 'overlay.js'];
    expect(deeperDependencies(graph, 'form.js', deps, 'modal.js')).toEqual([]);
    const deeper = { ...graph, 'form.js': chunk('form.js', ['modal.js']), 'modal.js': chunk('modal.js', ['box.js']) };
    expect(deeperDependencies(deeper, 'form.js', ['form.js', 'modal.js', 'box.js'], 'overlay.js')).toEqual(['box.js']);
  });

  it('leaves a list alone when the chunk is not in the build', () => {
    expect(deeperDependencies(graph, 'other.js', ['other.js', 'x.js'], 'main.js')).toEqual(['other.js', 'x.js']);
  });
});
