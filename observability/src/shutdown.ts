import type { Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

export interface Drainable {
  /**
   * Stops accepting connections and waits for the requests in flight: their answers say
   * `Connection: close`, idle keep-alive sockets close at once and again as answers finish, and
   * whatever is still open after `timeoutMs` is cut. Resolves when the server has closed.
   */
  drain(timeoutMs: number): Promise<void>;
}

/** Tracks `server`'s answers in flight (from now on) so a shutdown can drain it. */
export function drainable(server: Server, logger: Pick<Logger, 'warn'>): Drainable {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req, res: ServerResponse) => {
    if (draining) closeAfter(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return {
    async drain(timeoutMs) {
      draining = true;
      for (const res of inFlight) closeAfter(res);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), timeoutMs);
      });
      try {
        if ((await Promise.race([closed, late])) === 'late') {
          logger.warn(
            { timeoutMs, inFlight: inFlight.size },
            'cierre: solicitudes sin terminar al vencer el plazo; se cortan',
          );
          server.closeAllConnections();
          await closed;
        }
      } finally {
        clearInterval(sweep);
        clearTimeout(timer);
      }
    },
  };
}
