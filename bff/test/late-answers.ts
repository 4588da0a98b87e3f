import { createServer, request as httpRequest, type Server } from 'node:http';

/**
 * A network hop between the BFF and the api that can hold back the api's answer to the next note
 * write (`POST …/notas`) for `holdMs`: the api has written the note, the BFF has given up waiting
 * and told the user it failed (docs/decisions/2026-11-29-idempotent-writes.md). Every other call
 * passes straight through. Used by the BFF's idempotency test and the browser journey.
 */
export class LateAnswers {
  readonly server: Server;
  private holdNext = false;

  constructor(
    target: string,
    private readonly holdMs: number,
  ) {
    this.server = createServer((req, res) => {
      const hold = this.holdNext && req.method === 'POST' && /\/notas$/.test(req.url ?? '');
      if (hold) this.holdNext = false;
      const up = httpRequest(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: req.headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const send = () => {
              if (res.destroyed) return;
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              res.end(Buffer.concat(chunks));
            };
            if (hold) setTimeout(send, this.holdMs);
            else send();
          });
        },
      );
      up.on('error', () => res.destroy());
      req.pipe(up);
    });
  }

  /** Listens on a free loopback port; resolves the port. */
  listen(): Promise<number> {
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as { port: number }).port)),
    );
  }

  /** The next note write's answer comes `holdMs` late. */
  holdNextNoteWrite(): void {
    this.holdNext = true;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}
