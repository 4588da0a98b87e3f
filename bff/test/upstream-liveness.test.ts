import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Upstream } from '../src/upstream/http.js';

// The BFF's liveness probe asks whether the api *process* answers (/livez), not whether its database
// is quick (/healthz runs a query). Under a burst of 100 inbox reads on PGlite the database queue made
// /healthz as slow as the calls themselves, the probe gave up and every caller got
// UPSTREAM_UNAVAILABLE from a live api. The api here is a stand-in on loopback (the BFF also talks to
// the organisation's legacy api): slow answers, a /healthz as slow as its database, a quick /livez.
const servers: Server[] = [];
const upstreams: Upstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function api(livez: 'quick' | 'hangs'): Promise<string> {
  const server = createServer((req, res) => {
    const reply = (ms: number) =>
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, path: req.url }));
      }, ms);
    if (req.url === '/livez') return livez === 'quick' ? reply(0) : undefined;
    if (req.url === '/healthz') return reply(1_500);
    reply(1_200);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const upstream = (baseUrl: string) => {
  const u = new Upstream({
    baseUrl,
    token: 'service-token-for-a-test',
    timeoutMs: 10_000,
    connections: 4,
    livenessAfterMs: 300,
    probeTimeoutMs: 400,
  });
  upstreams.push(u);
  return u;
};

describe('the api is slow but alive', () => {
  it('a slow call waits for its answer: the probe asks /livez, which a busy database does not delay', async () => {
    const u = upstream(await api('quick'));
    await expect(u.request('/sedes/vacantes/lista')).resolves.toMatchObject({ ok: true });
  }, 15_000);

  it('an api whose process does not answer /livez either is down: the call fails at once, not after 10 s', async () => {
    const u = upstream(await api('hangs'));
    const t0 = Date.now();
    await expect(u.request('/sedes/vacantes/lista')).rejects.toMatchObject({
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
    expect(Date.now() - t0).toBeLessThan(1_200);
  }, 15_000);
});

describe('a write while the api is paused', () => {
  // A helper's look: with the api paused (SIGSTOP) for 5 s, 'Rechazar' said 'No se pudo rechazar al
  // candidato.' after ~3 s; once the api ran again it rejected the candidate and e-mailed them.
  it('is not given up when the api is found down: it waits for its answer, which says it was done', async () => {
    const u = upstream(await api('hangs'));
    const t0 = Date.now();
    // Sent together: a write, a read and the BFF's own bookkeeping (a session's use).
    const write = u.request('/candidatos/cambiar-estado/1', { method: 'POST', json: { estado: 'rechazado' } });
    const read = u.request('/sedes/vacantes/lista');
    const use = u.request('/internal/sesiones/abc/usar', { method: 'POST', json: {}, abandonable: true });
    // The read and the bookkeeping are given up as before, once /livez does not answer either…
    await expect(read).rejects.toMatchObject({ extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
    await expect(use).rejects.toMatchObject({ extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
    expect(Date.now() - t0).toBeLessThan(1_150);
    // …but the write gets the api's answer (at 1.2 s).
    await expect(write).resolves.toMatchObject({ ok: true, path: '/candidatos/cambiar-estado/1' });
    // Meanwhile the api is known down: a new write is refused before it is sent.
    await expect(u.request('/candidatos/cambiar-estado/2', { method: 'POST', json: {} })).rejects.toMatchObject({
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  }, 15_000);
});
