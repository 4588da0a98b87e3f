import { randomUUID } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { picture } from './support/files.js';
import { createLocalFileStore } from '../src/storage/index.js';
import { sweepOrphanFiles } from '../src/storage/orphans.js';
import { databases, type TestApi } from './support/databases.js';
import { validCui } from './support/client.js';
import { formOf, guestFields, makeVacancies, pdfBytes, pngBytes, type FilePart } from './support/application.js';

const MB = 1024 * 1024;
const GONE = 'El archivo ya fue utilizado o expiró. Vuelve a subirlo.';
const PIXELS = 'La imagen es demasiado grande: no debe superar los 40 megapíxeles.';
const UNREADABLE = 'La imagen está dañada o incompleta. Elige otra imagen.';

// Issue 9: files staged when they are dropped on a form (POST /internal/archivos-preparados), and
// the documented multipart endpoints taking them by id (?preparados=Campo:id,…).
describe.each(databases)('staged files on $name', ({ start }) => {
  let t: TestApi;
  let v: Awaited<ReturnType<typeof makeVacancies>>;
  let png: Buffer;
  let bomb: Buffer;
  let big: Buffer;
  const pdf = pdfBytes();
  let seq = 0;

  beforeAll(async () => {
    t = await start();
    v = await makeVacancies(t.api.db);
    png = await pngBytes();
    bomb = await sharp({ create: { width: 16000, height: 16000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    big = await picture(3000, 2000, 'jpeg');
  }, 180_000);
  afterAll(async () => t?.close());

  let person: { InputCui: string; InputEmail: string };
  beforeEach(() => {
    seq++;
    person = { InputCui: validCui(String(47000000 + seq * 13)), InputEmail: `preparada${seq}@example.com` };
  });

  const auth = () => ({ authorization: `Bearer ${t.api.token}` });
  async function stage(data: Buffer, tipo = 'documento', nombre = 'cv.pdf') {
    const res = await fetch(`${t.api.url}/internal/archivos-preparados?${new URLSearchParams({ tipo, nombre })}`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/octet-stream' },
      body: data,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const stagedId = async (data: Buffer, tipo = 'documento', nombre = 'cv.pdf') => {
    const r = await stage(data, tipo, nombre);
    expect(r.status).toBe(201);
    return r.body.id as string;
  };
  async function apply(vacancyId: number, preparados: string, files: FilePart[] = []) {
    const res = await fetch(`${t.api.url}/guardar/Postulante?${new URLSearchParams({ preparados })}`, {
      method: 'POST',
      headers: auth(),
      body: formOf(guestFields(vacancyId, person), files),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const count = async (dir: string) => {
    try {
      return (await readdir(path.join(t.api.filesDir, dir))).length;
    } catch {
      return 0;
    }
  };
  const stagedRows = async () =>
    Number(
      (
        await t.api.db
          .selectFrom('archivos_preparados')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stages a PDF into a private temporary key and answers an opaque id, its type and size', async () => {
    const r = await stage(pdf, 'documento', 'C:\\docs\\mi cv.pdf');
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), tipo: 'pdf', tamano: pdf.length });
    const row = await t.api.db
      .selectFrom('archivos_preparados')
      .selectAll()
      .where('id', '=', r.body.id as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      clave: `tmp/${r.body.id as string}`,
      tipo: 'pdf',
      nombre: 'mi cv.pdf',
      sobrante: false,
    });
    // Never served by key: 'tmp/' is a private folder.
    const open = await fetch(`${t.api.url}/internal/archivos/${row.clave}`, { headers: auth() });
    expect(open.status).toBe(404);
  });

  it.each([
    ['a PNG as a document', () => png, 'documento', 415, 'Solo se permiten archivos PDF'],
    ['a PDF as a photo', () => pdf, 'foto', 415, 'Solo se permiten imágenes JPG o PNG'],
    ['a 6 MB PDF', () => pdfBytes(6 * MB), 'documento', 413, 'El archivo no puede ser mayor a 5MB'],
    ['an empty body', () => Buffer.alloc(0), 'documento', 400, 'No se recibió ningún archivo.'],
    ['an unknown kind', () => pdf, 'contrato', 400, null],
    // Issue 22: images are decoded whole, with a pixel limit.
    ['a small PNG that decodes to 16000×16000', () => bomb, 'foto', 422, PIXELS],
    ['a header-only PNG', () => png.subarray(0, 40), 'foto', 422, UNREADABLE],
    ['a truncated JPEG', () => big.subarray(0, Math.floor(big.length / 2)), 'foto', 422, UNREADABLE],
  ])('refuses %s and keeps nothing', async (_name, data, tipo, status, message) => {
    const rows = await stagedRows();
    const tmp = await count('tmp');
    const r = await stage(data(), tipo);
    expect(r.status).toBe(status);
    if (message) expect(r.body.message).toBe(message);
    expect(await stagedRows()).toBe(rows);
    expect(await count('tmp')).toBe(tmp);
  });

  it('keeps a large photo as a JPEG of at most 1024 px a side, without its metadata', async () => {
    const withGps = await sharp(big)
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS 14.6,-90.5' } } })
      .jpeg()
      .toBuffer();
    const r = await stage(withGps, 'foto', 'grande.jpg');
    expect(r.status).toBe(201);
    const row = await t.api.db
      .selectFrom('archivos_preparados')
      .select(['clave', 'tipo', 'tamano'])
      .where('id', '=', r.body.id as string)
      .executeTakeFirstOrThrow();
    const stored = await readFile(path.join(t.api.filesDir, row.clave));
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1024, 683, undefined]);
    expect([row.tipo, row.tamano, r.body.tamano]).toEqual(['jpeg', stored.length, stored.length]);
  });

  it('remembers that a photo had data after its end (a polyglot) even though it is kept re-encoded', async () => {
    const zip = Buffer.concat([
      Buffer.from('PK\u0003\u0004', 'latin1'),
      Buffer.alloc(40),
      Buffer.from('PK\u0005\u0006', 'latin1'),
      Buffer.alloc(18),
    ]);
    const r = await stage(Buffer.concat([big, zip]), 'foto', 'f.jpg');
    expect(r.status).toBe(201);
    const row = await t.api.db
      .selectFrom('archivos_preparados')
      .select(['sobrante'])
      .where('id', '=', r.body.id as string)
      .executeTakeFirstOrThrow();
    expect(row.sobrante).toBe(true);
  });

  it('drops a staged file the BFF will not use (POST /internal/archivos-preparados/{id}/eliminar)', async () => {
    const id = await stagedId(pdf);
    const drop = (x: string) =>
      fetch(`${t.api.url}/internal/archivos-preparados/${x}/eliminar`, { method: 'POST', headers: auth() });
    expect((await drop(id)).status).toBe(200);
    expect(await readdir(path.join(t.api.filesDir, 'tmp'))).not.toContain(id);
    const left = await t.api.db.selectFrom('archivos_preparados').select('id').where('id', '=', id).execute();
    expect(left).toEqual([]);
    // Twice is harmless; a malformed id is refused.
    expect((await drop(id)).status).toBe(200);
    expect((await drop('..%2Fpostulantes')).status).toBe(400);
  });

  it('refuses a staging call without the service token', async () => {
    const res = await fetch(`${t.api.url}/internal/archivos-preparados?tipo=documento`, { method: 'POST', body: pdf });
    expect(res.status).toBe(401);
  });

  it('applies with staged files: they move to the application and their rows go in the same transaction', async () => {
    const cv = await stagedId(pdf);
    const photo = await stagedId(png, 'foto', 'foto.png');
    const r = await apply(v.open, `Curriculum:${cv},FileFotografia:${photo}`);
    expect(r.status).toBe(201);
    const files = await t.api.db
      .selectFrom('postulante_archivos')
      .selectAll()
      .where('postulante_id', '=', r.body.postulanteId as number)
      .orderBy('tipo')
      .execute();
    expect(files.map((f) => [f.tipo, f.nombre, f.mime, f.tamano])).toEqual([
      ['curriculum', 'cv.pdf', 'application/pdf', pdf.length],
      // A photo is kept re-encoded as JPEG (issue 22), whatever it came as.
      ['fotografia', 'foto.png', 'image/jpeg', expect.any(Number)],
    ]);
    for (const f of files) expect(f.clave).toMatch(/^postulantes\/[0-9a-f-]{36}\.(pdf|jpg)$/);
    const left = await t.api.db.selectFrom('archivos_preparados').select('id').where('id', 'in', [cv, photo]).execute();
    expect(left).toEqual([]);
    await expect(readdir(path.join(t.api.filesDir, 'tmp'))).resolves.not.toContain(cv);

    // Used once: a second form naming the same file is told to upload it again.
    person = { InputCui: validCui('47999001'), InputEmail: 'otra.persona@example.com' };
    const again = await apply(v.open, `Curriculum:${cv},FileFotografia:${photo}`);
    expect(again.status).toBe(400);
    expect(again.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'curriculum', message: GONE },
        { path: 'photo', message: GONE },
      ]),
    );
  });

  it('serves a photo stored before issue 22 re-encoded: JPEG, at most 1024 px; an undecodable one not at all', async () => {
    const r = await apply(v.open, `Curriculum:${await stagedId(pdf)},FileFotografia:${await stagedId(png, 'foto')}`);
    expect(r.status).toBe(201);
    const photo = await t.api.db
      .selectFrom('postulante_archivos')
      .select(['id', 'clave'])
      .where('postulante_id', '=', r.body.postulanteId as number)
      .where('tipo', '=', 'fotografia')
      .executeTakeFirstOrThrow();
    const content = () =>
      fetch(`${t.api.url}/internal/archivos-candidatos/postulacion/${photo.id}/contenido`, { headers: auth() });
    await writeFile(path.join(t.api.filesDir, photo.clave), await picture(2400, 1600, 'png'));
    const served = await content();
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1024, 683]);
    await writeFile(path.join(t.api.filesDir, photo.clave), bomb);
    expect((await content()).status).toBe(404);
  });

  // Issue 22: a refused form deletes its staged files at once, whatever refused it.
  describe('a refused application deletes its staged files at once', () => {
    const tmpFiles = () => count('tmp');
    async function send(preparados: string, fields: Record<string, string>, extra: [string, string][] = []) {
      const res = await fetch(`${t.api.url}/guardar/Postulante?${new URLSearchParams({ preparados })}`, {
        method: 'POST',
        headers: auth(),
        body: formOf(guestFields(v.open, { ...person, ...fields }), [], extra),
      });
      return res.status;
    }
    it.each([
      ['the vacancy is closed', 409],
      ['the form is invalid (no name)', 400],
      ['a staged part is named by a field the spec does not have', 400],
      ['the applicant already applied', 409],
    ] as const)('when %s (%i)', async (name, status) => {
      let preparados = '';
      const refs = async () => {
        const cv = await stagedId(pdf);
        const photo = await stagedId(png, 'foto', 'foto.png');
        return `Curriculum:${cv},FileFotografia:${photo}`;
      };
      if (name.startsWith('the applicant already applied')) {
        expect(await send(await refs(), {})).toBe(201);
      }
      preparados = await refs();
      const rows = await stagedRows();
      const tmp = await tmpFiles();
      const before = await count('postulantes');
      let got: number;
      if (name.startsWith('the vacancy is closed')) got = (await apply(v.expired, preparados)).status;
      else if (name.startsWith('the form is invalid')) got = await send(preparados, { InputNombre: '' });
      else if (name.startsWith('a staged part')) got = await send(`${preparados},Contrato:${randomUUID()}`, {});
      else got = await send(preparados, {});
      expect(got).toBe(status);
      expect(await stagedRows()).toBe(rows - 2);
      expect(await tmpFiles()).toBe(tmp - 2);
      expect(await count('postulantes')).toBe(before);
      // Sent again, its files are gone (and deleting them again is no error).
      const again = await apply(v.open, preparados);
      expect([again.status, again.body.message]).toEqual([400, GONE]);
      expect(await stagedRows()).toBe(rows - 2);
    });

    it('a successful application keeps its files (moved to the application)', async () => {
      const cv = await stagedId(pdf);
      const photo = await stagedId(png, 'foto', 'foto.png');
      const rows = await stagedRows();
      const before = await count('postulantes');
      expect((await apply(v.open, `Curriculum:${cv},FileFotografia:${photo}`)).status).toBe(201);
      expect(await stagedRows()).toBe(rows - 2);
      expect(await count('postulantes')).toBe(before + 2);
    });
  });

  it('mixes a staged file with a file sent as a part', async () => {
    const cv = await stagedId(pdf);
    const r = await apply(v.open, `Curriculum:${cv}`, [
      { field: 'FileFotografia', data: png, name: 'foto.png', type: 'image/png' },
    ]);
    expect(r.status).toBe(201);
  });

  // Refused references that can be read name files of a refused form: those go at once (issue 22).
  it.each([
    ['an id that is not a UUID', (cv: string) => `Curriculum:${cv.slice(1)}`, true],
    ['a part the form does not have', (cv: string) => `Contrato:${cv}`, false],
    ['the same part twice', (cv: string) => `Curriculum:${cv},Curriculum:${cv}`, true],
    ['a part also sent in the body', (cv: string) => `FileFotografia:${cv}`, false],
    ['no separator', (cv: string) => `Curriculum${cv}`, true],
  ])('refuses %s and stores nothing', async (_name, refs, kept) => {
    const cv = await stagedId(pdf);
    const before = await count('postulantes');
    const tmp = await count('tmp');
    const r = await apply(v.open, refs(cv), [
      { field: 'FileFotografia', data: png, name: 'foto.png', type: 'image/png' },
    ]);
    expect(r.status).toBe(400);
    expect(await count('postulantes')).toBe(before);
    // The request's own upload went; a staged file its references name went too.
    expect(await count('tmp')).toBe(kept ? tmp : tmp - 1);
    if (kept) expect(await readdir(path.join(t.api.filesDir, 'tmp'))).toContain(cv);
    else expect(await readdir(path.join(t.api.filesDir, 'tmp'))).not.toContain(cv);
  });

  it('refuses a staged photo named as the CV with the CV rule', async () => {
    const photo = await stagedId(png, 'foto', 'foto.png');
    const other = await stagedId(png, 'foto', 'foto.png');
    const r = await apply(v.open, `Curriculum:${photo},FileFotografia:${other}`);
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ path: 'curriculum', message: 'Solo se permiten archivos PDF' }]);
  });

  it('stores one application when five forms race for the same staged files', async () => {
    const cv = await stagedId(pdf);
    const photo = await stagedId(png, 'foto', 'foto.png');
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        fetch(
          `${t.api.url}/guardar/Postulante?${new URLSearchParams({ preparados: `Curriculum:${cv},FileFotografia:${photo}` })}`,
          {
            method: 'POST',
            headers: auth(),
            body: formOf(
              guestFields(v.open, {
                InputCui: validCui(String(46000000 + seq * 100 + i)),
                InputEmail: `carrera${seq}-${i}@example.com`,
              }),
              [],
            ),
          },
        ).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> })),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(GONE);
    }
    const owned = await t.api.db
      .selectFrom('postulante_archivos')
      .select('clave')
      .where('clave', 'like', 'postulantes/%')
      .execute();
    const onDisk = await readdir(path.join(t.api.filesDir, 'postulantes'));
    // Every file on disk belongs to a row: the losers moved nothing for good.
    for (const f of onDisk.filter((x) => x.includes('.')))
      expect(owned.map((o) => o.clave)).toContain(`postulantes/${f}`);
  });

  it('sweeps staged files and rows nobody used after an hour', async () => {
    await t.api.db.deleteFrom('archivos_preparados').execute();
    const id = await stagedId(pdf);
    const later = Date.now() + 2 * 60 * 60_000;
    await sweepOrphanFiles({ db: t.api.db, files: createLocalFileStore(t.api.filesDir), now: () => later });
    expect(await stagedRows()).toBe(0);
    expect(await readdir(path.join(t.api.filesDir, 'tmp'))).not.toContain(id);
  });
});
