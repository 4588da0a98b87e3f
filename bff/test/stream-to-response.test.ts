import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { streamToResponse } from '../src/files/stream-to-response.js';

/**
 * A file streamed by a route of the running BFF, whose middleware (request log, metrics, shutdown
 * tracking, compression) already listens for the response's 'close' four times.
 */
async function warningsWhileStreaming(stream: (res: ServerResponse) => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.name);
  process.on('warning', onWarning);
  const server = createServer((_req, res) => {
    for (let i = 0; i < 4; i++) res.once('close', () => undefined);
    void stream(res).catch(() => res.destroy());
  });
  try {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('archivo');
    await new Promise((r) => setTimeout(r, 20));
  } finally {
    process.off('warning', onWarning);
    await new Promise((resolve) => server.close(resolve));
  }
  return warnings;
}

describe('streamToResponse', () => {
  it('streams a file without a listener-leak warning', { timeout: 20_000 }, async () => {
    expect(await warningsWhileStreaming((res) => streamToResponse(Readable.from(['archivo']), res))).not.toContain(
      'MaxListenersExceededWarning',
    );
  });

  it('(Node pipeline alone warns: what the helper is for)', { timeout: 20_000 }, async () => {
    expect(await warningsWhileStreaming((res) => pipeline(Readable.from(['archivo']), res))).toContain(
      'MaxListenersExceededWarning',
    );
  });
});
