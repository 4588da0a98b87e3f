import express from 'express';
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
