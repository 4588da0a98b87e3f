import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeBackends, type StoreBackend } from './support/stores.js';
import { startApi, type RunningApi } from '../src/server.js';
import type { FileStore } from '../src/storage/index.js';
import { sweepOrphanFiles } from '../src/storage/orphans.js';
import { formOf, guestFields, makeVacancies, pdfBytes, pngBytes, postForm } from './support/application.js';
import { validCui } from './support/client.js';

const backends = storeBackends('bolsa/');

const keysOf = async (store: FileStore, folder: string): Promise<string[]> => {
  const keys: string[] = [];
  for await (const k of store.list(folder)) keys.push(k.key);
  return keys.sort();
};

describe.each(backends)('orphan file sweep: $name', ({ open }) => {
  let s: Awaited<ReturnType<StoreBackend['open']>>;
  let api: RunningApi;
  let vacancy: number;
  let seq = 0;

  beforeAll(async () => {
    s = await open();
    // The api's own start-up sweep would race the test's planted keys: a grace no test reaches.
    api = await startApi({ memory: true, port: 0, seedDemo: true, files: s.store, orphanGraceMs: 86_400_000 });
    vacancy = (await makeVacancies(api.db)).open;
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await s?.close();
  });

  const apply = async () => {
    seq++;
    const res = await postForm(
      api.url,
      api.token,
      formOf(
        guestFields(vacancy, {
          InputCui: validCui(String(42000000 + seq * 13)),
          InputEmail: `huerfanos${seq}@example.com`,
        }),
        [
          { field: 'Curriculum', data: pdfBytes(), name: 'cv.pdf', type: 'application/pdf' },
          { field: 'FileFotografia', data: await pngBytes(), name: 'foto.png', type: 'image/png' },
        ],
      ),
    );
    expect(res.status).toBe(201);
    return res.body.postulanteId as number;
  };

  it('lists the keys directly in a folder, not its sub-folders', async () => {
    await s.store.put('lista/a.pdf', Buffer.from('a'));
    await s.store.put('lista/sub/b.pdf', Buffer.from('b'));
    expect(await keysOf(s.store, 'lista')).toEqual(['lista/a.pdf']);
    expect(await keysOf(s.store, 'no-existe')).toEqual([]);
  });

  it('removes old unreferenced files, never a referenced or a young one', async () => {
    const id = await apply();
    const referenced = (
      await api.db.selectFrom('postulante_archivos').select('clave').where('postulante_id', '=', id).execute()
    ).map((r) => r.clave);
    expect(referenced).toHaveLength(2);
    // What a crash between storing and committing leaves: a moved file no row names, a temporary upload.
    await s.store.put('postulantes/huerfano.pdf', pdfBytes());
    await s.store.put('tmp/subida-cortada', Buffer.from('%PDF-1.4'));
    // Another area's sub-folder is not this sweep's to judge.
    await s.store.put('postulantes/perfiles/ajeno.pdf', pdfBytes());
    await new Promise((r) => setTimeout(r, 2100));
    // The sweep's clock is read here: a busy machine taking seconds between this line and the sweep
    // must not age the files in flight (what is old is decided by the store's times, not by load).
    const sweptAt = Date.now();
    // An application in flight: moved a moment ago, its row not yet committed.
    await s.store.put('postulantes/en-vuelo.pdf', pdfBytes());
    await s.store.put('tmp/en-vuelo', Buffer.from('%PDF-1.4'));

    const before = await keysOf(s.store, 'postulantes');
    const profilesBefore = await keysOf(s.store, 'postulantes/perfiles');
    // S3 keeps whole seconds: 1.5 s separates the old keys (≥ 2.1 s) from the young ones (< 1.1 s).
    const result = await sweepOrphanFiles({ db: api.db, files: s.store, graceMs: 1500, now: () => sweptAt });
    expect(result).toEqual({ temporary: 1, unreferenced: 1 });
    // Everything else in the folder (this application's files, the demo candidates') is named by a row.
    expect(await keysOf(s.store, 'postulantes')).toEqual(before.filter((k) => k !== 'postulantes/huerfano.pdf'));
    expect(before).toEqual(
      expect.arrayContaining([...referenced, 'postulantes/huerfano.pdf', 'postulantes/en-vuelo.pdf']),
    );
    expect(await keysOf(s.store, 'tmp')).toEqual(['tmp/en-vuelo']);
    // The demo candidate's profile files live there too; the sweep leaves the whole sub-folder alone.
    expect(profilesBefore).toContain('postulantes/perfiles/ajeno.pdf');
    expect(await keysOf(s.store, 'postulantes/perfiles')).toEqual(profilesBefore);
    for (const key of referenced) expect(await s.store.open(key)).not.toBeNull();
  });

  it('runs when the api starts', async () => {
    const fresh = await open();
    try {
      await fresh.store.put('postulantes/de-un-corte.pdf', pdfBytes());
      await fresh.store.put('tmp/de-un-corte', Buffer.from('x'));
      await new Promise((r) => setTimeout(r, 2100));
      const second = await startApi({
        memory: true,
        port: 0,
        seedDemo: false,
        files: fresh.store,
        orphanGraceMs: 1500,
      });
      try {
        const left = async () => [...(await keysOf(fresh.store, 'tmp')), ...(await keysOf(fresh.store, 'postulantes'))];
        for (let i = 0; i < 400 && (await left()).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
        expect(await left()).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      await fresh.close();
    }
  });
});
