import type { RequestListener } from 'node:http';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { answerCache } from '../src/answer-cache.js';

/** A stand-in for the GraphQL route behind the cache: counts executions, answers a fixed body. */
function appWith(ttlMs: number, answer: (n: number) => unknown = (n) => ({ data: { n } })) {
  const cache = answerCache(ttlMs);
  let executions = 0;
  const app = express();
  app.use(express.json(), cache.middleware, (_req, res) => {
    executions++;
    res.json(answer(executions));
  });
  const post = (query: string, cookie?: string) => {
    const r = request(app).post('/').set('content-type', 'application/json');
    if (cookie) r.set('cookie', cookie);
    return r.send({ query, variables: { page: 1 } });
  };
  return { cache, post, executions: () => executions };
}

const BOARD = '{ vacancies(page: 1) { totalCount items { id } } branches { id } }';

describe('whole-answer cache for anonymous board reads', () => {
  it('answers a repeated anonymous board query without executing it again', async () => {
    const t = appWith(60_000);
    const first = await t.post(BOARD);
    const second = await t.post(BOARD);
    expect(second.body).toEqual(first.body);
    expect(t.executions()).toBe(1);
    t.cache.invalidate();
    await t.post(BOARD);
    expect(t.executions()).toBe(2);
  });

  it('never serves or keeps answers for sessions, other fields, mutations or errors', async () => {
    const t = appWith(60_000);
    await t.post(BOARD, 'bolsa_sesion=abc');
    await t.post(BOARD, 'bolsa_sesion=abc');
    expect(t.executions()).toBe(2);
    await t.post('{ me { id } vacancies { totalCount } }');
    await t.post('{ me { id } vacancies { totalCount } }');
    expect(t.executions()).toBe(4);
    await t.post('mutation { logout }');
    await t.post('mutation { logout }');
    expect(t.executions()).toBe(6);
    const failing = appWith(60_000, () => ({ errors: [{ message: 'x' }] }));
    await failing.post(BOARD);
    await failing.post(BOARD);
    expect(failing.executions()).toBe(2);
  });

  it('is off when the public cache TTL is 0', async () => {
    const t = appWith(0);
    await t.post(BOARD);
    await t.post(BOARD);
    expect(t.executions()).toBe(2);
  });
});

/** The stand-in behind the early path, as server.ts wires it: JSON body, cache, route, errors. */
function handlerWith(ttlMs: number, allowed: string[] = [], delayMs = 0) {
  const cache = answerCache(ttlMs);
  let executions = 0;
  let throughExpress = 0;
  const app = express();
  app.use((_req, res, next) => {
    throughExpress++;
    res.setHeader('Content-Security-Policy', "default-src 'self'");
    next();
  });
  app.use(compression({ threshold: 1024 }));
  app.use(express.json(), cache.unparsable, cache.middleware, (_req, res) => {
    const n = ++executions;
    setTimeout(() => {
      res.setHeader('Cache-Control', 'no-store');
      res.json({ data: { n, big: 'x'.repeat(2_000) } });
    }, delayMs);
  });
  app.use((err: { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(err.status ?? 500).json({ errors: [{ message: 'Solicitud inválida.' }] });
  });
  const handler: RequestListener = cache.handler(app as unknown as RequestListener, allowed);
  const post = (query: string, headers: Record<string, string> = {}) => {
    const r = request(handler).post('/graphql').set('content-type', 'application/json');
    for (const [k, v] of Object.entries(headers)) r.set(k, v);
    return r.send({ query, variables: { page: 1 } });
  };
  return { cache, handler, post, executions: () => executions, throughExpress: () => throughExpress };
}

describe('cached board answers before Express', () => {
  it('answers a hit without Express, with the same bytes and headers and a request id of its own', async () => {
    const t = handlerWith(60_000);
    const first = await t.post(BOARD).set('accept-encoding', 'identity');
    expect(t.throughExpress()).toBe(1);
    const second = await t.post(BOARD).set('accept-encoding', 'identity').set('x-request-id', 'abc-123');
    expect(t.throughExpress()).toBe(1);
    expect(t.executions()).toBe(1);
    expect(second.text).toBe(first.text);
    const same = (h: Record<string, unknown>) => {
      const { date: _d, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...rest } = h;
      return rest;
    };
    expect(same(second.headers)).toEqual(same(first.headers));
    expect(second.headers['content-security-policy']).toBe("default-src 'self'");
    // The id is the instrumented handler's to choose (a trusted proxy's, else a new one); bare, a new one.
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('compresses as Express would', async () => {
    const t = handlerWith(60_000);
    await t.post(BOARD);
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const hit = await t.post(BOARD).set('accept-encoding', `${encoding}, identity`);
      expect(hit.headers['content-encoding']).toBe(encoding);
      expect(hit.headers.vary).toBe('Accept-Encoding');
      expect(hit.body.data.n).toBe(1);
    }
    expect(t.throughExpress()).toBe(1);
  });

  it('leaves misses, sessions, tokens, foreign origins and unparsable bodies to Express', async () => {
    const t = handlerWith(60_000, ['https://aliado.example']);
    await t.post(BOARD);
    const express0 = t.throughExpress();
    await t.post(BOARD, { cookie: 'bolsa_sesion=abc' });
    await t.post(BOARD, { authorization: 'Bearer bolsa_x' });
    await t.post(BOARD, { origin: 'https://sitio-malicioso.example' });
    await t.post(BOARD, { origin: 'https://sitio-malicioso.example', 'sec-fetch-site': 'same-origin' });
    await t.post(BOARD, { 'sec-fetch-site': 'cross-site' });
    await t.post('{ vacancies(page: 2) { totalCount } }');
    expect(t.throughExpress()).toBe(express0 + 6);
    // An allowed origin and the browser's own same-origin calls are answered early.
    await t.post(BOARD, { origin: 'https://aliado.example', 'sec-fetch-site': 'cross-site' });
    const self = await t.post(BOARD, { 'sec-fetch-site': 'same-origin' });
    await request(t.handler)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('host', 'bolsa.example')
      .set('origin', 'https://bolsa.example')
      .set('sec-fetch-site', 'same-origin')
      .send({ query: BOARD, variables: { page: 1 } });
    expect(t.throughExpress()).toBe(express0 + 6);
    expect(self.body.data.n).toBe(1);
    const broken = await request(t.handler).post('/graphql').set('content-type', 'application/json').send('{"query":');
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0].message).toBe('Solicitud inválida.');
    const missed = await t.post('{ branches { id } }');
    expect(missed.status).toBe(200);
    expect(missed.body.data.n).toBe(t.executions());
  });

  it('stops answering early once invalidated or expired', async () => {
    const t = handlerWith(60_000);
    await t.post(BOARD);
    t.cache.invalidate();
    expect((await t.post(BOARD)).body.data.n).toBe(2);
    expect(t.throughExpress()).toBe(2);
    const short = handlerWith(30);
    await short.post(BOARD);
    await new Promise((r) => setTimeout(r, 80));
    expect((await short.post(BOARD)).body.data.n).toBe(2);
  });
});

describe('one execution per burst', () => {
  it('lets a burst on a cold answer wait for the one execution in flight, and an expired one be refreshed once', async () => {
    const t = handlerWith(40, [], 60);
    // Cold: nothing cached yet, five visitors at once.
    const cold = await Promise.all(Array.from({ length: 5 }, () => t.post(BOARD)));
    expect(t.executions()).toBe(1);
    expect(cold.every((r) => r.status === 200 && r.body.data.n === 1)).toBe(true);
    // Expired: one execution refreshes it; the rest of the burst gets the previous answer meanwhile.
    await new Promise((r) => setTimeout(r, 120));
    const warm = await Promise.all(Array.from({ length: 5 }, () => t.post(BOARD)));
    expect(t.executions()).toBe(2);
    expect(warm.every((r) => r.body.data.n === 1 || r.body.data.n === 2)).toBe(true);
  });

  it('never hands a waiter the answer a write invalidated meanwhile', async () => {
    const t = handlerWith(60_000, [], 300);
    await t.post(BOARD);
    t.cache.invalidate();
    const refresh = t.post(BOARD).then((r) => r);
    while (t.executions() < 2) await new Promise((r) => setTimeout(r, 5));
    // Invalidated again while that refresh runs: its answer may predate the write.
    t.cache.invalidate();
    const after = await t.post(BOARD);
    expect((await refresh).body.data.n).toBe(2);
    expect(after.body.data.n).toBe(3);
  });
});
