import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractedText, ExtractLimits } from './extract.js';
import type { PdfTextRequest } from './pdf-text.thread.js';

/**
 * A new thread for the reader: the bundled file next to the api's bundle in production
 * (api/dist/cv-text/pdf-text.thread.js, an entry of scripts/build.mjs); in development and tests the
 * TypeScript source, loaded through tsx's loader registered inside the thread (a worker does not
 * inherit the `--import tsx` of the process that starts it).
 */
function startThread(): Worker {
  for (const rel of ['./cv-text/pdf-text.thread.js', '../cv-text/pdf-text.thread.js']) {
    const url = new URL(rel, import.meta.url);
    if (existsSync(fileURLToPath(url))) return new Worker(url, { stdout: false, stderr: false, env: process.env });
  }
  const source = new URL('./pdf-text.thread.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(source)}); });`, {
    eval: true,
    stdout: false,
    stderr: false,
    env: process.env,
  });
}

export interface PdfTextReader {
  /**
   * The PDF's text, read in the thread. A file still being read after `timeLimitMs × 2` (a page
   * that never ends) gets no text, and the thread is ended and started afresh for the next file.
   */
  read(data: Uint8Array, limits: ExtractLimits): Promise<ExtractedText | 'timeout'>;
  close(): Promise<void>;
}

/** One thread, started on the first file and kept; files are read one at a time, in order. */
export function createPdfTextReader(): PdfTextReader {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, (r: ExtractedText | 'failed') => void>();
  let queue: Promise<unknown> = Promise.resolve();

  function start(): Worker {
    const w = startThread();
    w.unref();
    w.on('message', (m: { id: number; result: ExtractedText }) => {
      waiting.get(m.id)?.(m.result);
      waiting.delete(m.id);
    });
    // A thread that died answers what it held as unreadable, and the next file starts another.
    const fail = () => {
      if (worker === w) worker = null;
      for (const done of waiting.values()) done('failed');
      waiting.clear();
    };
    w.on('error', fail);
    w.on('exit', fail);
    return w;
  }

  async function readNow(data: Uint8Array, limits: ExtractLimits): Promise<ExtractedText | 'timeout'> {
    worker ??= start();
    const w = worker;
    const id = ++nextId;
    const copy = new Uint8Array(data);
    const answer = new Promise<ExtractedText | 'failed'>((resolve) => waiting.set(id, resolve));
    w.postMessage({ id, data: copy, limits } satisfies PdfTextRequest, [copy.buffer]);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), Math.max(1_000, limits.timeLimitMs * 2));
    });
    const result = await Promise.race([answer, late]);
    clearTimeout(timer);
    if (result === 'timeout') {
      waiting.delete(id);
      if (worker === w) worker = null;
      await w.terminate();
      return 'timeout';
    }
    return result === 'failed' ? { text: '', cut: null, broken: true } : result;
  }

  return {
    read(data, limits) {
      const run = queue.then(() => readNow(data, limits));
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      await queue;
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
