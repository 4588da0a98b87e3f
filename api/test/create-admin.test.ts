import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../src/server.js';
import { ROOT, runNode } from './support/processes.js';

// `npm run create-admin` on a production-like install: PGlite in DATA_DIR, no demo accounts.
const cli = path.join(ROOT, 'api/src/cli/create-admin.ts');
const EMAIL = 'directora@ejemplo.org.gt';

let dataDir: string;

async function createAdmin(env: Record<string, string>, stdin = ''): Promise<{ code: number | null; out: string }> {
  const { code, output } = await runNode(
    cli,
    [],
    { NODE_ENV: 'production', DATA_DIR: dataDir, ...env },
    120_000,
    stdin,
  );
  return { code, out: output };
}

async function withApi<T>(fn: (api: RunningApi) => Promise<T>): Promise<T> {
  const api = await startApi({ dataDir, port: 0, seedDemo: false, log: false });
  try {
    return await fn(api);
  } finally {
    await api.close();
  }
}

const login = (api: RunningApi, usuario_: string, clave: string) =>
  request(api.url).post('/login').set('Authorization', `Bearer ${api.token}`).send({ usuario_, clave });

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bolsa-create-admin-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run create-admin', () => {
  it('refuses an e-mail outside the organisation and a short password, in Spanish, creating nothing', async () => {
    const foreign = await createAdmin({ ADMIN_EMAIL: 'alguien@gmail.com', ADMIN_PASSWORD: 'Segura2026!' });
    expect(foreign.code).toBe(64);
    expect(foreign.out).toMatch(/ejemplo\.org\.gt/);
    const short = await createAdmin({ ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: '123' });
    expect(short.code).toBe(64);
    expect(short.out).toContain('La contraseña debe tener al menos 6 caracteres.');
  });

  it('creates the first administrator from a password on stdin, who can log in; the password is not printed', async () => {
    const created = await createAdmin({ ADMIN_EMAIL: EMAIL, ADMIN_NAME: 'Directora de RRHH' }, 'Primera-Clave-2026\n');
    expect(created.code, created.out).toBe(0);
    expect(created.out).toMatch(/Administrador creado \(id \d+\)/);
    expect(created.out).not.toContain('Primera-Clave-2026');
    await withApi(async (api) => {
      const res = await login(api, EMAIL, 'Primera-Clave-2026');
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ usuario_: EMAIL, idrol: 1, nombre: 'Directora de RRHH' });
      // No demo accounts in production.
      expect((await login(api, 'admin@ejemplo.org.gt', 'Demo2026!')).status).toBe(401);
    });
  });

  it('run again, resets the password (ADMIN_PASSWORD) and keeps one account', async () => {
    const again = await createAdmin({ ADMIN_EMAIL: EMAIL.toUpperCase(), ADMIN_PASSWORD: 'Segunda-Clave-2026' });
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('ya existía');
    await withApi(async (api) => {
      expect((await login(api, EMAIL, 'Primera-Clave-2026')).status).toBe(401);
      expect((await login(api, EMAIL, 'Segunda-Clave-2026')).status).toBe(200);
      const list = await request(api.url).get('/usuario').set('Authorization', `Bearer ${api.token}`);
      expect(list.body.filter((u: { usuario_: string }) => u.usuario_ === EMAIL)).toHaveLength(1);
    });
  });
});
