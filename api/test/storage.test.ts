import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeBackends, type StoreBackend } from './support/stores.js';
import { createS3FileStore } from '../src/storage/index.js';

const backends = storeBackends('pruebas/');

describe('S3 store start-up', () => {
  it('creates its bucket when missing (a fresh MinIO)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bolsa-s3-'));
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
    const address = (await server.run()) as AddressInfo;
    try {
      const store = createS3FileStore({
        endpoint: `http://127.0.0.1:${address.port}`,
        bucket: 'nuevo',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      await store.ready!();
      await store.ready!();
      await store.put('tmp/x', Buffer.from('ok'));
      expect(await text((await store.open('tmp/x'))!.body)).toBe('ok');
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(backends)('file store: $name', ({ open }) => {
  let s: Awaited<ReturnType<StoreBackend['open']>>;
  beforeAll(async () => {
    s = await open();
  }, 30_000);
  afterAll(async () => s?.close());

  it('puts a buffer and a stream, opens them with type and size', async () => {
    await s.store.put('plazas/a.png', Buffer.from('png-bytes'));
    await s.store.put('tmp/b', Readable.from([Buffer.from('hola '), Buffer.from('mundo')]), 'application/pdf');
    const a = await s.store.open('plazas/a.png');
    expect(a).toMatchObject({ size: 9, contentType: 'image/png' });
    expect(await text(a!.body)).toBe('png-bytes');
    const b = await s.store.open('tmp/b');
    expect(await text(b!.body)).toBe('hola mundo');
  });

  it('moves a temporary key to its final key', async () => {
    await s.store.put('tmp/c', Buffer.from('documento'));
    await s.store.move('tmp/c', 'postulantes/c.pdf');
    expect(await s.store.open('tmp/c')).toBeNull();
    const c = await s.store.open('postulantes/c.pdf');
    expect(await text(c!.body)).toBe('documento');
  });

  it('copies a key, leaving the original; a missing source answers false', async () => {
    await s.store.put('postulantes/original.pdf', Buffer.from('hoja de vida'));
    expect(await s.store.copy('postulantes/original.pdf', 'postulantes/perfiles/copia.pdf')).toBe(true);
    expect(await text((await s.store.open('postulantes/original.pdf'))!.body)).toBe('hoja de vida');
    expect(await text((await s.store.open('postulantes/perfiles/copia.pdf'))!.body)).toBe('hoja de vida');
    expect(await s.store.copy('postulantes/no-existe.pdf', 'postulantes/perfiles/otra.pdf')).toBe(false);
    expect(await s.store.open('postulantes/perfiles/otra.pdf')).toBeNull();
  });

  it('removes, and a missing key is null / not an error', async () => {
    await s.store.put('tmp/d', Buffer.from('x'));
    await s.store.remove('tmp/d');
    await s.store.remove('tmp/d');
    expect(await s.store.open('tmp/d')).toBeNull();
    expect(await s.store.open('nada/aqui.pdf')).toBeNull();
  });

  it('sweeps old keys of a folder and keeps new ones', async () => {
    await s.store.put('viejos/a', Buffer.from('a'));
    await s.store.put('viejos/b', Buffer.from('b'));
    expect(await s.store.sweep('viejos', 60_000)).toBe(0);
    await new Promise((r) => setTimeout(r, 2100));
    await s.store.put('viejos/c', Buffer.from('c'));
    // S3 keeps whole seconds: 1.5 s separates the two old keys (≥ 2.1 s) from the new one (< 1.1 s).
    expect(await s.store.sweep('viejos', 1500)).toBe(2);
    expect(await s.store.open('viejos/a')).toBeNull();
    expect(await s.store.open('viejos/c')).not.toBeNull();
    expect(await s.store.sweep('no-existe', 0)).toBe(0);
  });

  it('refuses keys that climb out', async () => {
    await expect(s.store.put('../fuera', Buffer.from('x'))).rejects.toThrow();
    expect(await s.store.open('a/../../b')).toBeNull();
  });

  it('a key of any length is missing, never an error (a segment past the file system’s 255 bytes)', async () => {
    expect(await s.store.open(`plazas/${'a'.repeat(256)}.webp`)).toBeNull();
    expect(await s.store.open(`plazas/${'ñ'.repeat(200)}.webp`)).toBeNull();
    expect(await s.store.open(`plazas/${'a'.repeat(2000)}`)).toBeNull();
    await expect(s.store.put(`plazas/${'a'.repeat(256)}`, Buffer.from('x'))).rejects.toThrow();
  });

  it('a stream that fails mid-way leaves nothing under its key', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('cortado'));
      },
    });
    await expect(s.store.put('tmp/e', failing)).rejects.toThrow();
    expect(await s.store.open('tmp/e')).toBeNull();
  });
});

describe.each(backends)('listing every key (backups): $name', ({ open }) => {
  it('lists every key of every folder and sub-folder with its size, and not a write still in progress', async () => {
    const fresh = await open();
    try {
      const all = async () => {
        const out: string[] = [];
        for await (const item of fresh.store.listAll()) {
          expect(item.modifiedAt).toBeInstanceOf(Date);
          out.push(`${item.key}:${item.size}`);
        }
        return out.sort();
      };
      expect(await all()).toEqual([]);
      await fresh.store.put('plazas/a.webp', Buffer.from('imagen'));
      await fresh.store.put('postulantes/b.pdf', Buffer.alloc(70_000, 7));
      await fresh.store.put('postulantes/perfiles/9/c.jpg', Buffer.from('foto'));
      await fresh.store.put('tmp/d', Buffer.from(''));

      const slow = new Readable({ read() {} });
      const writing = fresh.store.put('postulantes/lento.pdf', slow);
      slow.push(Buffer.alloc(1024, 1));
      await new Promise((r) => setTimeout(r, 300));
      const during = await all();
      slow.push(null);
      await writing;

      const expected = ['plazas/a.webp:6', 'postulantes/b.pdf:70000', 'postulantes/perfiles/9/c.jpg:4', 'tmp/d:0'];
      expect(during).toEqual(expected);
      expect(await all()).toEqual([...expected, 'postulantes/lento.pdf:1024'].sort());
    } finally {
      await fresh.close();
    }
  });
});
