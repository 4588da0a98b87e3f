import { CV_SNIPPET_START, CV_SNIPPET_STOP } from '@bolsa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText, startCvTextWorker, type CvTextWorker } from '../src/cv-text/index.js';
import { createPdfTextReader } from '../src/cv-text/thread.js';
import { createLocalFileStore } from '../src/storage/index.js';
import type { CandidateListJson } from '../src/pipeline/candidate-row.js';
import {
  formOf,
  guestFields,
  makeVacancies,
  pdfBytes,
  pngBytes,
  postForm,
  type FilePart,
} from './support/application.js';
import { validCui } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';
import { textPdf } from './support/pdf-text.js';

const NURSE_CV = textPdf([
  ['Curriculum vitae', 'Enfermera profesional con experiencia en cuidados intensivos neonatales.'],
  ['Administración de medicamentos y atención de pacientes en el Hospital Roosevelt.'],
]);

describe('reading a PDF (bounded)', () => {
  it('reads the text of every page of a real PDF', async () => {
    const r = await extractPdfText(NURSE_CV);
    expect(r).toMatchObject({ broken: false, cut: null });
    expect(r.text).toContain('Enfermera profesional');
    expect(r.text).toContain('Administración de medicamentos');
  }, 20_000);

  it('stops at the page limit, the character limit and the time limit, keeping what it read', async () => {
    const pages = await extractPdfText(NURSE_CV, { maxPages: 1, maxChars: 10_000, timeLimitMs: 5_000 });
    expect(pages.cut).toBe('pages');
    expect(pages.text).toContain('Enfermera');
    expect(pages.text).not.toContain('medicamentos');
    const chars = await extractPdfText(NURSE_CV, { maxPages: 20, maxChars: 20, timeLimitMs: 5_000 });
    expect(chars.cut).toBe('chars');
    expect(chars.text.length).toBeLessThanOrEqual(20);
    const time = await extractPdfText(NURSE_CV, { maxPages: 20, maxChars: 10_000, timeLimitMs: 0 });
    expect(time).toMatchObject({ cut: 'time', text: '', broken: false });
  }, 20_000);

  it('answers no text for a broken PDF and for a page without text (a scan)', async () => {
    expect(await extractPdfText(Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog garbage\n%%EOF\n'))).toMatchObject({
      text: '',
      broken: true,
    });
    expect(await extractPdfText(pdfBytes())).toMatchObject({ text: '', broken: false });
  }, 20_000);
});

describe('reading PDFs in a thread of their own (the api keeps answering meanwhile)', () => {
  it('answers what reading in the process answers, one file after another, and leaves the caller’s bytes intact', async () => {
    const reader = createPdfTextReader();
    try {
      const bytes = new Uint8Array(NURSE_CV);
      const limits = { maxPages: 20, maxChars: 10_000, timeLimitMs: 5_000 };
      const [a, b, broken] = await Promise.all([
        reader.read(bytes, limits),
        reader.read(bytes, { ...limits, maxPages: 1 }),
        reader.read(Buffer.from('%PDF-1.4 roto'), limits),
      ]);
      expect(a).toEqual(await extractPdfText(NURSE_CV, limits));
      expect(b).toMatchObject({ cut: 'pages', broken: false });
      expect(broken).toMatchObject({ text: '', broken: true });
      expect(bytes.byteLength).toBe(NURSE_CV.byteLength);
      // A closed reader (or a thread that died) starts a new thread for the next file.
      await reader.close();
      expect(await reader.read(bytes, limits)).toEqual(a);
    } finally {
      await reader.close();
    }
  }, 60_000);
});

describe.each(databases)('search inside CVs on $name', ({ start }) => {
  let t: TestApi;
  let worker: CvTextWorker;
  let vacancy: number;
  let png: Buffer;
  let seq = 0;

  beforeAll(async () => {
    t = await start();
    vacancy = (await makeVacancies(t.api.db)).open;
    png = await pngBytes();
    // A second worker on the same queue, as a second api process would run; runOnce on demand.
    worker = startCvTextWorker({ db: t.api.db, files: createLocalFileStore(t.api.filesDir), pollMs: 60_000 });
  }, 180_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  async function apply(name: string, cv: Buffer): Promise<number> {
    seq++;
    const files: FilePart[] = [
      { field: 'Curriculum', data: cv, name: 'cv.pdf', type: 'application/pdf' },
      { field: 'FileFotografia', data: png, name: 'foto.png', type: 'image/png' },
    ];
    const fields = guestFields(vacancy, {
      InputNombre: name,
      InputCui: validCui(String(42000000 + seq * 11)),
      InputEmail: `cv${seq}@example.com`,
    });
    const res = await postForm(t.api.url, t.api.token, formOf(fields, files));
    expect(res.status).toBe(201);
    return res.body.postulanteId as number;
  }

  /** The state of an application's CV text once a worker has read it (this one or the api's own). */
  async function readCv(id: number): Promise<string> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      await worker.runOnce();
      const row = await t.api.db
        .selectFrom('textos_archivos as t')
        .innerJoin('postulante_archivos as pa', 'pa.clave', 't.clave')
        .select('t.estado')
        .where('pa.postulante_id', '=', id)
        .where('pa.tipo', '=', 'curriculum')
        .executeTakeFirstOrThrow();
      if (row.estado !== 'pendiente' || Date.now() > deadline) return row.estado;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function search(q: string): Promise<CandidateListJson[]> {
    const res = await fetch(
      `${t.api.url}/candidatos/lista?${new URLSearchParams({ search: q, page: '1', pageSize: '50' })}`,
      {
        headers: { authorization: `Bearer ${t.api.token}` },
      },
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: CandidateListJson[] }).items;
  }

  it('makes the words of a CV searchable once the worker has read it, stemmed, accents and case aside', async () => {
    const id = await apply('Lucía Tzul', NURSE_CV);
    // Stored: queued, not read on the request path.
    expect(await search('neonatales')).toEqual([]);
    expect(await readCv(id)).toBe('listo');
    for (const q of [
      'neonatales',
      'enfermeras',
      'ENFERMERA',
      'administracion medicamentos',
      'administraciones',
      'Atención Pacientes',
    ]) {
      const rows = await search(q);
      expect(
        rows.map((r) => r.id),
        q,
      ).toContain(id);
    }
    expect((await search('neonatales')).map((r) => r.id)).toEqual([id]);
    // Every word must be in it.
    expect((await search('neonatales pediatria')).map((r) => r.id)).not.toContain(id);
    // The snippet marks the matching words; the text is as read (accents kept).
    const [row] = await search('enfermeras neonatales');
    expect(row!.fragmentoCv).toContain(`${CV_SNIPPET_START}Enfermera${CV_SNIPPET_STOP} profesional`);
    const [accented] = await search('administracion');
    expect(accented!.fragmentoCv).toContain(`${CV_SNIPPET_START}Administración${CV_SNIPPET_STOP}`);
  }, 60_000);

  it('keeps finding by name, with no snippet where the CV does not match', async () => {
    const id = await apply('Marisol Quiej', NURSE_CV);
    const rows = await search('quiej');
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect(rows[0]!.fragmentoCv).toBeNull();
  }, 60_000);

  it('accepts an application whose CV is broken or scanned: it simply has no text', async () => {
    const broken = await apply('Pedro Xocop', Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog garbage\n%%EOF\n'));
    const scanned = await apply('Pablo Xocop', pdfBytes());
    expect(await readCv(broken)).toBe('sin_texto');
    expect(await readCv(scanned)).toBe('sin_texto');
    expect((await search('xocop')).map((r) => r.id).sort()).toEqual([broken, scanned].sort());
  }, 60_000);

  it('forgets the text with the application (erasure)', async () => {
    const id = await apply('Olga Borrada', textPdf([['Partera tradicional certificada']]));
    expect(await readCv(id)).toBe('listo');
    expect((await search('partera')).map((r) => r.id)).toEqual([id]);
    const res = await fetch(`${t.api.url}/candidatos/${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.api.token}` },
    });
    expect(res.status).toBe(200);
    expect(await search('partera')).toEqual([]);
    const left = await t.api.db
      .selectFrom('textos_archivos')
      .select('clave')
      .where('texto', 'like', '%Partera%')
      .execute();
    expect(left).toEqual([]);
  }, 60_000);
});
