import http from 'node:http';
import { APPLICATION_CONFLICT_MESSAGE, formatDate, toGuatemalaWallClock } from '@bolsa/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CANDIDATES } from '../src/demo/index.js';
import { databases, type TestApi } from './support/databases.js';
import { rawGet } from './support/http.js';
import { validCui } from './support/client.js';
import {
  footprint,
  formOf,
  guestFields,
  jpegBytes,
  makeVacancies,
  pdfBytes,
  pngBytes,
  postForm,
  type FilePart,
} from './support/application.js';

const MB = 1024 * 1024;

describe.each(databases)('applications on $name', ({ start }) => {
  let t: TestApi;
  let v: Awaited<ReturnType<typeof makeVacancies>>;
  let png: Buffer;
  let jpeg: Buffer;
  const pdf = pdfBytes();
  let seq = 0;

  beforeAll(async () => {
    t = await start();
    v = await makeVacancies(t.api.db);
    png = await pngBytes();
    jpeg = await jpegBytes();
  }, 180_000);
  afterAll(async () => t?.close());

  /** A fresh applicant each time (DPI and e-mail unused so far). */
  let person: { InputCui: string; InputEmail: string };
  beforeEach(() => {
    seq++;
    person = { InputCui: validCui(String(31000000 + seq * 7)), InputEmail: `persona${seq}@example.com` };
  });

  const guestFiles = (): FilePart[] => [
    { field: 'Curriculum', data: pdf, name: 'cv.pdf', type: 'application/pdf' },
    { field: 'FileFotografia', data: png, name: 'foto.png', type: 'image/png' },
  ];
  const send = (fields: Record<string, string>, files: FilePart[] = guestFiles(), extra: [string, string][] = []) =>
    postForm(t.api.url, t.api.token, formOf(fields, files, extra));
  const validar = async (q: Record<string, string>) => {
    const res = await fetch(`${t.api.url}/postulantes/validar?${new URLSearchParams(q)}`, {
      headers: { authorization: `Bearer ${t.api.token}` },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('stores a guest application with its files and its acknowledgement in the outbox', async () => {
    const before = await footprint(t.api.db, t.api.filesDir);
    const res = await send(guestFields(v.open, person));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, postulanteId: expect.any(Number) });
    const id = res.body.postulanteId as number;
    const row = await t.api.db.selectFrom('postulantes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      estado: 'postulado',
      cui: person.InputCui,
      email: person.InputEmail,
      es_registrado: false,
    });
    const files = await t.api.db
      .selectFrom('postulante_archivos')
      .selectAll()
      .where('postulante_id', '=', id)
      .execute();
    expect(files.map((f) => f.tipo).sort()).toEqual(['curriculum', 'fotografia']);
    for (const f of files) expect(f.clave).toMatch(/^postulantes\/[0-9a-f-]{36}\.(pdf|jpg)$/);
    const mail = await t.api.db.selectFrom('correos_salientes').selectAll().where('postulante_id', '=', id).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      plantilla: 'postulacion-recibida',
      destinatario: person.InputEmail,
      estado: 'pendiente',
    });
    expect(mail[0]!.texto).toContain('Auxiliar de enfermería (prueba)');
    expect(mail[0]!.texto).toContain('Crea tu cuenta');
    // The date printed is Guatemala's day of the moment the application was stored (issue 20).
    expect(mail[0]!.texto).toContain(`- Fecha: ${formatDate(toGuatemalaWallClock(new Date(row.fecha_registro)).date)}`);
    const after = await footprint(t.api.db, t.api.filesDir);
    expect(after).toEqual({
      postulantes: before.postulantes + 1,
      archivos: before.archivos + 2,
      correos: before.correos + 1,
      files: before.files + 2,
    });
    // Candidate files are never served by key, not even to the BFF.
    const key = files[0]!.clave;
    const direct = await rawGet(t.api.url, `/internal/archivos/${key}`, { authorization: `Bearer ${t.api.token}` });
    expect(direct.status).toBe(404);
    // No personal data in the api's log.
    expect(t.logs.join('\n')).not.toContain(person.InputCui);
    expect(t.logs.join('\n')).not.toContain(person.InputEmail);
  });

  it('registered mode needs the photo and the four documents, and stores the user id', async () => {
    // An account whose profile holds no documents yet (the first demo candidate's holds all of them).
    const ana = await t.api.db
      .insertInto('usuarios_candidatos')
      .values({
        primer_nombre: 'Ana',
        primer_apellido: 'Sin documentos',
        email: 'ana.sin.documentos@example.com',
        dpi: validCui('39500011'),
        clave_hash: 'x',
      })
      .returning(['id', 'email', 'dpi'])
      .executeTakeFirstOrThrow();
    const fields = guestFields(v.second, {
      InputCui: ana.dpi,
      InputEmail: ana.email,
      InputEdad: '17',
      EsUsuarioRegistrado: 'true',
      UsuarioCandidatoId: String(ana.id),
    });
    const missing = await send(fields, [{ field: 'Curriculum', data: pdf, name: 'cv.pdf' }]);
    expect(missing.status).toBe(400);
    const messages = (missing.body.fields as { path: string; message: string }[]).map((f) => f.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Debe ser mayor de 18 años',
        'La fotografía es obligatoria',
        'El DPI escaneado es obligatorio',
        'Los antecedentes policiales son obligatorios',
        'Los antecedentes penales son obligatorios',
      ]),
    );
    const all: FilePart[] = [
      { field: 'FileFotografia', data: jpeg, name: 'foto.jpg' },
      { field: 'Curriculum', data: pdf, name: 'cv.pdf' },
      { field: 'CartaDePresentacion', data: pdf, name: 'dpi.pdf' },
      { field: 'Policiales', data: pdf, name: 'policiales.pdf' },
      { field: 'Penales', data: pdf, name: 'penales.pdf' },
    ];
    const ok = await send({ ...fields, InputEdad: '30' }, all);
    expect(ok.status).toBe(201);
    const row = await t.api.db
      .selectFrom('postulantes')
      .select(['usuario_candidato_id', 'es_registrado'])
      .where('id', '=', ok.body.postulanteId as number)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ usuario_candidato_id: ana.id, es_registrado: true });
    const mail = await t.api.db
      .selectFrom('correos_salientes')
      .select('texto')
      .where('postulante_id', '=', ok.body.postulanteId as number)
      .executeTakeFirstOrThrow();
    expect(mail.texto).toContain('/perfil');

    // ya_aplico, on the check and on a second submission.
    const check = await validar({
      vacanteId: String(v.second),
      dpi: ana.dpi,
      email: ana.email,
      esRegistrado: '1',
      usuarioId: String(ana.id),
    });
    expect(check.body).toEqual({ ok: false, conflict: 'ya_aplico', message: APPLICATION_CONFLICT_MESSAGE.ya_aplico });
    const again = await send({ ...fields, InputEdad: '30' }, all);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ conflict: 'ya_aplico' });
  });

  it('GET /postulantes/validar answers every conflict code of spec 1 §8', async () => {
    const first = await send(guestFields(v.open, person));
    expect(first.status).toBe(201);
    const q = (dpi: string, email: string, over: Record<string, string> = {}) =>
      validar({ vacanteId: String(v.open), dpi, email, esRegistrado: '0', ...over });
    const other = { dpi: validCui('39000001'), email: 'nadie.mas@example.com' };

    expect((await q(other.dpi, other.email)).body).toEqual({ ok: true, conflict: null, message: null });
    expect((await q(person.InputCui, other.email)).body).toMatchObject({ ok: false, conflict: 'dpi' });
    expect((await q(other.dpi, person.InputEmail.toUpperCase())).body).toMatchObject({ ok: false, conflict: 'email' });
    // The same person on another vacancy: no conflict; with another e-mail: the DPI is known with another e-mail.
    expect(
      (await validar({ vacanteId: String(v.second), dpi: person.InputCui, email: person.InputEmail })).body.ok,
    ).toBe(true);
    expect(
      (await validar({ vacanteId: String(v.second), dpi: person.InputCui, email: other.email })).body,
    ).toMatchObject({
      conflict: 'dpi_email_mismatch',
      message: APPLICATION_CONFLICT_MESSAGE.dpi_email_mismatch,
    });
    expect(
      (await validar({ vacanteId: String(v.second), dpi: other.dpi, email: person.InputEmail })).body,
    ).toMatchObject({
      conflict: 'email_dpi_mismatch',
      message: APPLICATION_CONFLICT_MESSAGE.email_dpi_mismatch,
    });
    // An e-mail of a registered candidate used by someone else.
    const carlos = DEMO_CANDIDATES[1];
    expect((await validar({ vacanteId: String(v.second), dpi: other.dpi, email: carlos.email })).body).toMatchObject({
      conflict: 'usuario',
      message: APPLICATION_CONFLICT_MESSAGE.usuario,
    });
    // Punctuation in the DPI is dropped, the e-mail lower-cased.
    const dotted = person.InputCui.replace(/^(\d{4})(\d{5})/, '$1 $2-');
    expect((await q(dotted, other.email)).body).toMatchObject({ conflict: 'dpi' });
    expect((await validar({ vacanteId: 'abc', dpi: other.dpi, email: other.email })).status).toBe(400);
  });

  it('ten simultaneous identical submissions store one application', async () => {
    const before = await footprint(t.api.db, t.api.filesDir);
    const results = await Promise.all(Array.from({ length: 10 }, () => send(guestFields(v.open, person))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 409)) expect(['dpi', 'email']).toContain(r.body.conflict);
    const after = await footprint(t.api.db, t.api.filesDir);
    expect(after).toEqual({
      postulantes: before.postulantes + 1,
      archivos: before.archivos + 2,
      correos: before.correos + 1,
      files: before.files + 2,
    });
  }, 60_000);

  describe('bad input: a 4xx, the spec message, nothing stored', () => {
    const cases: [string, () => Promise<{ status: number; body: Record<string, unknown> }>, number, string][] = [];
    const add = (
      name: string,
      run: () => Promise<{ status: number; body: Record<string, unknown> }>,
      status: number,
      message: string,
    ) => cases.push([name, run, status, message]);

    add(
      'a PNG named .pdf',
      () =>
        send(guestFields(v.open, person), [
          { field: 'Curriculum', data: png, name: 'cv.pdf', type: 'application/pdf' },
          { field: 'FileFotografia', data: png, name: 'f.png' },
        ]),
      400,
      'Solo se permiten archivos PDF',
    );
    add(
      'a PDF named .jpg',
      () =>
        send(guestFields(v.open, person), [
          { field: 'Curriculum', data: pdf, name: 'cv.pdf' },
          { field: 'FileFotografia', data: pdf, name: 'foto.jpg', type: 'image/jpeg' },
        ]),
      400,
      'Solo se permiten imágenes JPG o PNG',
    );
    add(
      'a 6 MB PDF',
      () =>
        send(guestFields(v.open, person), [
          { field: 'Curriculum', data: pdfBytes(6 * MB), name: 'cv.pdf' },
          { field: 'FileFotografia', data: png, name: 'f.png' },
        ]),
      400,
      'El archivo no puede ser mayor a 5MB',
    );
    add(
      'a zero-byte CV',
      () =>
        send(guestFields(v.open, person), [
          { field: 'Curriculum', data: Buffer.alloc(0), name: 'cv.pdf' },
          { field: 'FileFotografia', data: png, name: 'f.png' },
        ]),
      400,
      'Solo se permiten archivos PDF',
    );
    add(
      'a polyglot (JPEG with a ZIP appended)',
      async () => {
        const zip = Buffer.concat([
          Buffer.from('PK\u0003\u0004', 'latin1'),
          Buffer.alloc(40),
          Buffer.from('PK\u0005\u0006', 'latin1'),
          Buffer.alloc(18),
        ]);
        return send(guestFields(v.open, person), [
          { field: 'Curriculum', data: pdf, name: 'cv.pdf' },
          { field: 'FileFotografia', data: Buffer.concat([jpeg, zip]), name: 'f.jpg' },
        ]);
      },
      400,
      'Solo se permiten imágenes JPG o PNG',
    );
    add(
      'a PDF with a ZIP after %%EOF',
      async () => {
        const zip = Buffer.concat([
          Buffer.from('PK\u0003\u0004', 'latin1'),
          Buffer.alloc(40),
          Buffer.from('PK\u0005\u0006', 'latin1'),
          Buffer.alloc(18),
        ]);
        return send(guestFields(v.open, person), [
          { field: 'Curriculum', data: Buffer.concat([pdf, zip]), name: 'cv.pdf' },
          { field: 'FileFotografia', data: png, name: 'f.png' },
        ]);
      },
      400,
      'Solo se permiten archivos PDF',
    );
    add(
      'missing CV',
      () => send(guestFields(v.open, person), [{ field: 'FileFotografia', data: png, name: 'f.png' }]),
      400,
      'Debes adjuntar tu Hoja de Vida (PDF).',
    );
    add(
      'missing name',
      () => send(guestFields(v.open, { ...person, InputNombre: '' })),
      400,
      'Ingresa tu nombre completo.',
    );
    add(
      'a duplicated field',
      () => send(guestFields(v.open, person), guestFiles(), [['InputCui', validCui('39000002')]]),
      400,
      'Solicitud inválida',
    );
    add(
      'a duplicated file part',
      () => send(guestFields(v.open, person), [...guestFiles(), { field: 'Curriculum', data: pdf, name: 'otro.pdf' }]),
      400,
      'Solicitud inválida',
    );
    add(
      'an unknown file part',
      () => send(guestFields(v.open, person), [...guestFiles(), { field: 'Otro', data: pdf, name: 'x.pdf' }]),
      400,
      'Solicitud inválida',
    );
    add(
      'a 10,000-line ExperienciasJson',
      () =>
        send(
          guestFields(v.open, {
            ...person,
            ExperienciasJson: JSON.stringify(
              Array.from({ length: 10_000 }, (_, i) => ({
                Empresa: `E${i}`,
                Puesto: 'P',
                Desde: '2020-01-01',
                Hasta: '2020-01-02',
                Descripcion: 'd',
              })),
              null,
              1,
            ),
          }),
        ),
      413,
      'La solicitud es demasiado grande',
    );
    add(
      '21 experiences',
      () =>
        send(
          guestFields(v.open, {
            ...person,
            ExperienciasJson: JSON.stringify(
              Array.from({ length: 21 }, () => ({
                Empresa: 'E',
                Puesto: 'P',
                Desde: '2020-01-01',
                Hasta: '2020-01-02',
                Descripcion: 'd',
              })),
            ),
          }),
        ),
      400,
      'Puedes ingresar como máximo 20 filas.',
    );
    add(
      'malformed JSON',
      () => send(guestFields(v.open, { ...person, ReferidosPJson: '[{"RefNp": "Marta"' })),
      400,
      'Formato inválido',
    );
    add(
      'overlapping dates',
      () =>
        send(
          guestFields(v.open, {
            ...person,
            ExperienciasJson: JSON.stringify([
              { Empresa: 'A', Puesto: 'P', Desde: '2020-01-01', Hasta: '2021-06-30', Descripcion: 'd' },
              { Empresa: 'B', Puesto: 'P', Desde: '2021-01-01', Hasta: '2022-01-01', Descripcion: 'd' },
            ]),
          }),
        ),
      400,
      'Las fechas de A y B se traslapan. Por favor ajusta las fechas.',
    );
    add(
      'a future date',
      () =>
        send(
          guestFields(v.open, {
            ...person,
            ExperienciasJson: JSON.stringify([
              { Empresa: 'A', Puesto: 'P', Desde: '2020-01-01', Hasta: '2099-01-01', Descripcion: 'd' },
            ]),
          }),
        ),
      400,
      'No se puede seleccionar una fecha futura',
    );
    add(
      'age 14 (guest)',
      () => send(guestFields(v.open, { ...person, InputEdad: '14' })),
      400,
      'Ingresa una edad válida (15–80).',
    );
    add(
      'a 7-digit phone',
      () => send(guestFields(v.open, { ...person, InputTelefono: '5512345' })),
      400,
      'El teléfono debe tener 8 dígitos',
    );
    add(
      'a DPI failing its check digit',
      () => send(guestFields(v.open, { ...person, InputCui: '1680352240101' })),
      400,
      'El CUI/DPI no es válido. Revisa los 13 dígitos.',
    );
    add(
      'pretensión over 50000',
      () => send(guestFields(v.open, { ...person, Pretension: '60000' })),
      400,
      'La pretensión excede el rango',
    );
    add(
      'negative pretensión',
      () => send(guestFields(v.open, { ...person, Pretension: '-5' })),
      400,
      'La pretensión no puede ser negativa',
    );
    add('an unknown vacancy', () => send(guestFields(99_999_999, person)), 409, 'La vacante ya no está disponible.');
    add(
      'an unpublished vacancy',
      () => send(guestFields(v.unpublished, person)),
      409,
      'La vacante ya no está disponible.',
    );
    add(
      'a vacancy past its end date',
      () => send(guestFields(v.expired, person)),
      409,
      'La vacante ya no está disponible.',
    );
    add(
      'registered-only documents from a guest',
      () => send(guestFields(v.open, person), [...guestFiles(), { field: 'Penales', data: pdf, name: 'p.pdf' }]),
      400,
      'Solicitud inválida',
    );
    add(
      'a JSON body',
      async () => {
        const res = await fetch(`${t.api.url}/guardar/Postulante`, {
          method: 'POST',
          headers: { authorization: `Bearer ${t.api.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(guestFields(v.open, person)),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      },
      400,
      'Solicitud inválida',
    );

    it.each(cases.map(([name]) => [name]))('%s', async (name) => {
      const [, run, status, message] = cases.find((c) => c[0] === name)!;
      const before = await footprint(t.api.db, t.api.filesDir);
      const res = await run();
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expect(await footprint(t.api.db, t.api.filesDir)).toEqual(before);
    });

    it('`../` in a file name is only a display name', async () => {
      const res = await send(guestFields(v.open, person), [
        { field: 'Curriculum', data: pdf, name: '../../../etc/cv.pdf' },
        { field: 'FileFotografia', data: png, name: '..\\..\\foto.png' },
      ]);
      expect(res.status).toBe(201);
      const names = await t.api.db
        .selectFrom('postulante_archivos')
        .select(['nombre', 'clave'])
        .where('postulante_id', '=', res.body.postulanteId as number)
        .execute();
      expect(names.map((n) => n.nombre).sort()).toEqual(['cv.pdf', 'foto.png']);
      for (const n of names) expect(n.clave).not.toContain('..');
    });

    it('a connection cut mid-upload leaves nothing', async () => {
      const before = await footprint(t.api.db, t.api.filesDir);
      const boundary = '----corte';
      const { hostname, port } = new URL(t.api.url);
      await new Promise<void>((resolve) => {
        const req = http.request({
          hostname,
          port,
          path: '/guardar/Postulante',
          method: 'POST',
          headers: {
            authorization: `Bearer ${t.api.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(4 * MB),
          },
        });
        req.on('error', () => resolve());
        req.on('response', () => resolve());
        const fields = Object.entries(guestFields(v.open, person))
          .map(([k, val]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${val}\r\n`)
          .join('');
        req.write(fields);
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="Curriculum"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        );
        req.write(pdfBytes(MB).subarray(0, MB - 100));
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300);
      });
      // The api notices the cut and cleans up.
      await new Promise((r) => setTimeout(r, 500));
      expect(await footprint(t.api.db, t.api.filesDir)).toEqual(before);
    });
  });
});
