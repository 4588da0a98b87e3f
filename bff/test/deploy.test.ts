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

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(file, 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };

  it('gives the BFF its SESSION_SECRET (required, never a default) and DATA_DIR on a volume', () => {
    const bff = compose.services.bff!;
    expect(bff.environment!.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
    expect(bff.environment!.DATA_DIR).toBe('/data');
    const [volume, target] = bff.volumes![0]!.split(':');
    expect(target).toBe('/data');
    expect(compose.volumes).toHaveProperty(volume!);
  });

  it('restarts api and bff by policy, and keeps the api DATA_DIR on a volume', () => {
    for (const name of ['api', 'bff']) expect(compose.services[name]!.restart, name).toBe('unless-stopped');
    expect(compose.services.api!.volumes).toContain('apidata:/data');
  });

  it('passes `docker-compose config` when docker-compose is installed', () => {
    const probe = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
    if (probe.status !== 0) return; // no docker-compose here: the YAML checks above still ran
    const ok = spawnSync('docker-compose', ['-f', file, 'config', '-q'], {
      encoding: 'utf8',
      env: { ...process.env, SESSION_SECRET: 'x'.repeat(48) },
    });
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    const missing = spawnSync('docker-compose', ['-f', file, 'config', '-q'], {
      encoding: 'utf8',
      env: { ...process.env, SESSION_SECRET: '' },
    });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('SESSION_SECRET');
  });
});
