import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  drainable,
  httpRequestDurations,
  logging,
  serviceRegistry,
  startMetricsServer,
  type LogPrivacy,
  type RequestLogOptions,
} from '../src/index.js';

const privacy: LogPrivacy = {
  redactPaths: ['secreto', '*.secreto'],
  requestRedactPaths: ['secreto'],
  censor: '[fuera]',
  scrub: (text) => text,
};
const { capturingLogger, requestLog } = logging(privacy);

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('the request log', () => {
  function logged(lines: string[], extra: Partial<RequestLogOptions> = {}) {
    let id = 0;
    return requestLog({
      logger: capturingLogger('svc', lines),
      genReqId: () => `r${++id}`,
      probes: new Set(['/healthz']),
      fields: (req, res) => ({ method: req.method, route: (req.url ?? '').split('?')[0], status: res.statusCode }),
      ...extra,
    });
  }

  it('one line per answer with the service’s fields and ms; req.log is bound to the id and redacts personal keys', async () => {
    const lines: string[] = [];
    const log = logged(lines);
    const { url } = await listen((req, res) => {
      log(req, res);
      (req as typeof req & { log: { info(o: object, m: string): void } }).log.info({ secreto: 'x' }, 'dentro');
      res.statusCode = req.url === '/falla' ? 503 : 200;
      res.end('ok');
    });
    await fetch(`${url}/plazas?dpi=1`);
    await fetch(`${url}/falla`);
    await fetch(`${url}/healthz`);
    await expect.poll(() => lines.length, { timeout: 5_000 }).toBe(5);
    const [inside, done, , failed] = parsed(lines);
    expect(inside).toMatchObject({ reqId: 'r1', secreto: '[fuera]', msg: 'dentro' });
    expect(done).toMatchObject({ level: 'info', reqId: 'r1', method: 'GET', route: '/plazas', status: 200 });
    expect(done!.msg).toBe('solicitud atendida');
    expect(typeof done!.ms).toBe('number');
    expect(JSON.stringify(done)).not.toContain('dpi');
    expect(failed).toMatchObject({ level: 'error', status: 503, msg: 'solicitud fallida' });
    // The probe's own line is silent while it succeeds; the line inside it is still there.
    expect(parsed(lines).filter((l) => l.route === '/healthz')).toEqual([]);
  }, 15_000);

  it('without lines still gives every request an id; answered() gets the status and seconds (499 when cut)', async () => {
    const lines: string[] = [];
    const answers: [string | undefined, number, number][] = [];
    const log = logged(lines, { lines: false, answered: (req, status, s) => answers.push([req.url, status, s]) });
    const { url } = await listen((req, res) => {
      log(req, res);
      if (req.url === '/cuelga') return; // never answers: the client goes away
      res.end();
    });
    await fetch(`${url}/a`);
    const cut = new AbortController();
    const hung = fetch(`${url}/cuelga`, { signal: cut.signal }).catch(() => null);
    await new Promise((r) => setTimeout(r, 100));
    cut.abort();
    await hung;
    await expect.poll(() => answers.length, { timeout: 5_000 }).toBe(2);
    expect(answers.map(([u, status]) => [u, status])).toEqual([
      ['/a', 200],
      ['/cuelga', 499],
    ]);
    expect(answers[0]![2]).toBeGreaterThanOrEqual(0);
    expect(lines).toEqual([]);
  }, 15_000);
});

describe('summarised requests (a shared cache’s answers)', () => {
  it('get one line per group and interval with counts by status and the slowest; a failure keeps its own line', async () => {
    const lines: string[] = [];
    let id = 0;
    const log = requestLog({
      logger: capturingLogger('svc', lines),
      genReqId: () => `r${++id}`,
      probes: new Set(),
      fields: (req, res) => ({ route: req.url, status: res.statusCode }),
      summarised: (req) => (req.url?.startsWith('/cache') ? { route: '/cache', operationName: 'Board' } : undefined),
      summaryMs: 200,
    });
    const { url } = await listen((req, res) => {
      log(req, res);
      res.statusCode = req.url === '/cache/falla' ? 500 : req.url === '/cache/viejo' ? 304 : 200;
      res.end();
    });
    for (const path of ['/cache', '/cache', '/cache/viejo', '/otra', '/cache/falla']) await fetch(url + path);
    await expect
      .poll(() => parsed(lines).filter((l) => l.msg === 'respuestas resumidas').length, { timeout: 5_000 })
      .toBe(1);
    const all = parsed(lines);
    // The other route and the failure have their lines; the three cached answers only the summary.
    expect(all.filter((l) => l.msg !== 'respuestas resumidas').map((l) => [l.route, l.status])).toEqual([
      ['/otra', 200],
      ['/cache/falla', 500],
    ]);
    const [summary] = all.filter((l) => l.msg === 'respuestas resumidas');
    expect(summary).toMatchObject({
      level: 'info',
      route: '/cache',
      operationName: 'Board',
      answers: 3,
      byStatus: { 200: 2, 304: 1 },
      everyMs: 200,
    });
    expect(summary!.maxMs).toEqual(expect.any(Number));
    // Nothing more is written while nothing more is answered.
    await new Promise((r) => setTimeout(r, 400));
    expect(parsed(lines).filter((l) => l.msg === 'respuestas resumidas')).toHaveLength(1);
  }, 15_000);
});

describe('metrics on their own port', () => {
  it('serves the registry’s Prometheus text at GET /metrics only, every series labelled with the service', async () => {
    const registry = serviceRegistry('svc', { processMetrics: true });
    httpRequestDurations(registry)('GET', '/plazas/:id', 200, 0.02);
    const metrics = await startMetricsServer(registry, '127.0.0.1', 0);
    try {
      expect(metrics.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const text = await (await fetch(metrics.url)).text();
      expect(text).toContain(
        'bolsa_http_request_duration_seconds_count{service="svc",method="GET",route="/plazas/:id",status_code="200"} 1',
      );
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect((await fetch(metrics.url.replace('/metrics', '/'))).status).toBe(404);
      expect((await fetch(metrics.url, { method: 'POST' })).status).toBe(404);
    } finally {
      await metrics.close();
    }
    expect(serviceRegistry('otro').getMetricsAsArray()).toEqual([]);
  }, 15_000);
});

describe('draining a server on shutdown', () => {
  it('lets the request in flight finish with Connection: close and refuses new connections', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { server, url } = await listen((_req, res) => void held.then(() => res.end('listo')));
    const warnings: unknown[] = [];
    const drain = drainable(server, { warn: (o: unknown) => warnings.push(o) });
    const inFlight = fetch(url);
    await new Promise((r) => setTimeout(r, 100));
    const drained = drain.drain(10_000);
    await new Promise((r) => setTimeout(r, 100));
    await expect(fetch(url)).rejects.toThrow();
    release();
    const res = await inFlight;
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.text()).toBe('listo');
    await drained;
    expect(warnings).toEqual([]);
  }, 15_000);

  it('cuts what is still open when the time is up, and says so', async () => {
    const { server, url } = await listen(() => {}); // never answers
    const warnings: unknown[] = [];
    const drain = drainable(server, { warn: (o: unknown) => warnings.push(o) });
    const hung = fetch(url).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    await drain.drain(200);
    expect(await hung).toBeInstanceOf(Error);
    expect(warnings).toEqual([{ timeoutMs: 200, inFlight: 1 }]);
  }, 15_000);
});
