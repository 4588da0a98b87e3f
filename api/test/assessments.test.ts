import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition, displayName } from '../src/assessments/documents.js';
import type { TemplateJson } from '../src/assessments/repository.js';
import { minimalDocx, minimalPdf, minimalXlsx } from '../src/demo/documents.js';
import { DEMO_TEMPLATES } from '../src/demo/index.js';
import { databases, type TestApi } from './support/databases.js';
import { postForm, storedFiles, type Attachment, type FormValue } from './support/files.js';

const TEMPLATE_KEYS = [
  'id',
  'nombre',
  'descripcion',
  'tipo',
  'categoria',
  'link',
  'archivoNombre',
  'archivoRuta',
  'activo',
  'fechaCreacion',
];

const OLE = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512, 0)]);
const PDF = minimalPdf('Prueba técnica', ['Pregunta 1: ¿qué es la bioseguridad?']);
const DOCX = minimalDocx('Informe', ['Párrafo de ejemplo.']);
const XLSX = minimalXlsx('Hoja', [['A', 'B']]);
const HTML = Buffer.from('<!doctype html><title>x</title>');

describe('demo documents', () => {
  it('writes a PDF whose cross-reference table points at its objects', () => {
    const text = PDF.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((o, i) => expect(text.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)![1]);
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(streamStart + length, streamStart + length + '\nendstream'.length)).toBe('\nendstream');
    // Accents in WinAnsi (latin1) bytes.
    expect(PDF.includes(Buffer.from('técnica', 'latin1'))).toBe(true);
  });

  it('writes Office zips with their parts and a central directory', () => {
    for (const [zip, part] of [
      [DOCX, 'word/document.xml'],
      [XLSX, 'xl/workbook.xml'],
    ] as const) {
      expect(zip.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
      expect(zip.includes(Buffer.from(part))).toBe(true);
      const end = zip.length - 22;
      expect(zip.readUInt32LE(end)).toBe(0x06054b50);
      const cdOffset = zip.readUInt32LE(end + 16);
      expect(zip.readUInt32LE(cdOffset)).toBe(0x02014b50);
    }
  });

  it('keeps a safe display name and encodes it for Content-Disposition', () => {
    expect(displayName('C:\\Users\\ana\\Evaluación "final".pdf', 'pdf')).toBe('Evaluación final.pdf');
    expect(displayName('../../etc/passwd.pdf', 'pdf')).toBe('passwd.pdf');
    expect(displayName('', 'docx')).toBe('prueba.docx');
    expect(displayName(`${'a'.repeat(300)}.pdf`, 'pdf')).toHaveLength(144);
    expect(contentDisposition("Prueba (1) d'Ana.pdf")).toBe(
      "attachment; filename*=UTF-8''Prueba%20%281%29%20d%27Ana.pdf",
    );
  });
});

describe.each(databases)('assessment templates on $name', ({ start }) => {
  let t: TestApi;
  let auth: { Authorization: string };
  const get = (p: string) => request(t.api.url).get(p).set(auth);
  const postJson = (p: string, body?: object) => {
    const req = request(t.api.url).post(p).set(auth);
    return body === undefined ? req : req.send(body);
  };
  const list = async () => (await get('/pruebas/templates').expect(200)).body as TemplateJson[];
  const count = async () =>
    (
      await t.api.db
        .selectFrom('pruebas_templates')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const files = () => storedFiles(t.api.filesDir);
  const archivo = (data: Buffer, filename: string, contentType = 'application/octet-stream'): Attachment => ({
    field: 'Archivo',
    data,
    filename,
    contentType,
  });
  const form = (over: Record<string, FormValue> = {}): Record<string, FormValue> => ({
    Nombre: 'Prueba de digitación',
    Descripcion: 'Cinco minutos de digitación de un texto clínico.',
    Tipo: 'PDF',
    Categoria: 'APTITUDES',
    Activo: 'true',
    ...over,
  });
  const create = (fields: Record<string, FormValue>, attachments: Attachment[] = []) =>
    postForm(t, '/pruebas/templates', fields, attachments);

  async function storesNothing(act: () => Promise<unknown>): Promise<void> {
    const before = { rows: await count(), files: await files() };
    await act();
    expect({ rows: await count(), files: await files() }).toEqual(before);
  }

  beforeAll(async () => {
    t = await start();
    auth = { Authorization: `Bearer ${t.api.token}` };
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('demo data and GET /pruebas/templates', () => {
    it('lists the 7 demo templates newest first, across every type and category, one inactive', async () => {
      const all = await list();
      expect(all.map((x) => x.nombre)).toEqual(DEMO_TEMPLATES.map((x) => x.nombre));
      for (const x of all) {
        expect(Object.keys(x)).toEqual(TEMPLATE_KEYS);
        expect(new Date(x.fechaCreacion).toISOString()).toBe(x.fechaCreacion);
        if (x.tipo === 'LINK' || x.tipo === 'FORMULARIO') {
          expect(x.link).toMatch(/^https:\/\//);
          expect([x.archivoNombre, x.archivoRuta]).toEqual([null, null]);
        } else {
          expect(x.link).toBeNull();
          expect(x.archivoRuta).toBe(`/pruebas/templates/${x.id}/download`);
          expect(x.archivoNombre).toMatch(/\.(pdf|docx|xlsx)$/);
        }
      }
      const dates = all.map((x) => x.fechaCreacion);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(new Set(all.map((x) => x.tipo))).toEqual(new Set(['PDF', 'WORD', 'EXCEL', 'LINK', 'FORMULARIO']));
      expect(new Set(all.map((x) => x.categoria))).toEqual(
        new Set(['TECNICA', 'PSICOLOGICA', 'CONOCIMIENTOS', 'APTITUDES', 'IDIOMAS', 'OTROS']),
      );
      expect(all.filter((x) => !x.activo)).toHaveLength(1);
      const stored = await t.api.db.selectFrom('pruebas_templates').select(['archivo_ruta', 'es_demo']).execute();
      for (const s of stored) {
        expect(s.es_demo).toBe(true);
        if (s.archivo_ruta) expect(s.archivo_ruta).toMatch(/^pruebas\/[0-9a-f-]{36}\.(pdf|docx|xlsx)$/);
      }
    });

    it('downloads a demo PDF as an attachment with its UTF-8 name', async () => {
      const pdf = (await list()).find((x) => x.tipo === 'PDF' && x.archivoNombre === 'evaluación-enfermería.pdf')!;
      const res = await get(pdf.archivoRuta!).buffer(true).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        "attachment; filename*=UTF-8''evaluaci%C3%B3n-enfermer%C3%ADa.pdf",
      );
      const body = res.body as Buffer;
      expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(body.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    });

    it('downloads the demo Word and Excel files with their content types', async () => {
      const all = await list();
      const word = all.find((x) => x.tipo === 'WORD')!;
      const excel = all.find((x) => x.tipo === 'EXCEL')!;
      expect((await get(word.archivoRuta!).expect(200)).headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      expect((await get(excel.archivoRuta!).expect(200)).headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
    });

    it('answers a link template with its URL', async () => {
      const link = (await list()).find((x) => x.tipo === 'LINK')!;
      expect((await get(`/pruebas/templates/${link.id}/download`).expect(200)).body).toEqual({ url: link.link });
    });

    it('answers 404 for a missing template and 400 for a bad id', async () => {
      expect((await get('/pruebas/templates/999999/download').expect(404)).body).toEqual({
        message: 'La prueba no existe o ya fue eliminada.',
      });
      expect((await get('/pruebas/templates/abc/download').expect(400)).body).toEqual({
        message: 'Identificador inválido',
      });
    });
  });

  describe('POST /pruebas/templates', () => {
    it('creates a link template', async () => {
      const res = await create(
        form({
          Nombre: ' Test de inglés ',
          Tipo: 'LINK',
          Categoria: 'IDIOMAS',
          Link: 'https://example.org/ingles?nivel=b2',
        }),
      ).expect(201);
      expect(Object.keys(res.body)).toEqual(TEMPLATE_KEYS);
      expect(res.body).toMatchObject({
        nombre: 'Test de inglés',
        tipo: 'LINK',
        categoria: 'IDIOMAS',
        link: 'https://example.org/ingles?nivel=b2',
        archivoNombre: null,
        archivoRuta: null,
        activo: true,
      });
      // Newest first.
      expect((await list())[0]!.id).toBe(res.body.id);
    });

    it('creates a form template from a JSON body too, inactive when asked, by label', async () => {
      const res = await postJson('/pruebas/templates', {
        Nombre: 'Encuesta de clima',
        Descripcion: 'Formulario en línea.',
        Tipo: 'Formulario',
        Categoria: 'Psicológica',
        Activo: 'false',
        Link: 'http://example.org/f',
      }).expect(201);
      expect(res.body).toMatchObject({ tipo: 'FORMULARIO', categoria: 'PSICOLOGICA', activo: false });
    });

    it('creates a PDF template whose download returns the same bytes', async () => {
      const before = await files();
      const res = await create(form(), [archivo(PDF, 'Digitación final.pdf', 'application/pdf')]).expect(201);
      expect(res.body).toMatchObject({
        tipo: 'PDF',
        link: null,
        archivoNombre: 'Digitación final.pdf',
        archivoRuta: `/pruebas/templates/${res.body.id}/download`,
      });
      const added = (await files()).filter((f) => !before.includes(f));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^pruebas\/[0-9a-f-]{36}\.pdf$/);
      expect(await readFile(path.join(t.api.filesDir, added[0]!))).toEqual(PDF);
      const download = await get(res.body.archivoRuta).buffer(true).expect(200);
      expect(download.body).toEqual(PDF);
      expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Digitaci%C3%B3n%20final.pdf");
    });

    it('accepts .docx and .doc for WORD, .xlsx and .xls for EXCEL', async () => {
      for (const [tipo, data, name] of [
        ['WORD', DOCX, 'informe.docx'],
        ['WORD', OLE, 'informe.DOC'],
        ['EXCEL', XLSX, 'datos.xlsx'],
        ['EXCEL', OLE, 'datos.xls'],
      ] as const) {
        const res = await create(form({ Tipo: tipo }), [archivo(data, name)]).expect(201);
        expect(res.body).toMatchObject({ tipo, archivoNombre: name });
        const stored = await t.api.db
          .selectFrom('pruebas_templates')
          .select('archivo_ruta')
          .where('id', '=', res.body.id)
          .executeTakeFirstOrThrow();
        expect(stored.archivo_ruta!.endsWith(`.${name.split('.').pop()!.toLowerCase()}`)).toBe(true);
      }
    });

    const cases: [string, Record<string, FormValue>, string][] = [
      ['no name', { Nombre: '  ' }, 'Falta el nombre'],
      ['no description', { Descripcion: '' }, 'Falta la descripción'],
      ['no type', { Tipo: '' }, 'Selecciona un tipo'],
      ['an unknown type', { Tipo: 'ZIP' }, 'Selecciona un tipo'],
      ['no category', { Categoria: '' }, 'Selecciona una categoría'],
      ['an unknown category', { Categoria: 'MAGIA' }, 'Selecciona una categoría'],
      ['a link template without a link', { Tipo: 'LINK' }, 'Ingresa un enlace válido (https://…)'],
      ['a link that is not a URL', { Tipo: 'LINK', Link: 'www.ejemplo.com' }, 'Ingresa un enlace válido (https://…)'],
      [
        'a link that is not http(s)',
        { Tipo: 'FORMULARIO', Link: 'javascript:alert(1)' },
        'Ingresa un enlace válido (https://…)',
      ],
      ['a file template without a file', { Tipo: 'EXCEL' }, 'Adjunta el archivo de la prueba'],
    ];
    it.each(cases)('refuses %s', async (_name, over, message) => {
      await storesNothing(async () => {
        expect((await create(form(over)).expect(400)).body).toEqual({ message });
      });
    });

    it('refuses a file whose name or bytes do not match the type, storing nothing', async () => {
      await storesNothing(async () => {
        for (const [tipo, data, name] of [
          ['PDF', HTML, 'prueba.pdf'],
          ['PDF', PDF, 'prueba.docx'],
          ['PDF', PDF, 'prueba'],
          ['WORD', PDF, 'prueba.docx'],
          ['WORD', XLSX, 'prueba.docx'],
          ['WORD', DOCX, 'prueba.doc'],
          ['EXCEL', DOCX, 'datos.xlsx'],
          ['EXCEL', PDF, 'datos.xls'],
        ] as const) {
          const res = await create(form({ Tipo: tipo }), [archivo(data, name)]).expect(400);
          expect(res.body).toEqual({ message: 'El archivo no corresponde al tipo seleccionado' });
        }
      });
    });

    it('refuses a file over 5 MB with 413, storing nothing', async () => {
      const big = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 32)]);
      await storesNothing(async () => {
        const res = await create(form(), [archivo(big, 'grande.pdf')]).expect(413);
        expect(res.body).toEqual({ message: 'El archivo no debe superar los 5MB' });
      });
    });
  });

  describe('POST /pruebas/templates/{id}/activo', () => {
    it('turns a template off and on, answering the record', async () => {
      const target = (await list()).find((x) => x.activo)!;
      const off = await postJson(`/pruebas/templates/${target.id}/activo`, { activo: false }).expect(200);
      expect(off.body).toEqual({ ...target, activo: false });
      const on = await postJson(`/pruebas/templates/${target.id}/activo`, { Activo: true }).expect(200);
      expect(on.body).toEqual(target);
    });

    it('answers 400 for a value that is not a flag and 404 for a missing template', async () => {
      const [first] = await list();
      for (const body of [{}, { activo: 'quizá' }, { activo: null }]) {
        expect((await postJson(`/pruebas/templates/${first!.id}/activo`, body).expect(400)).body).toEqual({
          message: 'El valor de activo debe ser verdadero o falso.',
        });
      }
      expect((await postJson('/pruebas/templates/999999/activo', { activo: true }).expect(404)).body).toEqual({
        message: 'La prueba no existe o ya fue eliminada.',
      });
    });
  });

  describe('POST /pruebas/templates/{id} (delete)', () => {
    it('deletes the template and its file', async () => {
      const created = (await create(form({ Nombre: 'Para borrar' }), [archivo(PDF, 'borrar.pdf')]).expect(201))
        .body as TemplateJson;
      const key = (
        await t.api.db
          .selectFrom('pruebas_templates')
          .select('archivo_ruta')
          .where('id', '=', created.id)
          .executeTakeFirstOrThrow()
      ).archivo_ruta!;
      expect(await files()).toContain(key);
      expect((await postJson(`/pruebas/templates/${created.id}`).expect(200)).body).toEqual({ success: true });
      expect(await files()).not.toContain(key);
      expect((await list()).some((x) => x.id === created.id)).toBe(false);
      expect((await get(created.archivoRuta!).expect(404)).body).toEqual({
        message: 'La prueba no existe o ya fue eliminada.',
      });
      expect((await postJson(`/pruebas/templates/${created.id}`).expect(404)).body).toEqual({
        message: 'La prueba no existe o ya fue eliminada.',
      });
    });

    it('deletes a link template', async () => {
      const link = (await list()).find((x) => x.tipo === 'FORMULARIO')!;
      await postJson(`/pruebas/templates/${link.id}`).expect(200);
      expect((await list()).some((x) => x.id === link.id)).toBe(false);
    });
  });

  it('answers 404 when the stored file has gone', async () => {
    const created = (await create(form({ Nombre: 'Archivo perdido' }), [archivo(PDF, 'perdido.pdf')]).expect(201))
      .body as TemplateJson;
    const { archivo_ruta } = await t.api.db
      .selectFrom('pruebas_templates')
      .select('archivo_ruta')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    await import('node:fs/promises').then((fs) => fs.unlink(path.join(t.api.filesDir, archivo_ruta!)));
    expect((await get(created.archivoRuta!).expect(404)).body).toEqual({ message: 'Archivo no encontrado' });
  });
});
