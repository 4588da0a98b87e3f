import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const envExample = readFileSync(path.join(root, '.env.example'), 'utf8');
const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

/** Variables compose reads: ${NAME}, ${NAME:-default}, ${NAME:?message}. */
const used = [...compose.matchAll(/\$\{([A-Z0-9_]+)(:?[-?][^}]*)?\}/g)].map((m) => ({ name: m[1]!, rest: m[2] ?? '' }));
const SECRETS = ['SESSION_SECRET', 'SERVICE_TOKEN', 'POSTGRES_PASSWORD', 'REDIS_PASSWORD', 'MINIO_ROOT_PASSWORD'];

describe('docker-compose.yml is fit for production', () => {
  it('requires every secret with ${VAR:?mensaje en español} and defaults none', () => {
    for (const secret of SECRETS) {
      const uses = used.filter((u) => u.name === secret);
      expect(uses.length, secret).toBeGreaterThan(0);
      for (const u of uses) expect(u.rest, `${secret}${u.rest}`).toMatch(/^:\?Defina /);
    }
    expect(compose).not.toMatch(/cambie-este|bolsa-secret|POSTGRES_PASSWORD: bolsa\b/);
  });

  it('loads no demo data and keeps GraphiQL and introspection on one switch', () => {
    expect(compose).toMatch(/SEED_DEMO: 'false'/);
    expect(compose).not.toMatch(/SEED_DEMO: '?true/);
    expect(compose).toMatch(/GRAPHIQL: \$\{GRAPHIQL:-false\}/);
    expect(compose).toMatch(/INTROSPECTION: \$\{GRAPHIQL:-false\}/);
  });

  it('pins every image to a specific version (no :latest, no bare major)', () => {
    const images = [...compose.matchAll(/^\s+image:\s*(\S+)/gm)].map((m) => m[1]!);
    const external = images.filter((i) => !i.startsWith('bolsa-de-trabajo:'));
    expect(external.length).toBeGreaterThanOrEqual(5);
    for (const image of external) expect(image, image).toMatch(/:(v?\d+\.\d+(\.\d+)?(-[a-z0-9]+)?|RELEASE\.[\dTZ-]+)$/);
  });

  it('.env.example names every variable compose reads, with no secret filled in', () => {
    const listed = new Map(
      envExample
        .split('\n')
        .filter((l) => /^[A-Z0-9_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as const),
    );
    for (const { name } of used) expect(listed.has(name), name).toBe(true);
    for (const secret of SECRETS) expect(listed.get(secret), secret).toBe('');
  });
});

describe.skipIf(!hasCompose)('docker-compose config (the README’s compose section)', () => {
  let dir: string;
  const config = (args: string[] = []) =>
    spawnSync('docker-compose', ['-f', path.join(root, 'docker-compose.yml'), ...args, 'config', '-q'], {
      cwd: dir,
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
    });

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bolsa-compose-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('with .env.example copied unfilled, refuses and names the missing secret in Spanish', () => {
    copyFileSync(path.join(root, '.env.example'), path.join(dir, '.env'));
    const r = config(['--project-directory', dir]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/Defina [A-Z_]+/);
  });

  it('with every value filled in, validates, and so does the scale-out profile', () => {
    const filled = envExample
      .split('\n')
      .map((l) => {
        const m = /^([A-Z0-9_]+)=$/.exec(l);
        if (!m) return l;
        const value: Record<string, string> = {
          SESSION_SECRET: 'x'.repeat(48),
          SERVICE_TOKEN: 'f'.repeat(64),
          POSTGRES_PASSWORD: 'abc123',
          REDIS_PASSWORD: 'def456',
          MINIO_ROOT_PASSWORD: 'ghi789ghi',
          ORG_EMAIL_DOMAIN: 'salud.org.gt',
          PUBLIC_URL: 'https://empleos.salud.org.gt',
          SMTP_URL: 'smtp://relay.salud.org.gt:587',
          MAIL_FROM: 'Bolsa de Trabajo <no-responder@salud.org.gt>',
        };
        return `${m[1]}=${value[m[1]!] ?? ''}`;
      })
      .join('\n');
    writeFileSync(path.join(dir, '.env'), filled);
    const plain = config(['--project-directory', dir]);
    expect(plain.status, plain.stderr).toBe(0);
    const scaled = config(['--project-directory', dir, '--profile', 'escalado', '--profile', 'correo-de-prueba']);
    expect(scaled.status, scaled.stderr).toBe(0);
  });
});
