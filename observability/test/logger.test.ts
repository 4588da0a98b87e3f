import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logging, logSettingsFromEnv, type LogPrivacy } from '../src/index.js';

/** A privacy of the test's own: the real rules are domain's (api and bff tests check that wiring). */
const privacy: LogPrivacy = {
  redactPaths: ['secreto', '*.secreto'],
  requestRedactPaths: ['secreto'],
  censor: '[fuera]',
  scrub: (text) => text.replace(/\d{4,}/g, '<n>'),
};
const { capturingLogger, createLogger, processLogger } = logging(privacy);

describe('the process logger', () => {
  it('writes JSON lines: level as a word, ISO time, the service, keys redacted at the top and one level down', () => {
    const lines: string[] = [];
    capturingLogger('svc', lines).info({ secreto: 'a', nested: { secreto: 'b', ok: 2 }, ok: 1 }, 'x');
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 'info',
      service: 'svc',
      secreto: '[fuera]',
      nested: { secreto: '[fuera]', ok: 2 },
      ok: 1,
      msg: 'x',
    });
    expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  }, 10_000);

  it('logs a raw Error as its class, scrubbed message and first stack frames; a shaped err stays as it is', () => {
    const lines: string[] = [];
    const log = capturingLogger('svc', lines);
    log.error({ err: new TypeError('falló con 2345678901234') }, 'y');
    log.error({ err: { type: 'Ya', message: 'hecho' } }, 'z');
    const { err } = JSON.parse(lines[0]!) as { err: { type: string; message: string; stack: string } };
    expect(err.type).toBe('TypeError');
    expect(err.message).toBe('falló con <n>');
    expect(err.stack).toMatch(/logger\.test\.ts/);
    expect(err.stack.split('\n').length).toBeLessThanOrEqual(7);
    expect(err.stack).not.toMatch(/TypeError/);
    expect(JSON.parse(lines[1]!)).toMatchObject({ err: { type: 'Ya', message: 'hecho' } });
  }, 10_000);

  it('keeps to the level it is given', () => {
    const lines: string[] = [];
    const log = capturingLogger('svc', lines, 'warn');
    log.info('no');
    log.warn('sí');
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['sí']);
  }, 10_000);

  it('one process logger per service', () => {
    expect(processLogger('a')).toBe(processLogger('a'));
    expect(processLogger('a')).not.toBe(processLogger('b'));
    expect(processLogger('a').bindings()).toMatchObject({ service: 'a' });
  }, 10_000);

  it('writes to stdout when given no destination', () => {
    const log = createLogger('svc', { level: 'silent' });
    expect(log.level).toBe('silent');
  }, 10_000);
});

describe('log settings from the environment', () => {
  it('LOG_LEVEL when known (else info); LOG_PRETTY on or off; no pretty lines in production', () => {
    expect(logSettingsFromEnv({ LOG_LEVEL: ' DEBUG ', LOG_PRETTY: 'false' })).toEqual({
      level: 'debug',
      pretty: false,
    });
    expect(logSettingsFromEnv({ LOG_LEVEL: 'verbose', LOG_PRETTY: '1' })).toEqual({ level: 'info', pretty: true });
    expect(logSettingsFromEnv({ NODE_ENV: 'production' })).toEqual({ level: 'info', pretty: false });
  }, 10_000);
});

describe('stdout', () => {
  /** A process that logs 100 lines in one turn (then `after`), counting writes to stdout (fs.write and fs.writeSync). */
  const run = (after: string) => {
    const script = `
      import fs from 'node:fs';
      const write = fs.write;
      let writes = 0;
      const writeSync = fs.writeSync;
      fs.write = function (fd, ...rest) { if (fd === 1) writes++; return write.call(this, fd, ...rest); };
      fs.writeSync = function (fd, ...rest) { if (fd === 1) writes++; return writeSync.call(this, fd, ...rest); };
      process.on('exit', () => process.stderr.write('writes=' + writes));
      const { logging } = await import(${JSON.stringify(path.resolve(import.meta.dirname, '../src/index.ts'))});
      const log = logging({ redactPaths: [], requestRedactPaths: [], censor: 'x', scrub: (t) => t }).createLogger('svc', { pretty: false });
      for (let i = 0; i < 100; i++) log.info({ i }, 'línea');
      ${after}`;
    return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
  };

  it('writes the lines of one batch (10 ms) in one write, and every line reaches stdout', () => {
    const r = run('await new Promise((resolve) => setTimeout(resolve, 100));');
    expect(r.status).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { i: number }).i),
    ).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(r.stderr).toContain('writes=1');
  }, 30_000);

  it('writes lines logged over several turns within the batch together, and later ones apart', () => {
    const r = run(`
      await new Promise((resolve) => setImmediate(resolve));
      log.info({ i: 100 }, 'línea');
      await new Promise((resolve) => setTimeout(resolve, 200));
      log.info({ i: 101 }, 'línea');
      await new Promise((resolve) => setTimeout(resolve, 200));`);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(102);
    expect(r.stderr).toContain('writes=2');
  }, 30_000);

  it('loses no line when the process exits in the same turn', () => {
    const r = run('process.exit(3);');
    expect(r.status).toBe(3);
    expect(r.stdout.trim().split('\n')).toHaveLength(100);
  }, 30_000);
});
