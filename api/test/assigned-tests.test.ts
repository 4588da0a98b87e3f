import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { todayInGuatemala } from '@bolsa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutboxWorker } from '../src/mail/outbox.js';
import { testsSent } from '../src/mail/templates.js';
import { recordingClient } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';
import { smtpSink, until } from './support/smtp.js';

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const PDF = '%PDF-1.4 caso clínico de prueba';

describe('tests e-mail template', () => {
  it('lists each test with deadline, link and credentials for LINK/FORMULARIO only, escaped in HTML', () => {
    const m = testsSent({
      name: 'Ana <b>',
      vacancy: 'Enfermera',
      observation: 'Suerte',
      publicUrl: 'https://x.gt',
      registered: true,
      tests: [
        {
          name: 'Lógica',
          type: 'LINK',
          deadline: '2030-03-05',
          observations: null,
          link: 'https://t.example/q',
          credentials: 'usuario: ana / clave: 123',
          fileName: null,
        },
        {
          name: 'Excel <avanzado>',
          type: 'EXCEL',
          deadline: '2030-03-06',
          observations: 'Use fórmulas',
          link: null,
          credentials: 'no-debe-ir',
          fileName: 'excel.xlsx',
        },
      ],
    });
    expect(m.template).toBe('pruebas-enviadas');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('05/03/2030');
      expect(part).toContain('06/03/2030');
      expect(part).toContain('https://t.example/q');
      expect(part).toContain('usuario: ana / clave: 123');
      expect(part).toContain('excel.xlsx');
      expect(part).not.toContain('no-debe-ir');
    }
    // The tests are in this very e-mail: it does not tell its reader to check their e-mail (issue 20).
    expect(m.text).toContain('Se te han asignado pruebas.');
    expect(m.text).not.toContain('Revisa tu correo');
    expect(m.text).toContain('https://x.gt/perfil');
    expect(m.html).toContain('Excel &lt;avanzado&gt;');
    expect(m.html).toContain('Ana &lt;b&gt;');
  });
});

describe('tests e-mail to a guest', () => {
  it('invites to an account instead of pointing to /perfil', () => {
    const m = testsSent({
      name: 'Ana',
      vacancy: 'Enfermera',
      observation: null,
      publicUrl: 'https://x.gt',
      registered: false,
      tests: [],
    });
    for (const part of [m.text, m.html]) expect(part).not.toContain('/perfil');
    expect(m.text).toContain('Crea tu cuenta en https://x.gt/ con este mismo correo y tu CUI/DPI');
  });
});

describe.each(databases)('assigned tests REST contract on $name', ({ start }) => {
  let t: TestApi;
  const api = recordingClient(() => t);
  let serial = 0;
  let plazaId = 0;
  let linkTemplate: { id: number; nombre: string };
  let fileTemplate: { id: number; nombre: string };
  const today = todayInGuatemala();

  const insert = async (estado: string, email: string | null = `tests.${++serial}@example.com`) => {
    const { id } = await t.api.db
      .insertInto('postulantes')
      .values({ plaza_id: plazaId, nombre: `Candidata ${++serial}`, cui: null, email, estado })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  const stateOf = async (id: number) =>
    (await t.api.db.selectFrom('postulantes').select('estado').where('id', '=', id).executeTakeFirstOrThrow()).estado;
  const assign = (candidateId: number, tpl: { id: number; nombre: string }, extra: Record<string, unknown> = {}) =>
    api.post('/pruebas/asignar-simple', {
      PostulanteId: candidateId,
      TemplateId: tpl.id,
      FechaLimite: addDays(today, 3),
      Observaciones: 'Resolver con calma',
      CredencialesAcceso: 'usuario: demo / clave: 1234',
      ...extra,
    });

  beforeAll(async () => {
    t = await start();
    plazaId = (await t.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const db = t.api.db;
    linkTemplate = await db
      .insertInto('pruebas_templates')
      .values({
        nombre: 'Razonamiento en línea',
        descripcion: 'd',
        tipo: 'LINK',
        categoria: 'APTITUDES',
        link: 'https://pruebas.example/razonamiento',
      })
      .returning(['id', 'nombre'])
      .executeTakeFirstOrThrow();
    fileTemplate = await db
      .insertInto('pruebas_templates')
      .values({
        nombre: 'Caso clínico',
        descripcion: 'd',
        tipo: 'PDF',
        categoria: 'TECNICA',
        archivo_nombre: 'caso.pdf',
        archivo_ruta: 'pruebas/caso.pdf',
      })
      .returning(['id', 'nombre'])
      .executeTakeFirstOrThrow();
    await mkdir(path.join(t.api.filesDir, 'pruebas'), { recursive: true });
    await writeFile(path.join(t.api.filesDir, 'pruebas', 'caso.pdf'), PDF);
  }, 180_000);
  afterAll(async () => t?.close());

  it('assigns by template id or by the documented name + type, and lists them', async () => {
    const id = await insert('en seguimiento');
    const a = await assign(id, linkTemplate);
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ success: true, message: 'Prueba asignada' });
    const b = await api.post('/pruebas/asignar-simple', {
      PostulanteId: id,
      NombrePrueba: 'caso clínico',
      TipoPrueba: 'PDF',
      FechaLimite: today,
      Observaciones: '',
      CredencialesAcceso: 'ignoradas',
    });
    expect(b.status).toBe(201);
    const list = await api.get(`/pruebas/postulante/${id}`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body[0]).toMatchObject({
      postulanteId: id,
      nombrePrueba: 'Razonamiento en línea',
      tipoPrueba: 'LINK',
      fechaLimite: addDays(today, 3),
      estado: 'ASIGNADA',
      credencialesAcceso: 'usuario: demo / clave: 1234',
      linkExterno: 'https://pruebas.example/razonamiento',
      templateId: linkTemplate.id,
    });
    // Credentials are kept only for LINK and FORMULARIO.
    expect(list.body[1]).toMatchObject({
      nombrePrueba: 'Caso clínico',
      credencialesAcceso: '',
      archivoNombre: 'caso.pdf',
    });
    expect((await api.get('/pruebas/postulante/999999')).status).toBe(404);
  });

  it('bad input: past deadline, unknown template, missing credentials for LINK, no test chosen', async () => {
    const id = await insert('en seguimiento');
    const past = await assign(id, linkTemplate, { FechaLimite: addDays(today, -1) });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('La fecha límite no puede ser anterior a hoy.');
    const unknown = await assign(id, { id: 999_999, nombre: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Prueba no encontrada');
    const unknownName = await api.post('/pruebas/asignar-simple', {
      PostulanteId: id,
      NombrePrueba: 'No existe',
      TipoPrueba: 'PDF',
      FechaLimite: today,
    });
    expect(unknownName.body.message).toBe('Prueba no encontrada');
    const noCreds = await assign(id, linkTemplate, { CredencialesAcceso: '  ' });
    expect(noCreds.status).toBe(400);
    expect(noCreds.body.message).toBe('Ingresa las credenciales de acceso para las pruebas de tipo LINK o FORMULARIO.');
    const none = await api.post('/pruebas/asignar-simple', { PostulanteId: id, FechaLimite: today });
    expect(none.body.message).toBe('Selecciona una prueba antes de asignar.');
    expect((await api.get(`/pruebas/postulante/${id}`)).body).toEqual([]);
  });

  it('COMPLETADA is refused while en seguimiento; No Completada, Reactivar, result notes and delete work', async () => {
    const id = await insert('en seguimiento');
    const testId = (await assign(id, linkTemplate)).body.prueba.id;
    const blocked = await api.post(`/pruebas/postulante-pruebas/${testId}`, {
      Estado: 'COMPLETADA',
      FechaCompletada: new Date().toISOString(),
      Resultado: '',
    });
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe(
      "No se puede marcar como completada mientras el candidato está 'en seguimiento'. Cambia primero a pre-pruebas.",
    );
    const cancelled = await api.post(`/pruebas/postulante-pruebas/${testId}`, {
      Estado: 'CANCELADA',
      FechaCompletada: null,
      Resultado: '',
    });
    expect(cancelled.body.prueba.estado).toBe('CANCELADA');
    const back = await api.post(`/pruebas/postulante-pruebas/${testId}`, {
      Estado: 'ASIGNADA',
      FechaCompletada: null,
      Resultado: '',
    });
    expect(back.body.prueba.estado).toBe('ASIGNADA');
    const result = await api.post(`/pruebas/postulante-pruebas/${testId}`, {
      Estado: 'ASIGNADA',
      Resultado: 'Buen razonamiento',
      Puntaje: 87.5,
    });
    expect(result.body.prueba).toMatchObject({ resultado: 'Buen razonamiento', puntaje: 87.5 });
    expect((await api.post(`/pruebas/postulante-pruebas/${testId}`, { Estado: 'OTRO' })).status).toBe(400);
    const del = await api.post(`/pruebas/postulante-pruebas/${testId}/eliminar`);
    expect(del.body).toEqual({ success: true, message: 'Prueba eliminada' });
    expect((await api.post(`/pruebas/postulante-pruebas/${testId}/eliminar`)).status).toBe(404);
    const timeline = await api.get(`/internal/candidatos/${id}/linea-de-tiempo`);
    expect(timeline.body.pruebas.map((e: { accion: string }) => e.accion)).toEqual([
      'ASSIGNED',
      'NOT_COMPLETED',
      'REACTIVATED',
      'RESULT',
      'DELETED',
    ]);
  });

  it('sending: none ASIGNADA and no e-mail are refused, nothing changes', async () => {
    const id = await insert('en seguimiento');
    const none = await api.post('/email/enviar-pruebas', {
      postulante: { Id: id },
      pruebas: [],
      observacionesAdicionales: '',
    });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ success: false, message: 'No hay pruebas asignadas para enviar' });
    const mailless = await insert('en seguimiento', null);
    await assign(mailless, linkTemplate);
    const noMail = await api.post('/email/enviar-pruebas', { postulante: { Id: mailless } });
    expect(noMail.status).toBe(400);
    expect(noMail.body.message).toBe('Este candidato no tiene email registrado.');
    expect(await stateOf(mailless)).toBe('en seguimiento');
  });

  it('send → pre-pruebas with the tests e-mail at the SMTP sink; confirm → post-pruebas', async () => {
    const sink = await smtpSink();
    const worker = startOutboxWorker({
      db: t.api.db,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      from: 'Bolsa <no-responder@ejemplo.org.gt>',
      pollMs: 50,
    });
    try {
      const id = await insert('en seguimiento', 'pruebas.envio@example.com');
      const first = (await assign(id, linkTemplate)).body.prueba.id;
      const second = (await assign(id, fileTemplate)).body.prueba.id;
      const early = await api.post(`/internal/pruebas/postulante/${id}/confirmar`);
      expect(early.status).toBe(400);
      const sent = await api.post('/email/enviar-pruebas', {
        postulante: {
          Id: id,
          InputNombre: 'x',
          InputEmail: 'ignorado@example.com',
          EstadoPostulante: 'en seguimiento',
        },
        pruebas: [{ Id: first }, { Id: second }],
        observacionesAdicionales: 'Cualquier duda, escríbenos.',
      });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ success: true, estadoNuevo: 'pre-pruebas', enviadas: 2 });
      expect(await stateOf(id)).toBe('pre-pruebas');
      await until(() => sink.inbox.some((m) => m.to[0] === 'pruebas.envio@example.com'));
      const mail = sink.inbox.find((m) => m.to[0] === 'pruebas.envio@example.com')!;
      expect(mail.text).toContain('Razonamiento en línea');
      expect(mail.text).toContain('usuario: demo / clave: 1234');
      expect(mail.text).toContain('https://pruebas.example/razonamiento');
      expect(mail.text).toContain('caso.pdf (adjunto a este correo)');
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]).toMatchObject({ filename: 'caso.pdf', contentType: 'application/pdf' });
      expect(mail.attachments[0]!.content.toString()).toBe(PDF);
      expect(mail.text).toContain('Cualquier duda, escríbenos.');
      expect(sink.inbox.some((m) => m.to[0] === 'ignorado@example.com')).toBe(false);

      for (const testId of [first, second]) {
        const done = await api.post(`/pruebas/postulante-pruebas/${testId}`, {
          Estado: 'COMPLETADA',
          FechaCompletada: new Date().toISOString(),
          Resultado: '',
        });
        expect(done.body.prueba.estado).toBe('COMPLETADA');
      }
      // Nothing left to send.
      expect((await api.post('/email/enviar-pruebas', { postulante: { Id: id } })).body.message).toBe(
        'No hay pruebas asignadas para enviar',
      );
      const confirmed = await api.post(`/internal/pruebas/postulante/${id}/confirmar`);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({
        success: true,
        message: 'Pruebas confirmadas',
        estadoNuevo: 'post-pruebas',
      });
      expect(await stateOf(id)).toBe('post-pruebas');
      await until(() => sink.inbox.filter((m) => m.to[0] === 'pruebas.envio@example.com').length === 2);
      expect(sink.inbox.some((m) => m.text.includes('Estamos evaluando tus resultados.'))).toBe(true);
      const again = await api.post(`/internal/pruebas/postulante/${id}/confirmar`);
      expect(again.body.message).toBe('Verifica que las pruebas hayan sido enviadas primero.');
      const timeline = await api.get(`/internal/candidatos/${id}/linea-de-tiempo`);
      expect(timeline.body.pruebas.filter((e: { accion: string }) => e.accion === 'SENT')).toHaveLength(2);
      expect(timeline.body.estados.map((e: { estadoNuevo: string }) => e.estadoNuevo)).toEqual([
        'pre-pruebas',
        'post-pruebas',
      ]);
    } finally {
      await worker.stop();
      await sink.close();
    }
  });

  it('sending from a state the flow does not allow (postulado) is refused with nothing sent', async () => {
    const id = await insert('postulado');
    await assign(id, linkTemplate);
    const res = await api.post('/email/enviar-pruebas', { postulante: { Id: id } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Cambio de estado no permitido según el flujo de trabajo');
    expect((await api.get(`/pruebas/postulante/${id}`)).body[0].enviadaEn).toBeNull();
    const mails = await t.api.db.selectFrom('correos_salientes').select('id').where('postulante_id', '=', id).execute();
    expect(mails).toEqual([]);
  });
});
