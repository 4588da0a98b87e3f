import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/observability/index.js';
import { startApi, type RunningApi } from '../src/server.js';

/**
 * Rotating SERVICE_TOKEN across replicas without a moment where a BFF's token is refused
 * (docs/operations.md): the api accepts SERVICE_TOKEN_PREVIOUS too, until every BFF sends the new one.
 */
const quiet = createLogger('api', { level: 'silent' });
const OLD = randomBytes(24).toString('hex');
const NEW = randomBytes(24).toString('hex');

describe('service token rotation', () => {
  let rotating: RunningApi;
  let rotated: RunningApi;
  beforeAll(async () => {
    rotating = await startApi({
      memory: true,
      port: 0,
      seedDemo: false,
      serviceToken: NEW,
      previousServiceToken: OLD,
      logger: quiet,
    });
    rotated = await startApi({ memory: true, port: 0, seedDemo: false, serviceToken: NEW, logger: quiet });
  }, 120_000);
  afterAll(async () => {
    await rotating?.close();
    await rotated?.close();
  });

  const branches = (api: RunningApi, token: string) =>
    request(api.url).get('/sedes').set('authorization', `Bearer ${token}`);

  it('while rotating, the api accepts the new token and the previous one, nothing else', async () => {
    expect((await branches(rotating, NEW)).status).toBe(200);
    expect((await branches(rotating, OLD)).status).toBe(200);
    const other = await branches(rotating, randomBytes(24).toString('hex'));
    expect(other.status).toBe(401);
    expect((await request(rotating.url).get('/sedes')).status).toBe(401);
  });

  it('once SERVICE_TOKEN_PREVIOUS is removed the old token is refused', async () => {
    expect((await branches(rotated, NEW)).status).toBe(200);
    expect((await branches(rotated, OLD)).status).toBe(401);
  });

  it('SERVICE_TOKEN_PREVIOUS comes from the environment like SERVICE_TOKEN, and a short one is refused', async () => {
    const { loadConfig } = await import('../src/config.js');
    expect(loadConfig({ SERVICE_TOKEN: NEW, SERVICE_TOKEN_PREVIOUS: OLD }).SERVICE_TOKEN_PREVIOUS).toBe(OLD);
    expect(() => loadConfig({ SERVICE_TOKEN_PREVIOUS: 'corto' })).toThrow(
      'SERVICE_TOKEN_PREVIOUS debe tener al menos 16 caracteres',
    );
  });
});
