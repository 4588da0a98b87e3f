import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { candidateFileUrl, startOfGuatemalaDay, todayInGuatemala } from '@bolsa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type TestApi } from './support/databases.js';
import { stagedCount, stageThrough } from './support/files.js';
import { validCui } from './support/client.js';
import {
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
// Answers are read loosely: the assertions say what they must hold.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

/** A birth date that makes the candidate `years` old today (Guatemala). */
function bornYearsAgo(years: number, dayOffset = 0): string {
  const [y, m, d] = todayInGuatemala().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d + dayOffset));
  return date.toISOString().slice(0, 10);
}

describe.each(databases)('candidate area (/PerfilCandidato, /mis-postulaciones) on $name', ({ start }) => {
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

  const auth = () => ({ authorization: `Bearer ${t.api.token}` });
  /** The application's own files, as a registered candidate without a complete profile sends them. */
  const applicationFiles = (): FilePart[] => [
    { field: 'FileFotografia', data: jpeg, name: 'foto.jpg' },
    { field: 'Curriculum', data: pdf, name: 'cv.pdf' },
    { field: 'CartaDePresentacion', data: pdf, name: 'dpi.pdf' },
    { field: 'Policiales', data: pdf, name: 'pol.pdf' },
    { field: 'Penales', data: pdf, name: 'pen.pdf' },
  ];
  /** POST /guardar/Postulante as the registered candidate `who`. */
  const applyAs = (who: { id: number; dpi: string; email: string }, vacancy: number, files: FilePart[]) =>
    postForm(
      t.api.url,
      t.api.token,
      formOf(
        guestFields(vacancy, {
          InputCui: who.dpi,
          InputEmail: who.email,
          EsUsuarioRegistrado: 'true',
          UsuarioCandidatoId: String(who.id),
        }),
        files,
      ),
    );
  const get = async (p: string) => {
    const res = await fetch(`${t.api.url}${p}`, { headers: auth() });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const post = async (p: string, json?: unknown) => {
    const res = await fetch(`${t.api.url}${p}`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const save = async (fields: Record<string, string>, files: FilePart[] = []) => {
    const res = await fetch(`${t.api.url}/PerfilCandidato/completar-perfil`, {
      method: 'POST',
      headers: auth(),
      body: formOf(fields, files),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };

  /** A fresh registered candidate (account only). */
  async function newCandidate() {
    seq++;
    const dpi = validCui(String(52000000 + seq * 11));
    const row = await t.api.db
      .insertInto('usuarios_candidatos')
      .values({
        primer_nombre: 'Julia',
        primer_apellido: 'Tzul',
        email: `julia.tzul${seq}@example.com`,
        dpi,
        clave_hash: 'x',
        fecha_registro: new Date().toISOString(),
      })
      .returning(['id', 'email', 'dpi'])
      .executeTakeFirstOrThrow();
    return row;
  }

  const fieldsFor = (c: { id: number; dpi: string }, over: Record<string, string> = {}) => ({
    UserId: String(c.id),
    PrimerNombre: 'Julia',
    SegundoNombre: 'Elena',
    PrimerApellido: 'Tzul',
    SegundoApellido: 'Ixcot',
    ApellidoCasada: '',
    Email: 'ignorado@example.com',
    Telefono: '55667788',
    Dpi: c.dpi,
    FechaNacimiento: '1994-03-12',
    DireccionCompleta: '5a avenida 3-20 zona 1, Quetzaltenango',
    ExperienciasJson: JSON.stringify([
      {
        Empresa: 'Clínica Sur',
        Puesto: 'Recepcionista',
        Desde: '2018-01-01',
        Hasta: '2019-12-31',
        Descripcion: 'Atención',
      },
      { Empresa: 'Farmacia Norte', Puesto: 'Cajera', Desde: '2020-01-01', Hasta: '2023-06-30', Descripcion: 'Caja' },
      { Empresa: '', Puesto: '', Desde: '', Hasta: '', Descripcion: '' },
    ]),
    ReferidosPJson: JSON.stringify([{ RefNp: 'Marta Tzul', RefTp: '44556677' }]),
    ReferidosLJson: JSON.stringify([{ RefNl: 'Luis Pérez', RefTl: '33445566' }]),
    EliminarAdjuntosJson: '[]',
    ...over,
  });
  const allFiles = (): FilePart[] => [
    { field: 'FileFotografia', data: png, name: 'foto.png', type: 'image/png' },
    { field: 'Curriculum', data: pdf, name: 'cv.pdf', type: 'application/pdf' },
    { field: 'DpiArchivo', data: pdf, name: 'dpi.pdf', type: 'application/pdf' },
    { field: 'AntecedentesPoliciales', data: pdf, name: 'policiales.pdf', type: 'application/pdf' },
    { field: 'AntecedentesPenales', data: pdf, name: 'penales.pdf', type: 'application/pdf' },
  ];

  async function storedKeys(): Promise<number> {
    try {
      const e = await readdir(path.join(t.api.filesDir, 'postulantes'), { recursive: true, withFileTypes: true });
      return e.filter((x) => x.isFile()).length;
    } catch {
      return 0;
    }
  }
  async function state(userId: number) {
    const profile = await t.api.db
      .selectFrom('perfiles_candidatos')
      .selectAll()
      .where('usuario_candidato_id', '=', userId)
      .executeTakeFirst();
    const files = await t.api.db
      .selectFrom('perfil_archivos')
      .select(['id', 'tipo', 'clave'])
      .where('usuario_candidato_id', '=', userId)
      .orderBy('id')
      .execute();
    return { profile: profile ?? null, files, stored: await storedKeys() };
  }

  it('a new account has an incomplete profile with its account fields', async () => {
    const c = await newCandidate();
    const res = await get(`/PerfilCandidato/profile/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      primer_nombre: 'Julia',
      primer_apellido: 'Tzul',
      email: c.email,
      dpi: c.dpi,
      telefono: null,
      fotografia: null,
      curriculum_id: null,
      perfil_completado: false,
      nombre_completo: 'Julia Tzul',
      experiencias_json: [],
    });
    expect((await get('/PerfilCandidato/profile/999999')).status).toBe(404);
    expect((await get('/PerfilCandidato/foto/' + c.id)).status).toBe(404);
  });

  it('completes the profile with a photo and four PDFs; perfil_completado is computed, urls are the BFF route', async () => {
    const c = await newCandidate();
    const res = await save({ ...fieldsFor(c), perfil_completado: 'false' }, allFiles());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Perfil actualizado');
    const p = (await get(`/PerfilCandidato/profile/${c.id}`)).body;
    expect(p).toMatchObject({
      segundo_nombre: 'Elena',
      telefono: '55667788',
      fecha_nacimiento: '1994-03-12',
      direccion_completa: '5a avenida 3-20 zona 1, Quetzaltenango',
      // The account's e-mail, not the one sent.
      email: c.email,
      perfil_completado: true,
    });
    expect(p.experiencias_json).toHaveLength(2);
    expect(p.referidos_personales_json).toEqual([{ RefNp: 'Marta Tzul', RefTp: '44556677', tipo: 1 }]);
    expect(p.archivos).toHaveLength(5);
    const photo = p.archivos.find((f: { tipo: string }) => f.tipo === 'fotografia');
    expect(p.fotografia).toBe(candidateFileUrl('perfil', photo.id));
    expect((await get(`/PerfilCandidato/foto/${c.id}`)).body).toEqual({ url: candidateFileUrl('perfil', photo.id) });
    const cv = await get(`/PerfilCandidato/archivo/${c.id}/${c.dpi}/${p.curriculum_id}`);
    expect(cv).toEqual({ status: 200, body: { url: candidateFileUrl('perfil', p.curriculum_id) } });

    // The stored keys are opaque and private: nothing of the candidate's in them.
    const s = await state(c.id);
    for (const f of s.files) expect(f.clave).toMatch(/^postulantes\/perfiles\/[0-9a-f-]{36}\.(pdf|jpg)$/);
    // The flag is the api's: set in SQL to false, it reads back false.
    await t.api.db
      .updateTable('perfiles_candidatos')
      .set({ perfil_completado: false })
      .where('usuario_candidato_id', '=', c.id)
      .execute();
    expect((await get(`/PerfilCandidato/profile/${c.id}`)).body.perfil_completado).toBe(false);
  });

  it("erasing an account removes at once the files it staged and never sent; a guest's stay for the sweep", async () => {
    const c = await newCandidate();
    const stage = (query: Record<string, string>) =>
      fetch(
        `${t.api.url}/internal/archivos-preparados?${new URLSearchParams({ tipo: 'documento', nombre: 'cv.pdf', ...query })}`,
        {
          method: 'POST',
          headers: { ...auth(), 'content-type': 'application/octet-stream' },
          body: pdf,
        },
      );
    const theirs = (await (await stage({ usuarioId: String(c.id) })).json()) as { id: string };
    const guests = (await (await stage({})).json()) as { id: string };
    for (const bad of ['0', '-1', 'x', '12345678901']) expect((await stage({ usuarioId: bad })).status).toBe(400);
    const rows = () =>
      t.api.db
        .selectFrom('archivos_preparados')
        .select(['id', 'clave', 'usuario_candidato_id'])
        .where('id', 'in', [theirs.id, guests.id])
        .orderBy('usuario_candidato_id')
        .execute();
    const [theirRow, guestRow] = await rows();
    expect(theirRow).toMatchObject({ id: theirs.id, usuario_candidato_id: c.id });
    expect(guestRow).toMatchObject({ id: guests.id, usuario_candidato_id: null });
    const stored = async (key: string) =>
      (await readdir(path.join(t.api.filesDir, 'tmp'))).includes(path.basename(key));
    expect(await stored(theirRow!.clave)).toBe(true);

    expect((await post(`/internal/usuarios-candidatos/${c.id}/eliminar`)).status).toBe(200);
    expect((await rows()).map((r) => r.id)).toEqual([guests.id]);
    expect(await stored(theirRow!.clave)).toBe(false);
    expect(await stored(guestRow!.clave)).toBe(true);
    await fetch(`${t.api.url}/internal/archivos-preparados/${guests.id}/eliminar`, { method: 'POST', headers: auth() });
  });

  it('takes files staged when they were dropped (?preparados=), releases them on save, and says when one is gone', async () => {
    const c = await newCandidate();
    const stage = async (data: Buffer, tipo: string, nombre: string) => {
      const res = await fetch(`${t.api.url}/internal/archivos-preparados?${new URLSearchParams({ tipo, nombre })}`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/octet-stream' },
        body: data,
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const refs = [
      `FileFotografia:${await stage(png, 'foto', 'foto.png')}`,
      `Curriculum:${await stage(pdf, 'documento', 'cv.pdf')}`,
      `DpiArchivo:${await stage(pdf, 'documento', 'dpi.pdf')}`,
      `AntecedentesPoliciales:${await stage(pdf, 'documento', 'policiales.pdf')}`,
    ].join(',');
    const send = (preparados: string, files: FilePart[]) =>
      fetch(`${t.api.url}/PerfilCandidato/completar-perfil?${new URLSearchParams({ preparados })}`, {
        method: 'POST',
        headers: auth(),
        body: formOf(fieldsFor(c), files),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Body }));
    const penales = allFiles().filter((f) => f.field === 'AntecedentesPenales');
    const res = await send(refs, penales);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.perfil.perfil_completado).toBe(true);
    const names = res.body.perfil.archivos.map((f: { nombre: string }) => f.nombre).sort();
    expect(names).toEqual(['cv.pdf', 'dpi.pdf', 'foto.png', 'penales.pdf', 'policiales.pdf']);
    expect(await t.api.db.selectFrom('archivos_preparados').select('id').execute()).toEqual([]);

    const again = await send(refs, []);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('El archivo ya fue utilizado o expiró. Vuelve a subirlo.');
    const bad = await send('Curriculum:no-es-un-id', []);
    expect(bad.status).toBe(400);
  });

  // Issue 22: a refused profile form's staged files go at once, whatever refused it; a saved one keeps them.
  describe('a refused profile form deletes its staged files at once', () => {
    const stageTwo = async () =>
      [
        `FileFotografia:${await stageThrough(t, png, 'foto', 'foto.png')}`,
        `Curriculum:${await stageThrough(t, pdf, 'documento', 'cv.pdf')}`,
      ].join(',');
    const send = (preparados: string, fields: Record<string, string>, extra: [string, string][] = []) =>
      fetch(`${t.api.url}/PerfilCandidato/completar-perfil?${new URLSearchParams({ preparados })}`, {
        method: 'POST',
        headers: auth(),
        body: formOf(fields, [], extra),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Body }));

    type Who = { id: number; dpi: string };
    it.each([
      ['a field is invalid', 400, (c: Who) => fieldsFor(c, { Telefono: '12' }), []],
      ['the account does not exist', 404, (c: Who) => fieldsFor({ ...c, id: 999999 }), []],
      ['the user id is malformed', 400, (c: Who) => fieldsFor(c, { UserId: 'x' }), []],
      ['a field is repeated', 400, (c: Who) => fieldsFor(c), [['PrimerNombre', 'Ana']]],
    ] as [string, number, (c: Who) => Record<string, string>, [string, string][]][])(
      'when %s (%i)',
      async (_name, status, fields, extra) => {
        const c = await newCandidate();
        const preparados = await stageTwo();
        const before = await stagedCount(t);
        const r = await send(preparados, fields(c), extra);
        expect(r.status, JSON.stringify(r.body)).toBe(status);
        expect(await stagedCount(t)).toEqual({ rows: before.rows - 2, files: before.files - 2 });
        // Sent again (idempotent): they are gone, and the refusal says so.
        const again = await send(preparados, fieldsFor(c));
        expect([again.status, again.body.message]).toEqual([
          400,
          'El archivo ya fue utilizado o expiró. Vuelve a subirlo.',
        ]);
      },
    );

    it('a saved profile keeps its files (stored as the profile\u2019s)', async () => {
      const c = await newCandidate();
      const preparados = await stageTwo();
      const before = await stagedCount(t);
      const rest = allFiles().filter((f) => !['FileFotografia', 'Curriculum'].includes(f.field));
      const r = await fetch(`${t.api.url}/PerfilCandidato/completar-perfil?${new URLSearchParams({ preparados })}`, {
        method: 'POST',
        headers: auth(),
        body: formOf(fieldsFor(c), rest),
      }).then(async (x) => ({ status: x.status, body: (await x.json()) as Body }));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await stagedCount(t)).toEqual({ rows: before.rows - 2, files: before.files - 2 });
      const names = r.body.perfil.archivos.map((f: { nombre: string }) => f.nombre).sort();
      expect(names).toEqual(['cv.pdf', 'dpi.pdf', 'foto.png', 'penales.pdf', 'policiales.pdf']);
    });
  });

  it('archivo refuses a wrong DPI and another candidate\u2019s file with 404 and a Spanish message', async () => {
    const a = await newCandidate();
    const b = await newCandidate();
    expect((await save(fieldsFor(a), allFiles())).status).toBe(200);
    expect((await save(fieldsFor(b), allFiles())).status).toBe(200);
    const pa = (await get(`/PerfilCandidato/profile/${a.id}`)).body;
    const pb = (await get(`/PerfilCandidato/profile/${b.id}`)).body;
    const wrongDpi = await get(`/PerfilCandidato/archivo/${a.id}/${b.dpi}/${pa.curriculum_id}`);
    expect(wrongDpi).toEqual({ status: 404, body: { message: 'Archivo no encontrado' } });
    const othersFile = await get(`/PerfilCandidato/archivo/${a.id}/${a.dpi}/${pb.curriculum_id}`);
    expect(othersFile).toEqual({ status: 404, body: { message: 'Archivo no encontrado' } });
    expect((await get(`/PerfilCandidato/archivo/${a.id}/123/${pa.curriculum_id}`)).status).toBe(404);
    // The DPI in the path is never logged.
    expect(t.logs.join('\n')).not.toContain(a.dpi);
  });

  describe('bad input is refused with the spec message and changes nothing', () => {
    let c: { id: number; dpi: string; email: string };
    let before: Awaited<ReturnType<typeof state>>;
    beforeAll(async () => {
      c = await newCandidate();
      expect((await save(fieldsFor(c), allFiles())).status).toBe(200);
    });

    const cases: [string, () => [Record<string, string>, FilePart[]], string, string][] = [
      [
        'a document that is not a PDF',
        () => [fieldsFor(c), [{ field: 'Curriculum', data: png, name: 'cv.pdf', type: 'application/pdf' }]],
        'curriculum',
        'Solo se permiten archivos PDF',
      ],
      [
        'a photo that is not an image',
        () => [fieldsFor(c), [{ field: 'FileFotografia', data: pdf, name: 'foto.png', type: 'image/png' }]],
        'photo',
        'Solo se permiten imágenes JPG o PNG',
      ],
      [
        'a 6 MB document',
        () => [fieldsFor(c), [{ field: 'AntecedentesPenales', data: pdfBytes(6 * MB), name: 'p.pdf' }]],
        'criminalRecord',
        'El archivo no puede ser mayor a 5MB',
      ],
      [
        'two experiences that overlap',
        () => [
          fieldsFor(c, {
            ExperienciasJson: JSON.stringify([
              { Empresa: 'Clínica Sur', Puesto: 'R', Desde: '2018-01-01', Hasta: '2020-12-31', Descripcion: 'A' },
              { Empresa: 'Farmacia Norte', Puesto: 'C', Desde: '2020-01-01', Hasta: '2023-06-30', Descripcion: 'B' },
            ]),
          }),
          [],
        ],
        'experiences.1.from',
        'Las fechas de Clínica Sur y Farmacia Norte se traslapan.',
      ],
      [
        'a birth date making 17',
        () => [fieldsFor(c, { FechaNacimiento: bornYearsAgo(18, 1) }), []],
        'birthDate',
        'Debe ser mayor de 18 años',
      ],
      [
        'a birth date making 66',
        () => [fieldsFor(c, { FechaNacimiento: bornYearsAgo(66) }), []],
        'birthDate',
        'La edad máxima permitida es 65 años',
      ],
      [
        'a 9-digit phone',
        () => [fieldsFor(c, { Telefono: '555667788' }), []],
        'phone',
        'El teléfono debe tener exactamente 8 dígitos',
      ],
      [
        'an address of 9 characters',
        () => [fieldsFor(c, { DireccionCompleta: 'Zona 1 GT' }), []],
        'address',
        'La dirección debe tener al menos 10 caracteres',
      ],
      [
        'a personal reference without an 8-digit phone',
        () => [fieldsFor(c, { ReferidosPJson: JSON.stringify([{ RefNp: 'Marta', RefTp: '' }]) }), []],
        'personalReferences',
        'Agrega al menos una referencia personal con teléfono de 8 dígitos.',
      ],
      [
        'a DPI other than the account\u2019s',
        () => [fieldsFor(c, { Dpi: validCui('99887766') }), []],
        'dpi',
        'El DPI no coincide con el de tu cuenta.',
      ],
    ];
    for (const [name, make, fieldPath, message] of cases) {
      it(name, async () => {
        before = await state(c.id);
        const [fields, files] = make();
        const res = await save({ ...fields, PrimerNombre: 'Cambiado' }, files);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.success).toBe(false);
        expect(res.body.fields).toEqual(expect.arrayContaining([{ path: fieldPath, message }]));
        expect(await state(c.id)).toEqual(before);
        expect((await get(`/PerfilCandidato/profile/${c.id}`)).body.primer_nombre).toBe('Julia');
      });
    }

    it('removing a document an incomplete profile still needs: Faltan archivos', async () => {
      // A profile whose flag is off (e.g. carried over from the old system) needs all four.
      await t.api.db
        .updateTable('perfiles_candidatos')
        .set({ perfil_completado: false })
        .where('usuario_candidato_id', '=', c.id)
        .execute();
      before = await state(c.id);
      const res = await save(
        fieldsFor(c, { EliminarAdjuntosJson: JSON.stringify(['curriculum', 'AntecedentesPenales']) }),
      );
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual(
        expect.arrayContaining([{ path: 'documents', message: 'Faltan archivos: Currículum, Antecedentes penales' }]),
      );
      expect(await state(c.id)).toEqual(before);
    });

    it('a new account must send the photo and all four documents', async () => {
      const fresh = await newCandidate();
      const res = await save(fieldsFor(fresh), [allFiles()[1]!]);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual(
        expect.arrayContaining([
          { path: 'photo', message: 'La fotografía es obligatoria.' },
          {
            path: 'documents',
            message: 'Faltan archivos: DPI escaneado, Antecedentes policiales, Antecedentes penales',
          },
        ]),
      );
      expect((await state(fresh.id)).files).toEqual([]);
    });
  });

  it('a replaced document becomes current on commit and the old one is removed after; a complete profile may drop one', async () => {
    const c = await newCandidate();
    expect((await save(fieldsFor(c), allFiles())).status).toBe(200);
    const before = await state(c.id);
    const oldCv = before.files.find((f) => f.tipo === 'curriculum')!;
    const res = await save(fieldsFor(c, { EliminarAdjuntosJson: '["curriculum"]' }), [
      { field: 'Curriculum', data: pdfBytes(4000), name: 'cv-nuevo.pdf' },
      { field: 'FileFotografia', data: jpeg, name: 'foto.jpg' },
    ]);
    expect(res.status).toBe(200);
    const after = await state(c.id);
    const newCv = after.files.find((f) => f.tipo === 'curriculum')!;
    expect(newCv.id).not.toBe(oldCv.id);
    expect(after.stored).toBe(before.stored);
    expect(existsSync(path.join(t.api.filesDir, oldCv.clave))).toBe(false);
    expect(res.body.perfil.archivos.find((f: { tipo: string }) => f.tipo === 'curriculum').nombre).toBe('cv-nuevo.pdf');

    // Once complete, a document may be removed without a replacement (spec 1 §4); the gate then flags it.
    const dropped = await save(fieldsFor(c, { EliminarAdjuntosJson: '["antecedentes_policiales_id"]' }));
    expect(dropped.status).toBe(200);
    expect(dropped.body.perfil.antecedentes_policiales_id).toBeNull();
    expect(dropped.body.perfil.perfil_completado).toBe(false);
    expect((await state(c.id)).stored).toBe(before.stored - 1);
  });

  it('mis-postulaciones lists the candidate\u2019s own applications and stores the state seen', async () => {
    const c = await newCandidate();
    expect((await get(`/mis-postulaciones/${c.id}`)).body).toEqual({
      success: true,
      postulaciones: [],
      message: 'Postulaciones obtenidas',
    });
    const other = await newCandidate();
    const apply = async (who: { id: number; dpi: string; email: string }, vacancy: number) => {
      const res = await applyAs(who, vacancy, applicationFiles());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.postulanteId as number;
    };
    const id = await apply(c, v.open);
    await apply(other, v.open);
    const list = await get(`/mis-postulaciones/${c.id}`);
    expect(list.body.postulaciones).toEqual([
      {
        id,
        estadoPostulante: 'postulado',
        estadoVisto: 'postulado',
        fechaRegistro: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        plazasAplicadas: [
          {
            plazaId: v.open,
            nombrePlaza: 'Auxiliar de enfermería (prueba)',
            fechaAplicacion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
            sede: expect.any(Number),
            sedeNombre: expect.any(String),
            lugar: 'Guatemala',
          },
        ],
        // Issue 12: the latest interview (none yet).
        entrevista: null,
      },
    ]);
    // Staff move it (the pipeline's service lands separately; SQL here), the candidate sees it changed.
    await t.api.db.updateTable('postulantes').set({ estado: 'en seguimiento' }).where('id', '=', id).execute();
    expect((await get(`/mis-postulaciones/${c.id}`)).body.postulaciones[0]).toMatchObject({
      estadoPostulante: 'en seguimiento',
      estadoVisto: 'postulado',
    });
    expect(await post(`/internal/mis-postulaciones/${c.id}/vistas`)).toEqual({
      status: 200,
      body: { success: true, actualizadas: 1 },
    });
    expect((await get(`/mis-postulaciones/${c.id}`)).body.postulaciones[0].estadoVisto).toBe('en seguimiento');
    expect((await get('/mis-postulaciones/999999')).status).toBe(404);
    expect((await post('/internal/mis-postulaciones/999999/vistas')).status).toBe(404);
  });

  it('a registered candidate applying with the documents of their profile references them, not copies', async () => {
    const c = await newCandidate();
    expect((await save(fieldsFor(c), allFiles())).status).toBe(200);
    const before = await state(c.id);
    // Only a new police record; the rest comes from the profile.
    const res = await applyAs(c, v.second, [{ field: 'Policiales', data: pdfBytes(3000), name: 'pol-nuevo.pdf' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const files = await t.api.db
      .selectFrom('postulante_archivos')
      .select(['tipo', 'clave', 'perfil_archivo_id', 'nombre'])
      .where('postulante_id', '=', res.body.postulanteId as number)
      .orderBy('tipo')
      .execute();
    expect(files.map((f) => f.tipo)).toEqual(['carta', 'curriculum', 'fotografia', 'penales', 'policiales']);
    const byType = (tp: string) => before.files.find((f) => f.tipo === tp)!;
    expect(files.find((f) => f.tipo === 'curriculum')).toMatchObject({
      clave: byType('curriculum').clave,
      perfil_archivo_id: byType('curriculum').id,
    });
    expect(files.find((f) => f.tipo === 'carta')).toMatchObject({
      clave: byType('dpi').clave,
      perfil_archivo_id: byType('dpi').id,
    });
    expect(files.find((f) => f.tipo === 'policiales')).toMatchObject({
      perfil_archivo_id: null,
      nombre: 'pol-nuevo.pdf',
    });
    // One new stored file only (the new police record).
    expect(await storedKeys()).toBe(before.stored + 1);

    // Replacing the CV in the profile keeps the file the application was sent with.
    expect((await save(fieldsFor(c), [{ field: 'Curriculum', data: pdfBytes(5000), name: 'cv2.pdf' }])).status).toBe(
      200,
    );
    const cvKey = files.find((f) => f.tipo === 'curriculum')!.clave;
    expect(existsSync(path.join(t.api.filesDir, cvKey))).toBe(true);

    // Staff deleting the application removes its own file, not the profile's it references.
    const dpiKey = byType('dpi').clave;
    const ownKey = files.find((f) => f.tipo === 'policiales')!.clave;
    expect((await post(`/candidatos/${res.body.postulanteId as number}`)).status).toBe(200);
    expect(existsSync(path.join(t.api.filesDir, dpiKey))).toBe(true);
    expect(existsSync(path.join(t.api.filesDir, ownKey))).toBe(false);
    // The CV the application was sent with (replaced in the profile since) is nobody's now: gone.
    expect(existsSync(path.join(t.api.filesDir, cvKey))).toBe(false);
    expect((await get(`/PerfilCandidato/profile/${c.id}`)).body.perfil_completado).toBe(true);
  });

  it("a guest who registers finds the latest application's data and documents in the new profile, as copies", async () => {
    seq++;
    const dpi = validCui(String(53000000 + seq * 13));
    const email = `rosa.invitada${seq}@example.com`;
    const photo = jpeg;
    const cv = pdfBytes(3000);
    const older = await postForm(
      t.api.url,
      t.api.token,
      formOf(guestFields(v.second, { InputCui: dpi, InputEmail: email, InputTelefono: '55000001' }), [
        { field: 'FileFotografia', data: png, name: 'foto-vieja.png' },
        { field: 'Curriculum', data: pdfBytes(), name: 'cv-viejo.pdf' },
      ]),
    );
    expect(older.status).toBe(201);
    const latest = await postForm(
      t.api.url,
      t.api.token,
      formOf(
        guestFields(v.open, {
          InputCui: dpi,
          InputEmail: email,
          InputTelefono: '55123456',
          InputDireccion: '5a avenida 3-20 zona 1, Cobán',
        }),
        [
          { field: 'FileFotografia', data: photo, name: 'foto.jpg' },
          { field: 'Curriculum', data: cv, name: 'mi-cv.pdf' },
        ],
      ),
    );
    expect(latest.status).toBe(201);
    const appIds = [Number(older.body.postulanteId), Number(latest.body.postulanteId)];
    const appFiles = await t.api.db
      .selectFrom('postulante_archivos')
      .select(['id', 'clave', 'tipo'])
      .where('postulante_id', 'in', appIds)
      .execute();
    const storedBefore = await storedKeys();

    const reg = await post('/usuarios-candidatos/register', {
      PrimerNombre: 'Rosa',
      PrimerApellido: 'Xuc',
      Email: email,
      Password: 'secreta1',
      Dpi: dpi,
    });
    expect(reg.status).toBe(201);
    const userId = reg.body.id as number;

    const profile = await get(`/PerfilCandidato/profile/${userId}`);
    expect(profile.body).toMatchObject({
      telefono: '55123456',
      direccion_completa: '5a avenida 3-20 zona 1, Cobán',
      experiencias_json: [{ Empresa: 'Farmacia Central', Puesto: 'Cajera', Desde: '2020-01-06', Hasta: '2023-05-31' }],
      referidos_personales_json: [{ RefNp: 'Marta Xuc', RefTp: '44556677' }],
      referidos_laborales_json: [{ RefNl: 'Luis Pérez', RefTl: '33445566' }],
      // Still to complete: birth date, a second experience, three documents.
      perfil_completado: false,
      dpi_archivo_id: null,
    });
    expect(profile.body.fotografia).toMatch(/^\/files\/candidatos\/perfil\/\d+$/);
    const carried = profile.body.archivos as { id: number; tipo: string; nombre: string }[];
    expect(carried.map((f) => [f.tipo, f.nombre]).sort()).toEqual([
      ['curriculum', 'mi-cv.pdf'],
      ['fotografia', 'foto.jpg'],
    ]);
    for (const [tipo, bytes] of [
      ['fotografia', photo],
      ['curriculum', cv],
    ] as const) {
      const f = carried.find((x) => x.tipo === tipo)!;
      const res = await fetch(`${t.api.url}/internal/archivos-candidatos/perfil/${f.id}/contenido`, {
        headers: auth(),
      });
      const body = Buffer.from(await res.arrayBuffer());
      // The photo was kept re-encoded (a bounded JPEG, issue 22); documents byte for byte.
      if (tipo === 'fotografia') expect(body.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
      else expect(body.equals(bytes)).toBe(true);
    }
    // Copies: the applications keep their own files, at their own keys.
    const profileKeys = await t.api.db
      .selectFrom('perfil_archivos')
      .select('clave')
      .where('usuario_candidato_id', '=', userId)
      .execute();
    for (const k of profileKeys) expect(appFiles.map((a) => a.clave)).not.toContain(k.clave);
    for (const a of appFiles) expect(existsSync(path.join(t.api.filesDir, a.clave))).toBe(true);
    expect(await storedKeys()).toBe(storedBefore + 2);

    // Linked, the applications count as a registered candidate's (spec 3 §2.2 'Documentos a actualizar').
    for (const id of appIds) {
      const detail = await get(`/candidatos/detalle/${id}`);
      expect(detail.body).toMatchObject({ esUsuarioRegistrado: true, usuarioCandidatoId: userId });
    }
  });

  it('a registration that is refused copies nothing; one without guest applications starts an empty profile', async () => {
    seq++;
    const dpi = validCui(String(54000000 + seq * 17));
    const email = `conflicto${seq}@example.com`;
    expect(
      (
        await postForm(
          t.api.url,
          t.api.token,
          formOf(guestFields(v.open, { InputCui: dpi, InputEmail: email }), [
            { field: 'FileFotografia', data: jpeg, name: 'foto.jpg' },
            { field: 'Curriculum', data: pdf, name: 'cv.pdf' },
          ]),
        )
      ).status,
    ).toBe(201);
    const before = await storedKeys();
    // The same CUI with another e-mail: dpi_email_mismatch, nothing is written.
    const refused = await post('/usuarios-candidatos/register', {
      PrimerNombre: 'Rosa',
      PrimerApellido: 'Xuc',
      Email: `otra${seq}@example.com`,
      Password: 'secreta1',
      Dpi: dpi,
    });
    expect([refused.status, refused.body.conflict]).toEqual([409, 'dpi_email_mismatch']);
    expect(await storedKeys()).toBe(before);

    const fresh = await post('/usuarios-candidatos/register', {
      PrimerNombre: 'Nadie',
      PrimerApellido: 'Previo',
      Email: `nuevo${seq}@example.com`,
      Password: 'secreta1',
      Dpi: validCui(String(55000000 + seq * 19)),
    });
    expect(fresh.status).toBe(201);
    expect((await get(`/PerfilCandidato/profile/${fresh.body.id}`)).body).toMatchObject({
      telefono: null,
      archivos: [],
      experiencias_json: [],
    });
    expect(await storedKeys()).toBe(before);
  });

  it('internal file calls: metadata, bytes, and a staff access row', async () => {
    const c = await newCandidate();
    expect((await save(fieldsFor(c), allFiles())).status).toBe(200);
    const p = (await get(`/PerfilCandidato/profile/${c.id}`)).body;
    const meta = await get(`/internal/archivos-candidatos/perfil/${p.curriculum_id}`);
    expect(meta.body).toMatchObject({
      id: Number(p.curriculum_id),
      scope: 'perfil',
      usuarioCandidatoId: c.id,
      postulanteId: null,
      tipo: 'curriculum',
      nombre: 'cv.pdf',
      tipoContenido: 'application/pdf',
      tamano: pdf.length,
    });
    expect(meta.body).not.toHaveProperty('clave');
    const bytes = await fetch(`${t.api.url}/internal/archivos-candidatos/perfil/${p.curriculum_id}/contenido`, {
      headers: auth(),
    });
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await get('/internal/archivos-candidatos/perfil/999999')).status).toBe(404);
    expect((await get(`/internal/archivos-candidatos/otro/${p.curriculum_id}`)).status).toBe(404);

    const admin = await t.api.db.selectFrom('usuarios').select('id').orderBy('id').executeTakeFirstOrThrow();
    const access = await post('/internal/archivos-accesos', {
      usuarioId: admin.id,
      scope: 'perfil',
      archivoId: p.curriculum_id,
    });
    expect(access.status).toBe(201);
    const row = await t.api.db
      .selectFrom('archivos_accesos')
      .selectAll()
      .where('id', '=', access.body.id as number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      usuario_id: admin.id,
      usuario_candidato_id: c.id,
      postulante_id: null,
      tipo: 'curriculum',
    });

    // The opening of a profile file is shown on the timeline of the candidate's applications too.
    const applied = await applyAs(c, v.open, []);
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const timeline = await get(`/internal/candidatos/${applied.body.postulanteId}/linea-de-tiempo`);
    expect(timeline.body.accesos).toEqual([
      expect.objectContaining({ id: access.body.id, usuarioId: admin.id, tipo: 'curriculum' }),
    ]);
    // Another candidate's applications do not show it.
    const other = await newCandidate();
    const theirs = await applyAs(other, v.open, applicationFiles());
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect((await get(`/internal/candidatos/${theirs.body.postulanteId}/linea-de-tiempo`)).body.accesos).toEqual([]);
  });

  it('a staff member viewing a photo is logged once per candidate and Guatemala day; every opening of a document is logged', async () => {
    const c = await newCandidate();
    expect((await save(fieldsFor(c), allFiles())).status).toBe(200);
    const p = (await get(`/PerfilCandidato/profile/${c.id}`)).body;
    const photoId = (p.archivos as { id: number; tipo: string }[]).find((f) => f.tipo === 'fotografia')!.id;
    const [admin, gestor, viewer] = await t.api.db.selectFrom('usuarios').select('id').orderBy('id').limit(3).execute();
    const view = (usuarioId: number, archivoId: number | string) =>
      post('/internal/archivos-accesos', { usuarioId, scope: 'perfil', archivoId });
    const rows = async (tipo: string) =>
      t.api.db
        .selectFrom('archivos_accesos')
        .select(['id', 'usuario_id', 'en'])
        .where('usuario_candidato_id', '=', c.id)
        .where('tipo', '=', tipo)
        .orderBy('id')
        .execute();

    // The detail shows the photo inline on every visit: one row for the day, the same id answered.
    const first = await view(admin!.id, photoId);
    expect(first.status).toBe(201);
    for (let i = 0; i < 3; i++) {
      const again = await view(admin!.id, photoId);
      expect(again.status).toBe(201);
      expect(again.body.id).toBe(first.body.id);
    }
    expect(await rows('fotografia')).toHaveLength(1);
    // Another staff member's view is theirs to answer for.
    expect((await view(gestor!.id, photoId)).body.id).not.toBe(first.body.id);
    expect(await rows('fotografia')).toHaveLength(2);
    // Views at the same moment (the inline photo and the print view) still log once.
    const together = await Promise.all([1, 2, 3, 4].map(() => view(viewer!.id, photoId)));
    expect(new Set(together.map((r) => r.body.id)).size).toBe(1);
    expect(await rows('fotografia')).toHaveLength(3);

    // A view logged before today's midnight in Guatemala was yesterday's: today's view is logged anew.
    const midnight = startOfGuatemalaDay(todayInGuatemala())!;
    await t.api.db
      .updateTable('archivos_accesos')
      .set({ en: new Date(midnight.getTime() - 60_000).toISOString() })
      .where('id', '=', first.body.id as number)
      .execute();
    const today = await view(admin!.id, photoId);
    expect(today.body.id).not.toBe(first.body.id);
    expect(await rows('fotografia')).toHaveLength(4);

    // Documents opened on purpose (CV, DPI, records) are logged every time.
    await view(admin!.id, p.curriculum_id as number);
    await view(admin!.id, p.curriculum_id as number);
    expect(await rows('curriculum')).toHaveLength(2);
  });

  it('export holds everything; erasure removes personal data, files, queued e-mails and the account', async () => {
    const c = await newCandidate();
    expect((await save(fieldsFor(c), allFiles())).status).toBe(200);
    const applied = await applyAs(c, v.open, [{ field: 'Policiales', data: pdfBytes(3000), name: 'pol-nuevo.pdf' }]);
    expect(applied.status).toBe(201);
    const appId = applied.body.postulanteId as number;
    const exported = await get(`/internal/usuarios-candidatos/${c.id}/exportar`);
    expect(exported.status).toBe(200);
    expect(exported.body.perfil).toMatchObject({ email: c.email, dpi: c.dpi, telefono: '55667788' });
    expect(exported.body.postulaciones).toHaveLength(1);
    expect(exported.body.postulaciones[0]).toMatchObject({ id: appId, cui: c.dpi, estado: 'postulado' });
    expect(exported.body.archivos).toHaveLength(10);
    const storedBefore = await storedKeys();

    const erased = await post(`/internal/usuarios-candidatos/${c.id}/eliminar`);
    expect(erased.status).toBe(200);
    expect(erased.body.postulaciones).toBe(1);
    const row = await t.api.db.selectFrom('postulantes').selectAll().where('id', '=', appId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      datos_eliminados: true,
      nombre: '',
      cui: null,
      email: null,
      telefono: null,
      direccion: null,
      experiencias_json: [],
      referidos_p_json: [],
      referidos_l_json: [],
      usuario_candidato_id: null,
      estado: 'postulado',
      plaza_id: v.open,
    });
    const mails = await t.api.db
      .selectFrom('correos_salientes')
      .selectAll()
      .where('postulante_id', '=', appId)
      .execute();
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) expect(m).toMatchObject({ estado: 'fallido', destinatario: '', texto: '', html: '' });
    expect(
      await t.api.db.selectFrom('postulante_archivos').select('id').where('postulante_id', '=', appId).execute(),
    ).toEqual([]);
    expect((await state(c.id)).files).toEqual([]);
    expect((await state(c.id)).profile).toBeNull();
    // 5 profile files + 1 application file gone.
    expect(await storedKeys()).toBe(storedBefore - 6);
    expect(
      await t.api.db.selectFrom('usuarios_candidatos').select('id').where('id', '=', c.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await get(`/PerfilCandidato/profile/${c.id}`)).status).toBe(404);
    expect((await post(`/internal/usuarios-candidatos/${c.id}/eliminar`)).status).toBe(404);
    expect(t.logs.join('\n')).not.toContain(c.email);
  });
});
