import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Request durations from 1 ms to 10 s: a cached board answer takes a millisecond, an upload seconds. */
export const HTTP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A registry of one service, its series labelled service="<name>". Node's own metrics (CPU, memory,
 * handles, GC, event-loop lag) describe the process: its entry point asks for them once; instances
 * that tests start side by side in one process do not.
 */
export function serviceRegistry(service: string, o: { processMetrics?: boolean } = {}): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  if (o.processMetrics) collectDefaultMetrics({ register: registry });
  return registry;
}

/** Records one HTTP answer: method, route pattern (never a raw path), status, seconds. */
export type RequestObserver = (method: string, route: string, status: number, seconds: number) => void;

/** bolsa_http_request_duration_seconds in `registry`: the same series in every service. */
export function httpRequestDurations(registry: Registry): RequestObserver {
  const http = new Histogram({
    name: 'bolsa_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  return (method, route, status, seconds) => http.observe({ method, route, status_code: status }, seconds);
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Prometheus text on its own port (GET /metrics; anything else 404), bound to loopback unless the
 * operator says otherwise: never on a public port, as metrics name routes and volumes nobody
 * outside needs to see.
 */
export async function startMetricsServer(registry: Registry, host: string, port: number): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('No encontrado\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Error al leer las métricas\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
