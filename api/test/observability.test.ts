import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.js';
import { applicationReceived } from '../src/mail/templates.js';
import { enqueueMail, startOutboxWorker } from '../src/mail/outbox.js';
import {
  capturingLogger,
  createLogger,
  Readiness,
  startMetricsServer,
  type MetricsServer,
} from '../src/observability/index.js';
import { databases, records, type TestApi } from './support/databases.js';
import { refused, startServiceProcess } from '../../observability/test-support/service-process.js';
import { until } from './support/smtp.js';

const mail = (n: number) =>
  applicationReceived({
    name: `Persona ${n}`,
    vacancy: 'Plaza',
    branch: 'Sede',
    date: '2026-11-23',
    registered: false,
    publicUrl: 'http://localhost:4000',
  });

/** The value of one sample line of a Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe.each(databases)('observability of the api on $name', ({ name, start }) => {
  let t: TestApi;
  let metrics: MetricsServer;
  const auth = () => ({ Authorization: `Bearer ${t.api.token}` });
  const scrape = async () => {
    const res = await fetch(metrics.url);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  beforeAll(async () => {
    t = await start();
    metrics = await startMetricsServer(t.api.metrics.registry, '127.0.0.1', 0);
  }, 180_000);
  afterAll(async () => {
    await metrics?.close();
    await t?.close();
  });

  it('GET /internal/readyz: ready with the database reachable and every migration applied, no token needed', async () => {
    const res = await request(t.api.url).get('/internal/readyz').expect(200);
    // Idle connections outlive the BFF pools' 30 s, so none is reused just as the api closes it.
    expect((await fetch(`${t.api.url}/internal/readyz`)).headers.get('keep-alive')).toBe('timeout=65');
    expect(res.body).toEqual({ ok: true, database: true, migrations: true, draining: false });
    expect(res.headers['cache-control']).toBe('no-store');
    // Probes are not logged while they succeed.
    expect(records(t.logs).filter((l) => l.route === '/internal/readyz')).toEqual([]);
  });

  it('does not log the session-revocation poll while it succeeds (each BFF asks four times a second)', async () => {
    await request(t.api.url).get('/internal/sesiones/revocaciones?ventanaMs=10000').set(auth()).expect(200);
    await request(t.api.url).get('/internal/sesiones/revocaciones?ventanaMs=x').set(auth());
    const polls = records(t.logs).filter((l) => String(l.route).startsWith('/internal/sesiones/revocaciones'));
    expect(polls.every((l) => l.status !== 200)).toBe(true);
  });

  it('serves Prometheus text on its own port: request durations by route pattern, never a raw path', async () => {
    await request(t.api.url).get('/plazas/987654?dpi=2345678901234').set(auth()).expect(404);
    await request(t.api.url).get('/sedes').set(auth()).expect(200);
    await request(t.api.url).get('/no-existe/4242').set(auth()).expect(404);
    const text = await scrape();
    expect(
      sample(text, 'bolsa_http_request_duration_seconds_count', { route: '/plazas/:id', status_code: '404' }),
    ).toBe(1);
    expect(
      sample(text, 'bolsa_http_request_duration_seconds_count', { route: '/sedes', method: 'GET', status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bolsa_http_request_duration_seconds_count', { route: 'none', status_code: '404' })).toBe(1);
    expect(text).toContain('service="api"');
    expect(text).not.toContain('987654');
    expect(text).not.toContain('4242');
    expect(text).not.toContain('2345678901234');
    expect(sample(text, 'bolsa_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(text, 'bolsa_outbox_deliveries_total', { outcome: 'sent' })).toBe(0);
    if (name === 'PostgreSQL') {
      expect(sample(text, 'bolsa_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(sample(text, 'bolsa_db_pool_max')).toBe(10);
    } else {
      expect(text).not.toContain('bolsa_db_pool_connections');
    }
    // Only /metrics is served there.
    expect((await fetch(metrics.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metrics.url, { method: 'POST' })).status).toBe(404);
  });

  it('counts what waits in the outbox and how old the oldest is', async () => {
    const before = sample(await scrape(), 'bolsa_outbox_pending') ?? 0;
    const id = await enqueueMail(t.api.db, mail(1), 'persona1@example.com');
    await t.api.db
      .updateTable('correos_salientes')
      .set({ creado_en: new Date(Date.now() - 90_000).toISOString() })
      .where('id', '=', id)
      .execute();
    const text = await scrape();
    expect(sample(text, 'bolsa_outbox_pending')).toBe(before + 1);
    expect(sample(text, 'bolsa_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(89);
    await t.api.db.deleteFrom('correos_salientes').where('id', '=', id).execute();
  });

  it('a readiness that is draining (shutdown begun) answers 503', async () => {
    const readiness = new Readiness(t.api.db);
    readiness.draining = true;
    const app = createApp({
      db: t.api.db,
      files: { ready: async () => undefined } as never,
      serviceToken: t.api.token,
      readiness,
      logger: createLogger('api', { level: 'silent' }),
    });
    const res = await request(app).get('/internal/readyz').expect(503);
    expect(res.body).toEqual({ ok: false, database: true, migrations: true, draining: true });
  });
});

// The logger itself is @bolsa/observability's (observability/test/logger.test.ts); this checks that
// the api's applies the domain's privacy rules.
describe('the api process logger', () => {
  it('redacts personal keys (domain PERSONAL_LOG_KEYS) and scrubs an Error’s message (domain scrubText)', () => {
    const lines: string[] = [];
    const log = capturingLogger('api', lines);
    log.info({ dpi: '2345678901234', candidato: { email: 'ana@example.com', telefono: '55123456' }, ok: 1 }, 'x');
    log.error({ err: new TypeError('falló con ana@example.com y 2345678901234') }, 'y');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'info',
      service: 'api',
      dpi: '[oculto]',
      candidato: { email: '[oculto]', telefono: '[oculto]' },
      ok: 1,
    });
    expect(JSON.parse(lines[1]!)).toMatchObject({
      err: { type: 'TypeError', message: 'falló con <correo> y <número>' },
    });
  });
});

/** An SMTP server that holds every message until released. */
async function heldSmtp() {
  const received: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let arrived!: () => void;
  const first = new Promise<void>((r) => (arrived = r));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        arrived();
        void released.then(() => callback());
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, received, first, release, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(databases)('the outbox worker stopping on $name', ({ start }) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await start();
  }, 180_000);
  afterAll(async () => t?.close());

  it('sends the rows it claimed before stopping, and claims no more', async () => {
    const smtp = await heldSmtp();
    const state = async (id: number) =>
      (await t.api.db.selectFrom('correos_salientes').select('estado').where('id', '=', id).executeTakeFirstOrThrow())
        .estado;
    const claimed = [
      await enqueueMail(t.api.db, mail(10), 'persona10@example.com'),
      await enqueueMail(t.api.db, mail(11), 'persona11@example.com'),
    ];
    const outcomes: string[] = [];
    const worker = startOutboxWorker({
      db: t.api.db,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Bolsa <no-responder@ejemplo.org.gt>',
      pollMs: 20,
      onDelivery: (o) => outcomes.push(o),
    });
    try {
      await smtp.first;
      expect(await state(claimed[1]!)).toBe('enviando');
      // Arrives after the claim: the stopping worker must leave it to another process (or the next start).
      const later = await enqueueMail(t.api.db, mail(12), 'persona12@example.com');
      let stopped = false;
      const stopping = worker.stop().then(() => (stopped = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(stopped).toBe(false);
      smtp.release();
      await stopping;
      expect(await state(claimed[0]!)).toBe('enviado');
      expect(await state(claimed[1]!)).toBe('enviado');
      expect(outcomes).toEqual(['sent', 'sent']);
      await new Promise((r) => setTimeout(r, 200));
      expect(await state(later)).toBe('pendiente');
      expect(smtp.received).toEqual(['persona10@example.com', 'persona11@example.com']);
      await t.api.db.deleteFrom('correos_salientes').where('id', '=', later).execute();
    } finally {
      smtp.release();
      await worker.stop();
      await smtp.close();
    }
  });
});

/** A free loopback port in the range given to this suite's processes. */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('the api process (api/src/index.ts) on SIGTERM', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, refuses new connections, logs JSON and exits 0', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bolsa-api-stop-'));
    const [port, metricsPort] = [await freePort(), await freePort()];
    const token = randomBytes(24).toString('hex');
    const base = `http://127.0.0.1:${port}`;
    const api = await startServiceProcess({
      entry: 'api/src/index.ts',
      env: {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        API_PORT: String(port),
        API_METRICS_PORT: String(metricsPort),
        SERVICE_TOKEN: token,
        SEED_DEMO: 'false',
        SHUTDOWN_TIMEOUT_MS: '20000',
      },
      readyUrl: `${base}/healthz`,
      timeoutMs: 120_000,
    });
    child = api.child;

    // The metrics port opens just after the api's own (api/src/index.ts): a busy machine can be
    // asked in between, so ask until it answers.
    const metricsText = await vi.waitFor(async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(), {
      timeout: 10_000,
      interval: 100,
    });
    expect(metricsText).toContain('nodejs_eventloop_lag_seconds');
    expect(metricsText).toContain('process_cpu_seconds_total');

    // A request whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify({ email: 'cierre@ejemplo.org.gt', nombre: 'Correo de cierre' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    const answered = new Promise<void>((r) => socket.once('end', () => r()));
    socket.write(
      `POST /correos HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: cierre-1\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');

    await until(() => refused(port), 10_000);
    // Longer than the 3 s the api used to give a request in flight: SHUTDOWN_TIMEOUT_MS (20 s here) rules.
    await new Promise((r) => setTimeout(r, 3_500));
    expect(child.exitCode).toBeNull();
    socket.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(await api.exited).toBe(0);
    expect(await refused(metricsPort)).toBe(true);

    const lines = api.jsonLines();
    expect(lines).toContainEqual(
      expect.objectContaining({
        service: 'api',
        level: 'info',
        reqId: 'cierre-1',
        method: 'POST',
        route: '/correos',
        status: 201,
      }),
    );
    expect(lines.map((l) => l.msg)).toContain('API cerrado');
    expect(api.out.join('\n')).not.toContain('cierre@ejemplo.org.gt');
  }, 180_000);
});
