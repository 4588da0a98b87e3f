import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/** docker-compose.yml: a restart keeps sessions and data, and api and bff come back on their own. */

const root = path.resolve(import.meta.dirname, '../..');
const file = path.join(root, 'docker-compose.yml');

interface Service {
  restart?: string;
  environment?: Record<string, string>;
  volumes?: string[];
}

/** Every variable .env.example names, the empty ones (the secrets) filled with valid values. */
function filledEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(path.join(root, '.env.example'), 'utf8').split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (m) env[m[1]!] = m[2] || 'abc123def456ghi789jkl012mno345pqr678stu901';
  }
  return env;
}

/**
 * What docker-compose wrote to stderr, without its harmless notices: compose v1 and v2 print
 * "WARNING: …" / "WARN[0000] …" lines (an obsolete `version:` key, an unset optional variable)
 * that say nothing about whether the file is valid.
 */
function errorsOf(stderr: string): string {
  return stderr
    .split('\n')
    .filter((l) => l.trim() !== '' && !/^\s*(WARNING:|WARN\[\d+\]|time="[^"]*" level=warn)/.test(l))
    .join('\n');
}

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(file, 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };

  it('gives the BFF its SESSION_SECRET (required, never a default) and keeps sessions in Redis on a volume', () => {
    const bff = compose.services.bff!;
    expect(bff.environment!.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
    expect(bff.environment!.REDIS_URL).toMatch(/@redis:6379$/);
    expect(compose.services.redis!.volumes).toContain('redisdata:/data');
    expect(compose.volumes).toHaveProperty('redisdata');
  });

  it('restarts api and bff by policy, and keeps the data on volumes', () => {
    for (const name of ['api', 'bff', 'postgres', 'redis', 'minio']) {
      expect(compose.services[name]!.restart, name).toBe('unless-stopped');
    }
    for (const name of ['postgres', 'minio']) {
      const [volume] = compose.services[name]!.volumes![0]!.split(':');
      expect(compose.volumes, name).toHaveProperty(volume!);
    }
  });

  it('passes `docker-compose config` when docker-compose is installed, and names a missing secret', () => {
    const probe = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
    if (probe.status !== 0) return; // no docker-compose here: the YAML checks above still ran
    const env = { PATH: process.env.PATH ?? '', ...filledEnv() };
    const ok = spawnSync('docker-compose', ['-f', file, 'config', '-q'], { encoding: 'utf8', env });
    expect(ok.status, ok.stderr).toBe(0);
    expect(errorsOf(ok.stderr)).toBe('');
    const missing = spawnSync('docker-compose', ['-f', file, 'config', '-q'], {
      encoding: 'utf8',
      env: { ...env, SESSION_SECRET: '' },
    });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('Defina SESSION_SECRET');
  });

  it('ignores only docker-compose’s warnings, never an error', () => {
    const notices = [
      'WARNING: The TEAMS_TENANT_ID variable is not set. Defaulting to a blank string.',
      'WARN[0000] /srv/docker-compose.yml: the attribute `version` is obsolete, it will be ignored',
      'time="2026-11-26T22:00:00Z" level=warning msg="version is obsolete"',
    ];
    expect(errorsOf(notices.join('\n') + '\n')).toBe('');
    expect(errorsOf(`${notices[0]}\nERROR: yaml.scanner.ScannerError`)).toBe('ERROR: yaml.scanner.ScannerError');
  });
});
