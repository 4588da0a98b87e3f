import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startBanner } from '../lib/banner.mjs';

/** A stand-in BFF on loopback whose /graphiql answers `status`. */
async function bff(status: number): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    res.statusCode = req.url === '/graphiql' ? status : 404;
    res.end(status === 200 ? '<!doctype html><title>GraphiQL</title>' : '{"message":"GraphiQL no está disponible."}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('npm start banner', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('names GraphiQL when the BFF serves it', async () => {
    const b = await bff(200);
    server = b.server;
    const line = await startBanner({
      boardUrl: 'http://localhost:4000',
      bffUrl: b.url,
      mailInbox: 'http://localhost:1080',
    });
    expect(line).toContain(`GraphiQL: ${b.url}/graphiql`);
    expect(line).toContain('Bolsa de Trabajo lista: http://localhost:4000');
    expect(line).toContain('Correo de prueba: http://localhost:1080');
  }, 10_000);

  it('prints no GraphiQL address when GraphiQL is off (the BFF answers 404)', async () => {
    const b = await bff(404);
    server = b.server;
    const line = await startBanner({ boardUrl: 'http://localhost:4000', bffUrl: b.url });
    expect(line).not.toMatch(/graphiql/i);
    expect(line).not.toContain('Correo de prueba');
    expect(line.trim()).toBe('Bolsa de Trabajo lista: http://localhost:4000');
  }, 10_000);
});
