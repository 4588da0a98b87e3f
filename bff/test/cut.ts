import { connect, createServer as createTcpServer, type Server, type Socket } from 'node:net';

export type CutMode = 'pass' | 'refuse' | 'hang';

/**
 * A TCP hop on loopback in front of the api that plays an outage: 'refuse' stops listening (the
 * api process is gone: connections refused), 'hang' accepts and never answers (the api hung),
 * 'pass' forwards. Every change drops the connections open so far. Used by the bff's outage test
 * and the browser journey that stops and restarts the api.
 */
export class Cut {
  mode: CutMode = 'pass';
  port = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  constructor(private readonly target: number) {}

  async open(): Promise<void> {
    this.server = createTcpServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => undefined);
      if (this.mode === 'hang') return;
      const api = connect(this.target, '127.0.0.1');
      this.sockets.add(api);
      api.on('close', () => this.sockets.delete(api));
      api.on('error', () => client.destroy());
      client.pipe(api).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  private dropAll() {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  async set(mode: CutMode): Promise<void> {
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
