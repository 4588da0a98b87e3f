import type { Response } from 'express';

/** Resolves when the response can take more, or is gone (leaves no listener behind). */
const drained = (w: Response) =>
  new Promise<void>((resolve) => {
    const done = () => {
      w.off('drain', done);
      w.off('close', done);
      w.off('error', done);
      resolve();
    };
    w.on('drain', done);
    w.on('close', done);
    w.on('error', done);
  });

/**
 * Streams rows to the BFF as NDJSON (an export: candidate lists, the audit log), one batch at a
 * time: the next batch is read only when the BFF has taken this one (back-pressure), and none once
 * the BFF has gone. `total` goes ahead in X-Total-Count.
 */
export async function sendNdjson(res: Response, total: number, batches: AsyncIterable<readonly unknown[]>) {
  res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
  res.setHeader('X-Total-Count', String(total));
  res.setHeader('Cache-Control', 'no-store');
  let gone = false;
  res.on('close', () => (gone = true));
  for await (const batch of batches) {
    if (gone) return;
    if (!batch.length) continue;
    if (!res.write(batch.map((r) => JSON.stringify(r)).join('\n') + '\n')) await drained(res);
  }
  res.end();
}
