import { connect, createServer as createTcpServer, type Server, type Socket } from 'node:net';

export type CutMode = 'pass' | 'refuse' | 'hang' | 'silence';

/**
 * A TCP hop on loopback in front of the api (or Redis) that plays an outage: 'refuse' stops
 * listening (the process is gone: connections refused), 'hang' accepts and never answers (the
 * process hung), 'pass' forwards. Each of those drops the connections open so far. 'silence' keeps
 * them open and forwards nothing more either way, and new ones hang: a server that stops answering
 * in the middle of a conversation, or a network that drops packets. Used by the bff's outage and
 * Redis store tests and the browser journey that stops and restarts the api.
 */
export class Cut {
  mode: CutMode = 'pass';
  port = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly pairs = new Set<[Socket, Socket]>();
  constructor(private readonly target: number) {}

  async open(): Promise<void> {
    this.server = createTcpServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => undefined);
      if (this.mode === 'hang' || this.mode === 'silence') return;
      const api = connect(this.target, '127.0.0.1');
      const pair: [Socket, Socket] = [client, api];
      this.sockets.add(api);
      this.pairs.add(pair);
      api.on('close', () => {
        this.sockets.delete(api);
        this.pairs.delete(pair);
      });
      api.on('error', () => client.destroy());
      client.pipe(api).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  private dropAll() {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    this.pairs.clear();
  }

  async set(mode: CutMode): Promise<void> {
    if (mode === 'silence') {
      for (const [client, api] of this.pairs) {
        client.unpipe(api);
        api.unpipe(client);
      }
      this.mode = mode;
      return;
    }
    this.dropAll();
    if (mode === 'refuse' && this.server) {
      await new Promise((r) => this.server!.close(r));
      this.server = null;
    }
    this.mode = mode;
    if (mode !== 'refuse' && !this.server) await this.open();
  }

  async close(): Promise<void> {
    this.dropAll();
    if (this.server) await new Promise((r) => this.server!.close(r));
  }
}
