import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type TestApi } from './support/databases.js';
import { recordingClient } from './support/client.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** POST /internal/api-tokens refuses a token's name with the domain's own words, and saves nothing. */
describe.each(databases)('API token names on $name', ({ start }) => {
  let t: TestApi;
  const { get, post } = recordingClient(() => t);
  const count = async () => ((await get('/internal/api-tokens')).body as unknown[]).length;

  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['empty', '', 'El nombre del token es requerido.'],
    ['blank', '   ', 'El nombre del token es requerido.'],
    ['absent', undefined, 'El nombre del token es requerido.'],
    ['over 200 characters', 'Integración '.repeat(36), 'El nombre del token no puede tener más de 200 caracteres.'],
    ['with a control character', 'ERP\u0007', 'El texto contiene caracteres no permitidos.'],
  ])('refuses a name %s with its message', async (_case, nombre, message) => {
    const before = await count();
    const res = await post('/internal/api-tokens', { nombre, idrol: 3, hash: sha256(`t-${_case}`) });
    expect([res.status, res.body]).toEqual([400, { message }]);
    expect(await count()).toBe(before);
  });

  it('takes a name of 200 characters once trimmed, and stores it trimmed', async () => {
    const nombre = 'n'.repeat(200);
    const res = await post('/internal/api-tokens', { nombre: `  ${nombre} `, idrol: 3, hash: sha256('doscientos') });
    expect(res.status).toBe(201);
    const list = (await get('/internal/api-tokens')).body as { id: number; nombre: string }[];
    expect(list.find((x) => x.id === res.body.id)?.nombre).toBe(nombre);
  });
});
