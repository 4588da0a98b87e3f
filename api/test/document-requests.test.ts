import { createHash } from 'node:crypto';
import { DOCUMENT_REQUEST_MESSAGES as M } from '@bolsa/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsRequested } from '../src/mail/templates.js';
import { validCui } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';
import { stagedCount, stageThrough, storedFiles } from './support/files.js';
import { formOf, makeVacancies, pdfBytes, pngBytes, type FilePart } from './support/application.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

describe('document request e-mail template', () => {
  it('lists the documents and the comment, carries the link and says it lasts 7 days, escaped in HTML', () => {
    const m = documentsRequested({
      name: 'Ana <b>',
      vacancy: 'Enfermera',
      documents: ['Currículum', 'Antecedentes penales'],
      comment: 'Tu CV <vence> pronto',
      link: 'https://x.gt/perfil/documentos/abc',
      validDays: 7,
    });
    expect(m.template).toBe('documentos-solicitados');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('Currículum');
      expect(part).toContain('Antecedentes penales');
      expect(part).toContain('https://x.gt/perfil/documentos/abc');
      expect(part).toContain('7 días');
    }
    expect(m.text).toContain('Tu CV <vence> pronto');
    expect(m.html).toContain('Tu CV &lt;vence&gt; pronto');
    expect(m.html).toContain('Ana &lt;b&gt;');
  });
});

describe.each(databases)('document-update requests REST contract on $name', ({ start }) => {
  let t: TestApi;
  let vacancy = 0;
  let seq = 0;
  const pdf = pdfBytes();

  beforeAll(async () => {
    t = await start();
    vacancy = (await makeVacancies(t.api.db)).open;
  }, 180_000);
  afterAll(async () => t?.close());

  const auth = () => ({ authorization: `Bearer ${t.api.token}` });
  const get = async (p: string) => {
    const res = await fetch(`${t.api.url}${p}`, { headers: auth() });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const post = async (p: string, json: unknown) => {
    const res = await fetch(`${t.api.url}${p}`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const fulfil = async (token: string, userId: number | string, files: FilePart[]) => {
    const res = await fetch(`${t.api.url}/internal/solicitudes-documentos/${token}/cumplir`, {
      method: 'POST',
      headers: auth(),
      body: formOf({ usuarioId: String(userId) }, files),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };

  /** A registered candidate with a profile CV and DPI file, and an application that uses them. */
  async function registered(email?: string | null) {
    seq++;
    const db = t.api.db;
    const account = await db
      .insertInto('usuarios_candidatos')
      .values({
        primer_nombre: 'Rosa',
        primer_apellido: 'Cux',
        email: `rosa.cux${seq}@example.com`,
        dpi: validCui(String(61000000 + seq * 13)),
        clave_hash: 'x',
      })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    const cv = await db
      .insertInto('perfil_archivos')
      .values({
        usuario_candidato_id: account.id,
        tipo: 'curriculum',
        clave: `postulantes/perfiles/viejo-cv-${seq}.pdf`,
        nombre: 'cv-viejo.pdf',
        mime: 'application/pdf',
        tamano: 10,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const app = await db
      .insertInto('postulantes')
      .values({
        plaza_id: vacancy,
        nombre: 'Rosa Cux',
        cui: null,
        email: email === undefined ? account.email : email,
        estado: 'en seguimiento',
        usuario_candidato_id: account.id,
        es_registrado: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('postulante_archivos')
      .values({
        postulante_id: app.id,
        tipo: 'curriculum',
        clave: `postulantes/perfiles/viejo-cv-${seq}.pdf`,
        nombre: 'cv-viejo.pdf',
        mime: 'application/pdf',
        tamano: 10,
        perfil_archivo_id: cv.id,
      })
      .execute();
    return { userId: account.id, email: account.email, candidateId: app.id };
  }

  const ask = (
    candidateId: number,
    documentos: unknown = ['curriculum'],
    notas: unknown = 'Actualiza tu CV, por favor',
  ) =>
    post('/email/notificar-documentos', {
      postulante: { Id: candidateId, InputNombre: 'Rosa Cux' },
      documentos,
      notas,
    });
  const count = async (table: 'solicitudes_documentos' | 'correos_salientes') =>
    Number(
      (
        await t.api.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lastMail = () =>
    t.api.db.selectFrom('correos_salientes').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  const tokenOf = (text: string) => /\/perfil\/documentos\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  /** A request and its token (read from the e-mail in the outbox). */
  async function requested(c: { candidateId: number }, documentos: string[] = ['curriculum']) {
    const r = await ask(c.candidateId, documentos);
    expect(r.status).toBe(200);
    const token = tokenOf((await lastMail()).texto);
    expect(token).toHaveLength(43);
    return { id: r.body.solicitudId as number, token };
  }

  it('stores the request, queues the e-mail with the signed link and shows it on the timeline', async () => {
    const c = await registered();
    const before = { requests: await count('solicitudes_documentos'), mails: await count('correos_salientes') };
    const r = await ask(c.candidateId, ['curriculum', 'antecedentes_penales', 'curriculum']);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: M.sent, solicitudId: expect.any(Number) });
    expect(r.body.solicitud).toMatchObject({
      postulanteId: c.candidateId,
      documentos: ['curriculum', 'antecedentes_penales'],
      comentario: 'Actualiza tu CV, por favor',
      cumplidaEn: null,
    });
    const days = (Date.parse(r.body.solicitud.expiraEn) - Date.parse(r.body.solicitud.solicitadoEn)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);

    const mail = await lastMail();
    expect(mail.destinatario).toBe(c.email);
    expect(mail.plantilla).toBe('documentos-solicitados');
    expect(mail.postulante_id).toBe(c.candidateId);
    expect(mail.texto).toContain('Currículum');
    expect(mail.texto).toContain('Antecedentes penales');
    expect(mail.texto).toContain('Actualiza tu CV, por favor');
    expect(mail.texto).toContain('7 días');
    const token = tokenOf(mail.texto);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.texto).toContain(`/perfil/documentos/${token}`);
    // Only the token's SHA-256 is stored.
    const row = await t.api.db
      .selectFrom('solicitudes_documentos')
      .selectAll()
      .where('id', '=', r.body.solicitudId)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.usuario_candidato_id).toBe(c.userId);
    expect(await count('solicitudes_documentos')).toBe(before.requests + 1);
    expect(await count('correos_salientes')).toBe(before.mails + 1);

    const timeline = await get(`/internal/candidatos/${c.candidateId}/linea-de-tiempo`);
    expect(timeline.body.solicitudesDocumentos).toEqual([
      expect.objectContaining({
        accion: 'REQUESTED',
        documentos: ['curriculum', 'antecedentes_penales'],
        comentario: 'Actualiza tu CV, por favor',
      }),
    ]);
  });

  describe('refuses bad input with the spec messages, storing nothing', () => {
    const cases: [string, () => Promise<{ status: number; body: Body }>, number, string][] = [
      ['no documents', async () => ask((await registered()).candidateId, []), 400, M.documentsRequired],
      [
        'documents missing',
        async () =>
          post('/email/notificar-documentos', {
            postulante: { Id: (await registered()).candidateId },
            notas: 'Actualiza tu CV, por favor',
          }),
        400,
        M.documentsRequired,
      ],
      ['an unknown document', async () => ask((await registered()).candidateId, ['pasaporte']), 400, M.documentInvalid],
      ['a photo', async () => ask((await registered()).candidateId, ['fotografia']), 400, M.documentInvalid],
      [
        'a comment under 8 characters',
        async () => ask((await registered()).candidateId, ['dpi'], 'corto  '),
        400,
        M.commentRequired,
      ],
      ['no comment', async () => ask((await registered()).candidateId, ['dpi'], ''), 400, M.commentRequired],
      ['a candidate without e-mail', async () => ask((await registered(null)).candidateId), 422, M.noEmail],
    ];
    it.each(cases)('%s', async (_name, call, status, message) => {
      const before = { requests: await count('solicitudes_documentos'), mails: await count('correos_salientes') };
      const r = await call();
      expect(r.status).toBe(status);
      expect(r.body).toMatchObject({ success: false, message });
      expect(r.body.fields[0].message).toBe(message);
      expect(await count('solicitudes_documentos')).toBe(before.requests);
      expect(await count('correos_salientes')).toBe(before.mails);
    });

    it('a guest candidate (not registered on the platform)', async () => {
      const guest = await t.api.db
        .insertInto('postulantes')
        .values({
          plaza_id: vacancy,
          nombre: 'Invitado',
          cui: null,
          email: 'invitado@example.com',
          estado: 'postulado',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = await count('correos_salientes');
      const r = await ask(guest.id);
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ success: false, message: M.notRegistered, codigo: 'no_registrado' });
      expect(await count('correos_salientes')).toBe(before);
    });

    it('an unknown candidate: 404 Candidato no encontrado', async () => {
      const r = await ask(999_999);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('Candidato no encontrado');
    });
  });

  it('the link shows the request only to its own account, then replaces the documents once', async () => {
    const c = await registered();
    const other = await registered();
    const { id, token } = await requested(c, ['curriculum', 'dpi']);

    const view = await get(`/internal/solicitudes-documentos/${token}?usuarioId=${c.userId}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      id,
      postulanteId: c.candidateId,
      documentos: ['curriculum', 'dpi'],
      comentario: 'Actualiza tu CV, por favor',
      nombrePlaza: 'Auxiliar de enfermería (prueba)',
      cumplida: false,
    });
    const foreign = await get(`/internal/solicitudes-documentos/${token}?usuarioId=${other.userId}`);
    expect(foreign).toEqual({ status: 404, body: expect.objectContaining({ message: M.linkInvalid }) });
    const foreignPost = await fulfil(token, other.userId, [
      { field: 'curriculum', data: pdf, name: 'cv.pdf' },
      { field: 'dpi', data: pdf, name: 'dpi.pdf' },
    ]);
    expect(foreignPost.status).toBe(404);
    expect(foreignPost.body.message).toBe(M.linkInvalid);

    const ok = await fulfil(token, c.userId, [
      { field: 'curriculum', data: pdf, name: 'cv-nuevo.pdf', type: 'application/pdf' },
      { field: 'dpi', data: pdf, name: 'dpi-nuevo.pdf', type: 'application/pdf' },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      message: M.fulfilled,
      solicitudId: id,
      documentos: ['curriculum', 'dpi'],
    });

    const profile = await get(`/PerfilCandidato/profile/${c.userId}`);
    const names = Object.fromEntries(profile.body.archivos.map((f: Body) => [f.tipo, f.nombre]));
    expect(names).toMatchObject({ curriculum: 'cv-nuevo.pdf', dpi: 'dpi-nuevo.pdf' });
    const appFiles = await t.api.db
      .selectFrom('postulante_archivos')
      .select(['tipo', 'nombre', 'clave', 'perfil_archivo_id'])
      .where('postulante_id', '=', c.candidateId)
      .orderBy('tipo')
      .execute();
    expect(appFiles.map((f) => [f.tipo, f.nombre])).toEqual([
      ['carta', 'dpi-nuevo.pdf'],
      ['curriculum', 'cv-nuevo.pdf'],
    ]);
    expect(appFiles.every((f) => f.perfil_archivo_id !== null)).toBe(true);

    const timeline = await get(`/internal/candidatos/${c.candidateId}/linea-de-tiempo`);
    expect(timeline.body.solicitudesDocumentos.map((e: Body) => e.accion)).toEqual(['REQUESTED', 'FULFILLED']);

    // Single use: the same link again is invalid, read or post.
    expect((await get(`/internal/solicitudes-documentos/${token}?usuarioId=${c.userId}`)).status).toBe(404);
    const again = await fulfil(token, c.userId, [
      { field: 'curriculum', data: pdf, name: 'otra.pdf' },
      { field: 'dpi', data: pdf, name: 'otra.pdf' },
    ]);
    expect(again).toEqual({ status: 404, body: expect.objectContaining({ message: M.linkInvalid }) });
  });

  it('reads the DPI scan as one document: asked twice, stored once; a request stored with both keys takes one file', async () => {
    const c = await registered();
    const r = await ask(c.candidateId, ['carta_presentacion', 'dpi']);
    expect(r.status).toBe(200);
    expect(r.body.solicitud.documentos).toEqual(['dpi']);
    expect((await lastMail()).texto.match(/DPI escaneado/g)).toHaveLength(1);

    // Stored before the vocabulary: both REST spellings of the one document.
    const { id, token } = await requested(c, ['dpi']);
    await t.api.db
      .updateTable('solicitudes_documentos')
      .set({ documentos_json: JSON.stringify(['carta_presentacion', 'dpi']) })
      .where('id', '=', id)
      .execute();
    const view = await get(`/internal/solicitudes-documentos/${token}?usuarioId=${c.userId}`);
    expect(view.body.documentos).toEqual(['dpi']);
    // The part may be named by either spelling.
    const ok = await fulfil(token, c.userId, [{ field: 'carta_presentacion', data: pdf, name: 'dpi-2026.pdf' }]);
    expect(ok.status).toBe(200);
    expect(ok.body.documentos).toEqual(['dpi']);
    const profile = await get(`/PerfilCandidato/profile/${c.userId}`);
    expect(profile.body.archivos.filter((f: Body) => f.tipo === 'dpi').map((f: Body) => f.nombre)).toEqual([
      'dpi-2026.pdf',
    ]);
    const carta = await t.api.db
      .selectFrom('postulante_archivos')
      .select(['nombre', 'perfil_archivo_id'])
      .where('postulante_id', '=', c.candidateId)
      .where('tipo', '=', 'carta')
      .execute();
    expect(carta).toEqual([{ nombre: 'dpi-2026.pdf', perfil_archivo_id: expect.any(Number) }]);
  });

  it('an expired or unknown link answers the same 404 as a used one', async () => {
    const c = await registered();
    const { id, token } = await requested(c);
    await t.api.db
      .updateTable('solicitudes_documentos')
      .set({ expira_en: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const expired = await get(`/internal/solicitudes-documentos/${token}?usuarioId=${c.userId}`);
    const post = await fulfil(token, c.userId, [{ field: 'curriculum', data: pdf, name: 'cv.pdf' }]);
    const unknown = await get(`/internal/solicitudes-documentos/${'A'.repeat(43)}?usuarioId=${c.userId}`);
    const malformed = await get(`/internal/solicitudes-documentos/corto?usuarioId=${c.userId}`);
    const noUser = await get(`/internal/solicitudes-documentos/${token}`);
    for (const r of [expired, post, unknown, malformed, noUser])
      expect(r).toEqual({ status: 404, body: { success: false, message: M.linkInvalid, fields: [] } });
  });

  // Issue 22: a refused page's staged files go at once, whatever refused it; a fulfilled one keeps them.
  describe('a refused document page deletes its staged files at once', () => {
    const send = (token: string, userId: number | string, preparados: string) =>
      fetch(`${t.api.url}/internal/solicitudes-documentos/${token}/cumplir?${new URLSearchParams({ preparados })}`, {
        method: 'POST',
        headers: auth(),
        body: formOf({ usuarioId: String(userId) }, []),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Body }));

    it.each([
      ['the link expired', 404],
      ['a document was not requested', 400],
      ['a requested document is missing', 400],
      ['the account is not the link\u2019s', 404],
    ] as const)('when %s (%i)', async (name, status) => {
      const c = await registered();
      const { id, token } = await requested(c, ['curriculum', 'antecedentes_policiales']);
      if (name === 'the link expired')
        await t.api.db
          .updateTable('solicitudes_documentos')
          .set({ expira_en: new Date(Date.now() - 1000).toISOString() })
          .where('id', '=', id)
          .execute();
      const cv = `curriculum:${await stageThrough(t, pdf, 'documento', 'cv.pdf')}`;
      const other = await stageThrough(t, pdf, 'documento', 'otro.pdf');
      const preparados =
        name === 'a document was not requested'
          ? `${cv},antecedentes_policiales:${other},dpi:${await stageThrough(t, pdf, 'documento', 'dpi.pdf')}`
          : name === 'a requested document is missing'
            ? `${cv},dpi:${other}`
            : `${cv},antecedentes_policiales:${other}`;
      const named = preparados.split(',').length;
      const before = await stagedCount(t);
      const r = await send(token, name.startsWith('the account') ? c.userId + 1000 : c.userId, preparados);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(await stagedCount(t)).toEqual({ rows: before.rows - named, files: before.files - named });
      // Sent again (deleting them again is no error): gone.
      const again = await send(token, c.userId, preparados);
      expect(again.body.message).toBe('El archivo ya fue utilizado o expiró. Vuelve a subirlo.');
      expect(await stagedCount(t)).toEqual({ rows: before.rows - named, files: before.files - named });
    });

    it('a fulfilled request keeps its files (as the new documents)', async () => {
      const c = await registered();
      const { token } = await requested(c, ['curriculum', 'antecedentes_policiales']);
      const preparados = `curriculum:${await stageThrough(t, pdf, 'documento', 'cv.pdf')},antecedentes_policiales:${await stageThrough(t, pdf, 'documento', 'p.pdf')}`;
      const before = await stagedCount(t);
      const r = await send(token, c.userId, preparados);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await stagedCount(t)).toEqual({ rows: before.rows - 2, files: before.files - 2 });
      const kept = await t.api.db
        .selectFrom('perfil_archivos')
        .select('nombre')
        .where('usuario_candidato_id', '=', c.userId)
        .orderBy('nombre')
        .execute();
      expect(kept.map((k) => k.nombre)).toEqual(['cv.pdf', 'p.pdf']);
    });
  });

  it('refuses a wrong set of files or a disguised file, leaving no new file and the link usable', async () => {
    const c = await registered();
    const { token } = await requested(c, ['curriculum', 'antecedentes_policiales']);
    const png = await pngBytes();
    const filesBefore = await storedFiles(t.api.filesDir);
    const cases: [FilePart[], string, string][] = [
      [
        [{ field: 'curriculum', data: pdf, name: 'cv.pdf' }],
        'antecedentes_policiales',
        M.missingDocument('Antecedentes policiales'),
      ],
      [
        [
          { field: 'curriculum', data: pdf, name: 'cv.pdf' },
          { field: 'antecedentes_policiales', data: pdf, name: 'p.pdf' },
          { field: 'dpi', data: pdf, name: 'dpi.pdf' },
        ],
        'dpi',
        M.notRequested('DPI escaneado'),
      ],
      [
        [
          { field: 'curriculum', data: png, name: 'cv.pdf', type: 'application/pdf' },
          { field: 'antecedentes_policiales', data: pdf, name: 'p.pdf' },
        ],
        'curriculum',
        'Solo se permiten archivos PDF',
      ],
      [
        [
          { field: 'curriculum', data: pdf, name: 'cv.pdf' },
          { field: 'antecedentes_policiales', data: pdfBytes(5 * 1024 * 1024 + 1000), name: 'p.pdf' },
        ],
        'antecedentes_policiales',
        'El archivo no puede ser mayor a 5MB',
      ],
    ];
    for (const [files, path, message] of cases) {
      const r = await fulfil(token, c.userId, files);
      expect(r.body.fields).toContainEqual({ path, message });
      expect(r.status).toBe(400);
    }
    expect(await storedFiles(t.api.filesDir)).toEqual(filesBefore);
    const row = await t.api.db
      .selectFrom('solicitudes_documentos')
      .select('cumplida_en')
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(row.cumplida_en).toBeNull();
    expect((await get(`/internal/solicitudes-documentos/${token}?usuarioId=${c.userId}`)).status).toBe(200);
  });

  /** Makes every insert into `table` fail in the database itself, until the returned undo runs. */
  async function failInserts(table: 'correos_salientes' | 'postulante_archivos') {
    const db = t.api.db;
    await sql`create or replace function falla_prueba() returns trigger language plpgsql as $$
      begin raise exception 'falla de prueba'; end $$`.execute(db);
    await sql`create trigger falla_prueba before insert on ${sql.table(table)} for each row execute function falla_prueba()`.execute(
      db,
    );
    return () => sql`drop trigger falla_prueba on ${sql.table(table)}`.execute(db);
  }

  it('stores no request when its e-mail cannot be queued', async () => {
    const c = await registered();
    const before = await count('solicitudes_documentos');
    const undo = await failInserts('correos_salientes');
    try {
      const r = await ask(c.candidateId);
      expect(r.status).toBe(500);
      expect(JSON.stringify(r.body)).not.toContain('falla de prueba');
    } finally {
      await undo();
    }
    expect(await count('solicitudes_documentos')).toBe(before);
  });

  it('a fulfilment that fails inside its transaction leaves no new file, the old documents and the link unused', async () => {
    const c = await registered();
    const { token } = await requested(c);
    const filesBefore = await storedFiles(t.api.filesDir);
    const undo = await failInserts('postulante_archivos');
    try {
      const r = await fulfil(token, c.userId, [{ field: 'curriculum', data: pdf, name: 'cv-nuevo.pdf' }]);
      expect(r.status).toBe(500);
    } finally {
      await undo();
    }
    expect(await storedFiles(t.api.filesDir)).toEqual(filesBefore);
    const profile = await get(`/PerfilCandidato/profile/${c.userId}`);
    expect(profile.body.archivos.map((f: Body) => f.nombre)).toEqual(['cv-viejo.pdf']);
    expect((await get(`/internal/solicitudes-documentos/${token}?usuarioId=${c.userId}`)).status).toBe(200);
    const retry = await fulfil(token, c.userId, [{ field: 'curriculum', data: pdf, name: 'cv-nuevo.pdf' }]);
    expect(retry.status).toBe(200);
  });

  it('two submissions of one link at once: one wins, the other is refused and leaves no file', async () => {
    const c = await registered();
    const { token } = await requested(c);
    const filesBefore = (await storedFiles(t.api.filesDir)).length;
    const [a, b] = await Promise.all([
      fulfil(token, c.userId, [{ field: 'curriculum', data: pdf, name: 'a.pdf' }]),
      fulfil(token, c.userId, [{ field: 'curriculum', data: pdf, name: 'b.pdf' }]),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
    // One new CV in (the loser's was removed; the old one was never on disk here).
    expect((await storedFiles(t.api.filesDir)).length).toBe(filesBefore + 1);
  });
});
