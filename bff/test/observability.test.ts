import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { MESSAGES } from '../src/errors.js';
import { jsonErrors } from '../src/client-errors.js';
import { capturingLogger, startMetricsServer, type MetricsServer } from '../src/observability/index.js';
import { createServer } from '../src/server.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { refused, startServiceProcess, until } from '../../observability/test-support/service-process.js';
import { listen, records, startStack, type Stack } from './support.js';

const INDEX =
  '<!doctype html><html lang="es"><head><title>Bolsa de Trabajo</title></head><body><div id="root"></div></body></html>';

/** The value of one sample of a Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

/** The sum of every series of `name` with these labels (one per route, for example). */
const sum = (text: string, name: string, labels: Record<string, string> = {}): number =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
    .reduce((n, line) => n + Number(line.split(' ').at(-1)), 0);

let stack: Stack;
let dist: string;
let metrics: MetricsServer;
const http = () => request(stack.bff.handler);

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'bolsa-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets/main-abc.js'), 'console.log(1);');
  stack = await startStack({ webDist: dist }, { apiRequestLines: true });
  metrics = await startMetricsServer(stack.bff.metrics.registry, '127.0.0.1', 0);
}, 180_000);
afterAll(async () => {
  await metrics?.close();
  await stack?.close();
  rmSync(dist, { recursive: true, force: true });
});

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('the public port: pages get the SPA, everything else a real 404', () => {
  it.each(['/metrics', '/x.js', '/api/foo', '/graphql/x', '/.env', '/wp-login.php', '/internal/readyz'])(
    '%s is a JSON 404 in Spanish, for curl and for a browser alike',
    async (p) => {
      for (const accept of ['*/*', BROWSER]) {
        const res = await http().get(p).set('accept', accept);
        expect([p, accept, res.status]).toEqual([p, accept, 404]);
        expect(res.headers['content-type']).toMatch(/json/);
        expect(res.text).not.toContain('<div id="root">');
        if (p.startsWith('/graphql'))
          expect(res.body).toEqual({ errors: [{ message: MESSAGES.NOT_FOUND, extensions: { code: 'NOT_FOUND' } }] });
        else expect(res.body).toEqual({ message: MESSAGES.NOT_FOUND });
      }
    },
  );

  it.each([
    '/',
    '/vacantes',
    '/vacantes/12',
    '/vacantes/12/postular',
    '/perfil',
    '/perfil/documentos/QmFzZTY0dXJsLXRva2Vu',
    '/reclutadores/login',
    '/preguntas-frecuentes',
    '/panel',
    '/panel/detallecandidato/5',
    '/panel/usuarios',
  ])('%s (a page of the route table) is the SPA with 200, also to curl', async (p) => {
    for (const accept of ['*/*', BROWSER]) {
      const res = await http().get(p).set('accept', accept);
      expect([p, accept, res.status]).toEqual([p, accept, 200]);
      expect(res.text).toContain('<div id="root">');
    }
  });

  it('an unknown page-looking path (/livez2 too) is a 404: the SPA (its own not-found) for a browser, JSON for others', async () => {
    for (const p of ['/no-existe', '/livez2', '/panel/no-existe']) {
      const browser = await http().get(p).set('accept', BROWSER);
      expect([p, browser.status]).toEqual([p, 404]);
      expect(browser.headers['content-type']).toMatch(/html/);
      expect(browser.text).toContain('<div id="root">');
      const curl = await http().get(p).set('accept', '*/*');
      expect([p, curl.status]).toEqual([p, 404]);
      expect(curl.headers['content-type']).toMatch(/json/);
      const json = await http().get(p).set('accept', 'application/json');
      expect(json.status).toBe(404);
    }
  });

  it('keeps the built assets, and POST to a page is no page', async () => {
    expect((await http().get('/assets/main-abc.js')).status).toBe(200);
    expect((await http().post('/vacantes').set('accept', BROWSER)).status).toBe(404);
  });
});

describe('liveness and readiness', () => {
  it('/livez is 200 while the process runs; /readyz is 200 with the api and the session store reachable', async () => {
    expect((await http().get('/livez')).body).toEqual({ ok: true });
    const ready = await http().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true, api: true, sessionStore: true, draining: false });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('/readyz is 503 once shutdown has begun', async () => {
    stack.bff.health.draining = true;
    try {
      const res = await http().get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ ok: false, draining: true });
      expect((await http().get('/livez')).status).toBe(200);
    } finally {
      stack.bff.health.draining = false;
    }
  });

  const redisUrl = process.env.REDIS_URL?.trim();
  it.skipIf(!redisUrl)(
    '/readyz is 503 while Redis (the session store) does not answer',
    async () => {
      // Redis behind a loopback relay this test can cut, as a network outage would.
      const target = new URL(redisUrl!);
      const sockets = new Set<net.Socket>();
      let open = true;
      const relay = net.createServer((client) => {
        if (!open) return client.destroy();
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      const relayPort = await listen(relay as unknown as Server);
      const via = new URL(redisUrl!);
      via.host = `127.0.0.1:${relayPort}`;
      const bff = await createServer(
        loadConfig(
          { NODE_ENV: 'test' },
          { apiUrl: stack.api.url, serviceToken: stack.api.token, webDist: null, redisUrl: via.toString() },
        ),
        { logger: capturingLogger('bff', []) },
      );
      try {
        expect((await request(bff.app).get('/readyz')).body).toEqual({
          ok: true,
          api: true,
          sessionStore: true,
          draining: false,
        });
        open = false;
        for (const s of sockets) s.destroy();
        await until(async () => (await request(bff.app).get('/readyz')).status === 503, 10_000);
        expect((await request(bff.app).get('/readyz')).body).toMatchObject({
          ok: false,
          api: true,
          sessionStore: false,
        });
        const text = await bff.metrics.registry.metrics();
        expect(
          sample(text, 'bolsa_session_store_duration_seconds_count', {
            store: 'redis',
            operation: 'ping',
            outcome: 'error',
          }),
        ).toBeGreaterThanOrEqual(1);
      } finally {
        relay.close();
        for (const s of sockets) s.destroy();
        await bff.close().catch(() => undefined);
      }
    },
    60_000,
  );
});

/** `n` distinct ports nobody listens on: all held open while chosen (else the kernel may hand out one twice). */
async function closedPorts(n: number): Promise<number[]> {
  const servers = Array.from({ length: n }, () => net.createServer());
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))));
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  return ports;
}
const closedPort = async (): Promise<number> => (await closedPorts(1))[0]!;

describe('unexpected errors', () => {
  it('are logged once with the request id; a client that went away mid-file is not one', () => {
    const lines: string[] = [];
    const handler = jsonErrors(capturingLogger('bff', lines));
    const res = () => {
      const r = {
        headersSent: false,
        ended: false,
        statusCode: 200,
        headers: { 'X-Request-Id': 'r-1' } as Record<string, string>,
        getHeader: (k: string) => r.headers[k],
        setHeader: () => r,
        status: (s: number) => ((r.statusCode = s), r),
        json: () => ((r.ended = true), r),
        end: () => ((r.ended = true), r),
      };
      return r;
    };
    const req = { baseUrl: '', path: '/files/x' };
    const aborted = res();
    handler(
      Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' }),
      req as never,
      aborted as never,
      () => {},
    );
    expect([aborted.ended, lines]).toEqual([true, []]);
    const failed = res();
    handler(new TypeError('fallo con ana@example.com'), req as never, failed as never, () => {});
    expect(failed.statusCode).toBe(500);
    expect(records(lines)).toEqual([
      expect.objectContaining({
        level: 'error',
        reqId: 'r-1',
        msg: 'error inesperado',
        err: expect.objectContaining({ type: 'TypeError', message: 'fallo con <correo>' }),
      }),
    ]);
  });
});

describe('request ids', () => {
  it('keeps the X-Request-Id of a trusted proxy (loopback by default) and hands it to the api', async () => {
    const res = await http()
      .post('/graphql')
      .set('x-request-id', 'proxy-7f3a.1')
      .send({ query: 'query Branches { branches { id } }', operationName: 'Branches' });
    expect(res.headers['x-request-id']).toBe('proxy-7f3a.1');
    const bffLine = records(stack.logs.bff).find((l) => l.reqId === 'proxy-7f3a.1');
    expect(bffLine).toMatchObject({ method: 'POST', route: '/graphql', status: 200, operationName: 'Branches' });
    expect(records(stack.logs.api).some((l) => l.reqId === 'proxy-7f3a.1')).toBe(true);
  });

  it('replaces one that is not short and plain', async () => {
    const res = await http().post('/graphql').set('x-request-id', 'a b').send({ query: '{ branches { id } }' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('answers from the board’s shared cache', () => {
  it('are summed up in one line per second per operation instead of one line each; a miss keeps its own', async () => {
    const query = 'query LogSummaryProbe { departments { id name } }';
    for (let i = 0; i < 5; i++) {
      const res = await http().post('/graphql').send({ query, operationName: 'LogSummaryProbe' });
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    const probe = (msg: string) =>
      records(stack.logs.bff).filter((l) => l.msg === msg && l.operationName === 'LogSummaryProbe');
    await until(() => probe('respuestas resumidas').length > 0, 10_000);
    // The first read filled the cache (executed): its own line. The next four came from the cache.
    expect(probe('solicitud atendida')).toHaveLength(1);
    const summaries = probe('respuestas resumidas');
    expect(summaries.reduce((n, l) => n + (l.answers as number), 0)).toBe(4);
    expect(summaries[0]).toMatchObject({
      level: 'info',
      route: '/graphql',
      origin: 'caché compartida',
      byStatus: { 200: expect.any(Number) },
      everyMs: 1000,
    });
    expect(summaries[0]!.maxMs).toEqual(expect.any(Number));
    expect(summaries[0]).not.toHaveProperty('reqId');
  }, 30_000);
});

describe('metrics on their own port', () => {
  const scrape = async () => (await fetch(metrics.url)).text();

  it('HTTP durations by route, GraphQL operations by name, upstream calls by masked route, session-store latency', async () => {
    const board = { query: 'query Board { vacancies(pageSize: 2) { totalCount } }', operationName: 'Board' };
    const executed = () => sample(text0, 'bolsa_graphql_operation_duration_seconds_count', { operation: 'Board' }) ?? 0;
    let text0 = await scrape();
    const before = executed();
    for (let i = 0; i < 3; i++) await http().post('/graphql').send(board).expect(200);
    await http().get('/panel/detallecandidato/98765').set('accept', BROWSER).expect(200);
    await http().get('/x.js').expect(404);
    const login = await http()
      .post('/graphql')
      .send({
        query:
          'mutation StaffLogin($u: String!, $p: String!) { staffLogin(username: $u, password: $p) { viewer { id } } }',
        variables: { u: DEMO.manager, p: DEMO_PASSWORD },
      });
    const cookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('bolsa_sesion='))!;
    await http()
      .post('/graphql')
      .set('cookie', cookie.split(';')[0]!)
      .send({ query: 'query Vacancy { vacancy(id: "424242") { id } }' });

    const text = await scrape();
    expect(text).toContain('service="bff"');
    expect(
      sample(text, 'bolsa_http_request_duration_seconds_count', {
        route: '/graphql',
        method: 'POST',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(5);
    expect(
      sample(text, 'bolsa_http_request_duration_seconds_count', {
        route: '/panel/detallecandidato/:id',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'bolsa_http_request_duration_seconds_count', { route: 'none', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    // Executed operations only: of three board reads within the cache's second, at least one was a cached answer.
    text0 = text;
    expect(executed() - before).toBeGreaterThanOrEqual(1);
    expect(executed() - before).toBeLessThanOrEqual(2);
    expect(sample(text, 'bolsa_graphql_operation_duration_seconds_count', { operation: 'StaffLogin' })).toBe(1);
    expect(
      sample(text, 'bolsa_upstream_request_duration_seconds_count', { route: '/plazas/:x' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'bolsa_session_store_duration_seconds_count', { store: 'api', operation: 'use' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bolsa_session_store_duration_seconds_count', { store: 'api', operation: 'create' })).toBe(1);
    for (const raw of ['98765', '424242', DEMO.manager, 'x.js']) expect(text).not.toContain(raw);
    expect((await fetch(metrics.url.replace('/metrics', '/x'))).status).toBe(404);
  });

  it('buckets operation names past the first known ones, so invented names cannot grow the series', async () => {
    for (let i = 0; i < 210; i++)
      await http()
        .post('/graphql')
        .send({ query: `query Inventada${i} { __typename }` });
    const text = await scrape();
    const names = new Set(
      [...text.matchAll(/bolsa_graphql_operation_duration_seconds_count\{[^}]*operation="([^"]+)"/g)].map((m) => m[1]),
    );
    // At most 200 names of their own, plus 'anonymous' and 'other'.
    expect(names.size).toBeLessThanOrEqual(202);
    expect(names.has('other')).toBe(true);
    expect(names.has('Inventada209')).toBe(false);
  }, 120_000);

  it('counts upstream failures by reason', async () => {
    const dead = await closedPort();
    const bff = await createServer(
      loadConfig(
        { NODE_ENV: 'test' },
        { apiUrl: `http://127.0.0.1:${dead}`, serviceToken: 'x'.repeat(32), webDist: null, publicCacheTtlMs: 0 },
      ),
      { logger: capturingLogger('bff', []) },
    );
    try {
      await request(bff.handler).post('/graphql').send({ query: '{ branches { id } }' });
      const text = await bff.metrics.registry.metrics();
      // The calls that meet the dead api before it is known to be down are counted by route and
      // reason: the board's /sedes, and the session cache's revocation poll when it runs in the same
      // moment (1 or 2); once the api is known to be down, later calls answer UPSTREAM_UNAVAILABLE
      // without trying (outage.test.ts).
      const failed = sum(text, 'bolsa_upstream_errors_total', { reason: 'connection' });
      expect(failed).toBeGreaterThanOrEqual(1);
      expect(sum(text, 'bolsa_upstream_errors_total')).toBe(failed);
      expect(sum(text, 'bolsa_upstream_request_duration_seconds_count', { status_code: 'error' })).toBe(failed);
    } finally {
      await bff.close();
    }
  });
});

/** A fake api whose GET /sedes answers only when released; it records the request ids it saw. */
async function heldApi() {
  const seen: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let arrived!: () => void;
  const first = new Promise<void>((r) => (arrived = r));
  const server: Server = createHttpServer((req: IncomingMessage, res) => {
    seen.push(String(req.headers['x-request-id']));
    if (req.url?.startsWith('/sedes')) {
      arrived();
      void released.then(() =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":1,"nombre":"Central"}]'),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  const port = await listen(server);
  return { port, seen, first, release, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A POST /graphql written in two halves: headers and half the body now, the rest on finish(). */
function halfSentRequest(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  const half = Math.floor(body.length / 2);
  const headersSent = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      socket.write(
        `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
      );
      resolve();
    }),
  );
  let text = '';
  socket.on('data', (d: Buffer) => (text += d.toString()));
  const response = new Promise<string>((resolve, reject) => {
    socket.once('close', () => resolve(text));
    socket.once('error', reject);
  });
  return { headersSent, response, finish: () => socket.write(body.slice(half)) };
}

describe('the BFF process (bff/src/index.ts) on SIGTERM', () => {
  let child: ChildProcess | undefined;
  let api: Awaited<ReturnType<typeof heldApi>> | undefined;
  let dataDir = '';
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    api?.release();
    await api?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the request held by a slow api finish, refuses new connections, logs JSON and exits 0', async () => {
    api = await heldApi();
    dataDir = mkdtempSync(path.join(tmpdir(), 'bolsa-bff-stop-'));
    const [port, metricsPort] = (await closedPorts(2)) as [number, number];
    const base = `http://127.0.0.1:${port}`;
    const bffProcess = await startServiceProcess({
      entry: 'bff/src/index.ts',
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        API_URL: `http://127.0.0.1:${api.port}`,
        SERVICE_TOKEN: randomBytes(24).toString('hex'),
        SESSION_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        PUBLIC_CACHE_TTL_MS: '0',
        SHUTDOWN_TIMEOUT_MS: '20000',
        // This test's queries are free text (trusted documents have their own test).
        TRUSTED_DOCUMENTS: 'false',
      },
      readyUrl: `${base}/livez`,
      timeoutMs: 60_000,
    });
    child = bffProcess.child;
    expect(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()).toContain(
      'nodejs_eventloop_lag_seconds',
    );
    expect((await fetch(`${base}/metrics`)).status).toBe(404);

    const inFlight = fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query Sedes { branches { id name } }', operationName: 'Sedes' }),
    });
    await api.first;
    // A request already on the wire but not yet at Apollo (half its body sent) when SIGTERM comes:
    // the drain must let it reach a GraphQL server that is still running.
    const late = halfSentRequest(port, JSON.stringify({ query: 'query Sedes { branches { id name } }' }));
    await late.headersSent;
    await new Promise((r) => setTimeout(r, 300)); // the BFF has the request in hand
    child.kill('SIGTERM');
    await until(() => refused(port), 10_000);
    await new Promise((r) => setTimeout(r, 500)); // past anything Apollo's own SIGTERM handler would do
    late.finish();
    // Longer than any fixed grace: SHUTDOWN_TIMEOUT_MS (20 s here) rules.
    await new Promise((r) => setTimeout(r, 3_500));
    expect(child.exitCode).toBeNull();
    api.release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { branches: [{ id: '1', name: 'Central' }] } });
    const lateRes = await late.response;
    expect(lateRes.split('\r\n')[0], lateRes).toBe('HTTP/1.1 200 OK');
    expect(lateRes).toContain('{"data":{"branches":[{"id":"1","name":"Central"}]}}');
    const reqId = res.headers.get('x-request-id')!;
    expect(api.seen).toContain(reqId);
    expect(await bffProcess.exited).toBe(0);
    expect(await refused(metricsPort)).toBe(true);

    const lines = bffProcess.jsonLines();
    expect(lines).toContainEqual(
      expect.objectContaining({
        service: 'bff',
        level: 'info',
        reqId,
        method: 'POST',
        route: '/graphql',
        status: 200,
        operationName: 'Sedes',
      }),
    );
    expect(lines.map((l) => l.msg)).toContain('[bff] cerrado');
    // The start line says the truth about GraphiQL (off in production).
    expect(lines.find((l) => String(l.msg).includes('escuchando'))).toMatchObject({ graphiql: false });
  }, 120_000);
});
