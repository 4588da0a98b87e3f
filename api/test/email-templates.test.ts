import {
  EMAIL_SIGNATURE,
  EMAIL_TEMPLATE_LIMITS,
  EMAIL_TEMPLATE_MESSAGES,
  EMAIL_TEMPLATES,
  GENERIC_MESSAGES,
  emailTemplateDefinition,
} from '@bolsa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutboxWorker } from '../src/mail/outbox.js';
import { validCui } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';
import { makeVacancies } from './support/application.js';
import { smtpSink, until } from './support/smtp.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

const KEY = 'estado-en-seguimiento';
const def = emailTemplateDefinition(KEY)!;

describe.each(databases)('e-mail templates (issue 24) on $name', ({ start }) => {
  let t: TestApi;
  let vacancy = 0;
  let admin = 0;
  let seq = 0;

  beforeAll(async () => {
    t = await start();
    vacancy = (await makeVacancies(t.api.db)).open;
    admin = (
      await t.api.db
        .insertInto('usuarios')
        .values({ nombre: 'Lucía Admin', usuario: 'lucia.admin@ejemplo.org.gt', clave_hash: null, idrol: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
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
  const as = (rol = 1) => ({ usuarioId: admin, rol });
  const q = (rol = 1) => `?rol=${rol}&usuarioId=${admin}`;

  async function candidate(): Promise<number> {
    seq++;
    const row = await t.api.db
      .insertInto('postulantes')
      .values({
        plaza_id: vacancy,
        nombre: `Marta Plantilla ${seq}`,
        cui: validCui(String(72000000 + seq * 13)),
        email: `marta${seq}@example.com`,
        estado: 'postulado',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Moves a new candidate to 'en seguimiento' and returns the e-mail the outbox delivered to the SMTP sink. */
  async function stateMailDelivered() {
    const id = await candidate();
    const moved = await post(`/candidatos/cambiar-estado/${id}`, {
      nuevoEstado: 'en seguimiento',
      usuarioId: admin,
      rol: 1,
    });
    expect(moved.status).toBe(200);
    const sink = await smtpSink();
    const worker = startOutboxWorker({
      db: t.api.db,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      from: 'Bolsa <no-responder@ejemplo.org.gt>',
      pollMs: 50,
    });
    try {
      await until(() => sink.inbox.some((m) => m.to[0] === `marta${seq}@example.com`));
    } finally {
      await worker.stop();
      await sink.close();
    }
    const row = await t.api.db
      .selectFrom('correos_salientes')
      .select(['plantilla', 'asunto', 'texto', 'html', 'plantilla_version_id'])
      .where('postulante_id', '=', id)
      .executeTakeFirstOrThrow();
    return { received: sink.inbox.find((m) => m.to[0] === `marta${seq}@example.com`)!, row };
  }

  it('lists every template with its placeholders, the default text, never edited', async () => {
    const res = await get(`/internal/plantillas-correo${q()}`);
    expect(res.status).toBe(200);
    expect(res.body.plantillas.map((p: Body) => p.clave)).toEqual(EMAIL_TEMPLATES.map((d) => d.key));
    const mine = res.body.plantillas.find((p: Body) => p.clave === KEY);
    expect(mine).toMatchObject({
      nombre: def.name,
      asunto: def.subject,
      cuerpo: def.body,
      predeterminada: true,
      versionId: null,
      motivoPredeterminado: null,
      actualizadoEn: null,
      actualizadoPor: null,
    });
    expect(mine.marcadores.map((m: Body) => m.nombre)).toEqual(def.placeholders.map((p) => p.name));
    expect(mine.marcadores[0]).toEqual({
      nombre: 'nombre',
      descripcion: expect.any(String),
      ejemplo: expect.any(String),
      tipo: 'texto',
    });
    expect(await get(`/internal/plantillas-correo/no-existe${q()}`)).toMatchObject({
      status: 404,
      body: { message: EMAIL_TEMPLATE_MESSAGES.notFound },
    });
  }, 30_000);

  it('is for the administrator only: roles 2 and 3 and a missing role are refused', async () => {
    for (const rol of [2, 3]) {
      expect(await get(`/internal/plantillas-correo${q(rol)}`)).toMatchObject({
        status: 403,
        body: { message: GENERIC_MESSAGES.forbidden },
      });
      expect(await post(`/internal/plantillas-correo/${KEY}`, { asunto: 'x', cuerpo: 'y', ...as(rol) })).toMatchObject({
        status: 403,
      });
      expect(await post(`/internal/plantillas-correo/${KEY}/restablecer`, as(rol))).toMatchObject({ status: 403 });
      expect(
        await post(`/internal/plantillas-correo/${KEY}/vista-previa`, { asunto: 'x', cuerpo: 'y', ...as(rol) }),
      ).toMatchObject({ status: 403 });
    }
    expect((await get('/internal/plantillas-correo')).status).toBe(403);
  });

  it('refuses an unknown placeholder, bad syntax, tags and filters outside the allowed ones, and the limits, on save and on preview', async () => {
    const cases: [string, string, string][] = [
      [
        'Hola {{vacante}}',
        'Hola, {{ nombre }}. Tu código: {{codigo}}',
        EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder('codigo'),
      ],
      ['Hola {{apellido}}', 'Hola', EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder('apellido')],
      ['Hola', '{% if lugar %}Lugar{% endif %}', EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder('lugar')],
      ['Hola', 'Hola {{ nombre', EMAIL_TEMPLATE_MESSAGES.syntax('cuerpo')],
      ['Hola', '{% if nombre %}sin cerrar', EMAIL_TEMPLATE_MESSAGES.syntax('cuerpo')],
      ['Hola', "{% include 'secreto' %}", EMAIL_TEMPLATE_MESSAGES.tagNotAllowed('include')],
      ['Hola', '{{ nombre | raw }}', EMAIL_TEMPLATE_MESSAGES.filterNotAllowed('raw')],
      ['', 'Hola', EMAIL_TEMPLATE_MESSAGES.subjectRequired],
      ['Hola', '  ', EMAIL_TEMPLATE_MESSAGES.bodyRequired],
      ['x'.repeat(EMAIL_TEMPLATE_LIMITS.subjectMax + 1), 'Hola', EMAIL_TEMPLATE_MESSAGES.subjectTooLong],
      ['Hola', 'x'.repeat(EMAIL_TEMPLATE_LIMITS.bodyMax + 1), EMAIL_TEMPLATE_MESSAGES.bodyTooLong],
    ];
    for (const [asunto, cuerpo, message] of cases) {
      expect(await post(`/internal/plantillas-correo/${KEY}`, { asunto, cuerpo, ...as() })).toMatchObject({
        status: 400,
        body: { message },
      });
      expect(await post(`/internal/plantillas-correo/${KEY}/vista-previa`, { asunto, cuerpo, ...as() })).toMatchObject({
        status: 400,
        body: { message },
      });
    }
    expect(EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder('x')).toBe('El marcador {{x}} no existe en esta plantilla.');
    // Nothing was saved.
    expect((await get(`/internal/plantillas-correo/${KEY}/versiones${q()}`)).body.versiones).toEqual([]);
  }, 30_000);

  it('previews with sample data, HTML escaped inside the layout, nothing saved', async () => {
    const res = await post(`/internal/plantillas-correo/${KEY}/vista-previa`, {
      asunto: 'Seguimiento: {{vacante}}',
      cuerpo: 'Hola, {{nombre}} <b>negrita</b>:\n\nLínea uno\nlínea dos\n\n{{seguimiento}}',
      ...as(),
    });
    expect(res.status).toBe(200);
    expect(res.body.asunto).toBe('Seguimiento: Auxiliar de enfermería');
    const follow = def.placeholders.find((p) => p.name === 'seguimiento')!.sample;
    expect(res.body.texto).toBe(
      `Hola, Ana López <b>negrita</b>:\n\nLínea uno\nlínea dos\n\n${follow}\n\n${EMAIL_SIGNATURE.join('\n')}`,
    );
    expect(res.body.html).toContain('<p style="margin:0 0 12px">Hola, Ana López &lt;b&gt;negrita&lt;/b&gt;:</p>');
    expect(res.body.html).toContain('Línea uno<br>línea dos');
    expect(res.body.html).not.toContain('<b>');
    expect((await get(`/internal/plantillas-correo/${KEY}/versiones${q()}`)).body.versiones).toEqual([]);
  });

  it('save → the next e-mail uses it; versions; restore an earlier one; reset → the default again', async () => {
    const before = await stateMailDelivered();
    expect(before.row.plantilla_version_id).toBeNull();
    expect(before.received.subject).toBe('Tu postulación está en seguimiento: Auxiliar de enfermería (prueba)');

    const saved = await post(`/internal/plantillas-correo/${KEY}`, {
      asunto: 'Novedades de {{vacante}}',
      cuerpo: 'Hola, {{nombre}}:\r\n\r\nSeguimos revisando tu perfil <con cuidado>.\n\n{{seguimiento}}',
      ...as(),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      success: true,
      message: EMAIL_TEMPLATE_MESSAGES.saved,
      plantillaCorreo: {
        clave: KEY,
        asunto: 'Novedades de {{vacante}}',
        cuerpo: 'Hola, {{nombre}}:\n\nSeguimos revisando tu perfil <con cuidado>.\n\n{{seguimiento}}',
        predeterminada: false,
        actualizadoPor: 'Lucía Admin',
      },
    });
    const first = saved.body.plantillaCorreo.versionId as number;

    const edited = await stateMailDelivered();
    expect(edited.received.subject).toBe('Novedades de Auxiliar de enfermería (prueba)');
    expect(edited.received.text).toMatch(
      new RegExp(
        `^Hola, Marta Plantilla ${seq}:\n\nSeguimos revisando tu perfil <con cuidado>[.]\n\nCrea tu cuenta en http[^ ]+/ con este mismo correo`,
      ),
    );
    expect(edited.received.text.endsWith(`\n\n${EMAIL_SIGNATURE.join('\n')}`)).toBe(true);
    expect(edited.received.html).toContain('Seguimos revisando tu perfil &lt;con cuidado&gt;.');
    // The outbox keeps what it sent and the version it came from.
    expect(edited.row).toMatchObject({
      asunto: 'Novedades de Auxiliar de enfermería (prueba)',
      plantilla_version_id: first,
      plantilla: KEY,
    });
    expect(edited.row.texto).toBe(edited.received.text.trimEnd());

    const second = await post(`/internal/plantillas-correo/${KEY}`, {
      asunto: 'Segunda: {{vacante}}',
      cuerpo: 'Hola {{nombre}}\n\n{{seguimiento}}',
      ...as(),
    });
    expect(second.status).toBe(200);
    const reset = await post(`/internal/plantillas-correo/${KEY}/restablecer`, as());
    expect(reset.body).toMatchObject({
      success: true,
      message: EMAIL_TEMPLATE_MESSAGES.reset,
      plantillaCorreo: { asunto: def.subject, cuerpo: def.body, predeterminada: true },
    });

    const afterReset = await stateMailDelivered();
    expect(afterReset.received.subject).toBe('Tu postulación está en seguimiento: Auxiliar de enfermería (prueba)');
    expect(afterReset.received.text).toContain(
      'El equipo de Gestión del Talento Humano está revisando tu perfil para esta plaza.',
    );
    expect(afterReset.row.plantilla_version_id).toBe(reset.body.plantillaCorreo.versionId);

    const restored = await post(`/internal/plantillas-correo/${KEY}/restaurar`, { versionId: first, ...as() });
    expect(restored.body).toMatchObject({
      success: true,
      message: EMAIL_TEMPLATE_MESSAGES.restored,
      plantillaCorreo: { asunto: 'Novedades de {{vacante}}', predeterminada: false },
    });
    expect((await stateMailDelivered()).received.subject).toBe('Novedades de Auxiliar de enfermería (prueba)');

    const versions = await get(`/internal/plantillas-correo/${KEY}/versiones${q()}`);
    expect(versions.body.versiones.map((v: Body) => [v.accion, v.asunto, v.actual, v.usuarioNombre])).toEqual([
      ['restaurada', 'Novedades de {{vacante}}', true, 'Lucía Admin'],
      ['restablecida', def.subject, false, 'Lucía Admin'],
      ['guardada', 'Segunda: {{vacante}}', false, 'Lucía Admin'],
      ['guardada', 'Novedades de {{vacante}}', false, 'Lucía Admin'],
    ]);
    expect(versions.body.versiones[0].restauradaDe).toBe(first);
    expect(versions.body.versiones[0].creadoEn).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // Restoring the reset version is a default again.
    const back = await post(`/internal/plantillas-correo/${KEY}/restaurar`, {
      versionId: reset.body.plantillaCorreo.versionId,
      ...as(),
    });
    expect(back.body.plantillaCorreo).toMatchObject({ predeterminada: true, asunto: def.subject });
    // Another template's version, or none, is not found.
    expect(
      await post(`/internal/plantillas-correo/postulacion-recibida/restaurar`, { versionId: first, ...as() }),
    ).toMatchObject({
      status: 404,
      body: { message: EMAIL_TEMPLATE_MESSAGES.versionNotFound },
    });
    const list = await get(`/internal/plantillas-correo${q()}`);
    expect(list.body.plantillas.find((p: Body) => p.clave === KEY)).toMatchObject({
      predeterminada: true,
      actualizadoPor: 'Lucía Admin',
    });
    expect(list.body.plantillas.find((p: Body) => p.clave === 'postulacion-recibida')).toMatchObject({
      predeterminada: true,
      versionId: null,
    });
    // Every change is in the audit log (issue 24, item 2), in the order made; a refused one is not.
    const audited = await t.api.db
      .selectFrom('auditoria')
      .select(['accion', 'objetivo_tipo', 'objetivo_id', 'detalle'])
      .where('objetivo_tipo', '=', 'plantilla')
      .where('objetivo_id', '=', KEY)
      .orderBy('id')
      .execute();
    expect(audited.map((r) => [r.accion, (r.detalle as Body).como])).toEqual([
      ...audited.filter((r) => (r.detalle as Body).como === 'guardada').map(() => ['plantilla.editar', 'guardada']),
      ['plantilla.restaurar', 'restablecida'],
      ['plantilla.restaurar', 'restaurada'],
      ['plantilla.restaurar', 'restaurada'],
    ]);
    expect(audited.filter((r) => r.accion === 'plantilla.editar').length).toBeGreaterThan(0);
    expect(
      await t.api.db.selectFrom('auditoria').select('id').where('objetivo_id', '=', 'postulacion-recibida').execute(),
    ).toEqual([]);
  }, 60_000);

  /** A version written straight to the database, as one saved before today's checks would be. */
  const storedVersion = async (key: string, asunto: string, cuerpo: string) =>
    (
      await t.api.db
        .insertInto('plantillas_correo_versiones')
        .values({
          clave: key,
          asunto,
          cuerpo,
          accion: 'guardada',
          predeterminada: false,
          restaurada_de: null,
          usuario_id: admin,
          usuario_nombre: 'Lucía Admin',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  /** The versions and audit rows of a template (what a refused save must not add). */
  const written = async (key: string) => ({
    versions: (await t.api.db.selectFrom('plantillas_correo_versiones').select('id').where('clave', '=', key).execute())
      .length,
    audit: (
      await t.api.db
        .selectFrom('auditoria')
        .select('id')
        .where('objetivo_tipo', '=', 'plantilla')
        .where('objetivo_id', '=', key)
        .execute()
    ).length,
  });

  it('refuses, on save and on preview, a text without a placeholder the e-mail cannot do without; nothing written', async () => {
    const cases: [string, string, string, string][] = [
      [
        'documentos-solicitados',
        'Documentos a actualizar',
        'Hola {{nombre}}, sube tus documentos {{documentos}}.',
        EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('enlace'),
      ],
      [
        'documentos-solicitados',
        'Documentos a actualizar',
        'Hola {{nombre}}: {% if enlace %}hay un enlace{% endif %} {{documentos}}',
        EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('enlace'),
      ],
      ['estado-rechazado', 'Resultado', 'Hola {{nombre}}', EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('seguimiento')],
      [
        'pruebas-enviadas',
        'Pruebas',
        'Hola {{nombre}}\n\n{{seguimiento}}',
        EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('pruebas'),
      ],
      [
        'entrevista',
        'Entrevista',
        'Hola {{nombre}}: el {{fecha}} a las {{hora}}, {{modalidad}}. {{enlace}}',
        EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('lugar'),
      ],
      [
        'evaluacion-entrevista-recordatorio',
        'Evaluación pendiente',
        'Hola {{nombre}}, llena tu evaluación.',
        EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('enlace'),
      ],
      ['retencion-aviso', 'Aviso', 'Hola {{nombre}}', EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('fecha')],
    ];
    for (const [key, asunto, cuerpo, message] of cases) {
      const before = await written(key);
      expect(await post(`/internal/plantillas-correo/${key}`, { asunto, cuerpo, ...as() })).toMatchObject({
        status: 400,
        body: { message },
      });
      expect(await post(`/internal/plantillas-correo/${key}/vista-previa`, { asunto, cuerpo, ...as() })).toMatchObject({
        status: 400,
        body: { message },
      });
      expect(await written(key)).toEqual(before);
    }
    // With it (spaces, a filter, inside an if; or in the subject) it is saved.
    const saved = await post('/internal/plantillas-correo/documentos-solicitados', {
      asunto: 'Documentos: {{ documentos | strip }}',
      cuerpo: 'Hola {{nombre}}.{% if enlace %}\n\nSúbelos aquí: {{ enlace }}{% endif %}',
      ...as(),
    });
    expect(saved).toMatchObject({ status: 200, body: { message: EMAIL_TEMPLATE_MESSAGES.saved } });
  }, 30_000);

  it('refuses restoring a stored version without a required placeholder', async () => {
    const key = 'evaluacion-entrevista-recordatorio';
    const id = await storedVersion(key, 'Evaluación pendiente', 'Hola {{nombre}}, llena tu evaluación.');
    const before = await written(key);
    expect(await post(`/internal/plantillas-correo/${key}/restaurar`, { versionId: id, ...as() })).toMatchObject({
      status: 400,
      body: { message: EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('enlace') },
    });
    expect(await written(key)).toEqual(before);
  });

  it('refuses a save identical to the current text (409, nothing written), also a retry after it went through', async () => {
    const key = 'retencion-aviso';
    const retention = emailTemplateDefinition(key)!;
    const before = await written(key);
    // Never edited: the current text is the default.
    expect(
      await post(`/internal/plantillas-correo/${key}`, { asunto: retention.subject, cuerpo: retention.body, ...as() }),
    ).toMatchObject({ status: 409, body: { message: EMAIL_TEMPLATE_MESSAGES.unchanged } });
    expect(await written(key)).toEqual(before);

    const text = { asunto: 'Tus datos', cuerpo: 'Hola, {{nombre}}:\n\nEl {{fecha}} borraremos tus datos.' };
    const first = await post(`/internal/plantillas-correo/${key}`, { ...text, ...as() });
    expect(first).toMatchObject({ status: 200, body: { message: EMAIL_TEMPLATE_MESSAGES.saved } });
    const afterFirst = await written(key);
    expect(afterFirst).toEqual({ versions: before.versions + 1, audit: before.audit + 1 });
    // The retry (the same text; Windows line ends are the same text).
    for (const cuerpo of [text.cuerpo, text.cuerpo.replace(/\n/g, '\r\n')])
      expect(await post(`/internal/plantillas-correo/${key}`, { asunto: text.asunto, cuerpo, ...as() })).toMatchObject({
        status: 409,
        body: { message: EMAIL_TEMPLATE_MESSAGES.unchanged },
      });
    expect(await written(key)).toEqual(afterFirst);
    // Only the subject changed is a change.
    expect(
      await post(`/internal/plantillas-correo/${key}`, {
        asunto: 'Tus datos personales',
        cuerpo: text.cuerpo,
        ...as(),
      }),
    ).toMatchObject({ status: 200 });
    const list = await get(`/internal/plantillas-correo/${key}/versiones${q()}`);
    expect(list.body.versiones.map((v: Body) => v.asunto)).toEqual(['Tus datos personales', 'Tus datos']);
  }, 30_000);
  it('sends the default wording when the current version lacks a placeholder made required since it was saved', async () => {
    // A version stored before an upgrade made {{seguimiento}} required: saves and restores refuse
    // such a text now, so it can only be there from before.
    const id = await storedVersion(KEY, 'Antigua: {{vacante}}', 'Hola, {{nombre}}: seguimos revisando tu perfil.');
    await t.api.db
      .insertInto('plantillas_correo')
      .values({ clave: KEY, version_id: id })
      .onConflict((oc) => oc.column('clave').doUpdateSet({ version_id: id }))
      .execute();
    try {
      // The editor is told why, in the words a save of that text would get.
      const shown = await get(`/internal/plantillas-correo/${KEY}${q()}`);
      expect(shown.body.plantillaCorreo).toMatchObject({
        versionId: id,
        asunto: 'Antigua: {{vacante}}',
        motivoPredeterminado: EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('seguimiento'),
      });
      const sent = await stateMailDelivered();
      expect(sent.received.subject).toBe('Tu postulación está en seguimiento: Auxiliar de enfermería (prueba)');
      expect(sent.received.text).toContain('Crea tu cuenta en http');
      expect(sent.row.plantilla_version_id).toBeNull();
    } finally {
      expect((await post(`/internal/plantillas-correo/${KEY}/restablecer`, as())).status).toBe(200);
    }
  }, 30_000);
});
