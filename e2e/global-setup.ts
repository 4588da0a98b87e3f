import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { startApi } from '../api/src/server.js';
import { TEST_SNAPSHOT_DIR } from '../api/src/db/snapshot.js';
import { hashPassword } from '../api/src/passwords.js';
import { isValidCui } from '../domain/src/geography.js';
import { loadConfig, type Config } from '../bff/src/config.js';
import { createListener, createServer } from '../bff/src/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The same product with a 20 s idle limit, for the inactivity journey. */
    shortIdleUrl: string;
    /** A vacancy with guest applications (none of the linking-demo person's), for the delete journey. */
    vacancyWithApplications: { name: string; applications: number };
    /** Folder where the SMTP sink writes each message it receives (one .eml file per message). */
    mailDir: string;
    /** The demo candidate's DPI, and an open vacancy they have not applied to (application journey). */
    candidateApplication: { dpi: string; vacancyId: string; vacancyName: string };
    /**
     * An open vacancy that no other journey applies to or deletes: the candidate-area journey's
     * guest application, linked on registering.
     */
    linkVacancy: { id: string; name: string };
    /** The api itself (loopback) and its service token, for journeys that act as staff through REST. */
    api: { url: string; token: string };
    /**
     * A registered candidate of the document-request journey alone: an account (demo password) with
     * one application 'en seguimiento' that no other journey opens.
     */
    documentCandidate: { applicationId: string; name: string; email: string; dpi: string };
    /** The same product whose duplicate check asks for the captcha past 2 lookups per address (issue 22). */
    checkLimitUrl: string;
    /**
     * The scorecard journey's candidate (issue 24): an interview that ended yesterday, the Gestor,
     * the Visualizador and `reminded` (a role-2 user who never fills a card) invited.
     */
    scorecardInterview: { candidateId: string; name: string; reminded: string };
  }
}

/** The real product for the browser journeys: api on seeded in-memory PGlite, bff serving web/dist. */
export default async function setup(project: TestProject) {
  // Every request writes a JSON log line; the journeys' output keeps only warnings and errors.
  process.env.LOG_LEVEL ??= 'warn';
  // The SMTP sink the api's outbox delivers to: every message lands as a file the journeys read.
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'bolsa-e2e-mail-'));
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        writeFileSync(path.join(mailDir, `${String(++received).padStart(4, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  project.provide('mailDir', mailDir);

  const api = await startApi({
    memory: true,
    port: 0,
    seedDemo: true,
    // The migrated and seeded database the unit tests keep (api/src/db/snapshot.ts): each lane of
    // the browser suite (scripts/e2e.mjs) starts its product from it instead of seeding again.
    snapshotDir: TEST_SNAPSHOT_DIR,
    log: false,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mail: { pollMs: 250 },
    // The scorecard reminders sweep every 2 s here (5 min in production) for the journey to see one.
    scorecardReminders: { intervalMs: 2_000 },
  });
  const common = {
    apiUrl: api.url,
    serviceToken: api.token,
    webDist: path.resolve(import.meta.dirname, '../web/dist'),
    graphiql: true,
    introspection: true,
    // Every journey uploads from 127.0.0.1: the hourly per-address budget (30 files) would be one
    // budget for all of them, and the journeys added for issue 23 spent it (429 in bulk-actions and
    // document-requests). The budget itself is tested in bff/test/upload-budget.test.ts.
    uploadBudget: { filesPerHour: 10_000, megabytesPerHour: 10_000, globalMegabytesPerHour: 100_000 },
  };
  const started: { server: Server; close(): Promise<void> }[] = [];
  async function serve(overrides: Partial<Config>): Promise<string> {
    const bff = await createServer(loadConfig({ NODE_ENV: 'test' }, { ...common, ...overrides }));
    const server: Server = await new Promise((resolve) => {
      const s = createListener(bff.handler).listen(0, '127.0.0.1', () => resolve(s));
    });
    started.push({ server, close: bff.close });
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }
  project.provide('baseUrl', await serve({}));
  // The delete journey's own vacancy: unpublished (no board journey can apply to it) with two
  // guest applications of its own, so its count cannot move while the other journeys run.
  const deletion = await api.db
    .insertInto('plazas')
    .values({
      nombre: 'Auxiliar de Archivo (prueba de eliminación)',
      sede_id: null,
      lugar: 'Cobán',
      descripcion: 'Vacante creada por las pruebas del navegador.',
      requisitos: JSON.stringify(['Bachillerato']),
      beneficios: JSON.stringify([]),
      imagen: null,
      fecha_publicacion: new Date().toISOString().slice(0, 10),
      fecha_finalizacion: null,
      status: '0',
      fecha_creacion: new Date().toISOString(),
      publicado_por: null,
      actualizado_por: null,
      departamento_codigo: null,
    })
    .returning(['id', 'nombre'])
    .executeTakeFirstOrThrow();
  await api.db
    .insertInto('postulantes')
    .values(
      ['Rosa Tiul', 'Mario Caal'].map((nombre, i) => ({
        plaza_id: deletion.id,
        nombre,
        email: `eliminacion.${i}@example.com`,
        telefono: `5555000${i}`,
        estado: 'postulado',
      })),
    )
    .execute();
  const withApplications = { nombre: deletion.nombre };
  project.provide('vacancyWithApplications', { name: deletion.nombre, applications: 2 });
  const ana = await api.db
    .selectFrom('usuarios_candidatos')
    .select(['id', 'dpi'])
    .where('email', '=', 'ana.lopez@example.com')
    .executeTakeFirstOrThrow();
  const open = await api.db
    .selectFrom('plazas')
    .select(['id', 'nombre'])
    .where('status', '=', '1')
    .where((eb) => eb.or([eb('fecha_finalizacion', 'is', null), eb('fecha_finalizacion', '>=', new Date())]))
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('postulantes')
        .select('plaza_id')
        .where((w) =>
          w.or([
            w('email', '=', 'ana.lopez@example.com'),
            w('cui', '=', ana.dpi ?? ''),
            w('usuario_candidato_id', '=', ana.id),
          ]),
        )
        .where('plaza_id', 'is not', null),
    )
    .orderBy('id')
    .executeTakeFirstOrThrow();
  project.provide('candidateApplication', { dpi: ana.dpi ?? '', vacancyId: String(open.id), vacancyName: open.nombre });
  const link = await api.db
    .selectFrom('plazas')
    .select(['id', 'nombre'])
    .where('status', '=', '1')
    .where((eb) => eb.or([eb('fecha_finalizacion', 'is', null), eb('fecha_finalizacion', '>=', new Date())]))
    .where('id', '!=', open.id)
    .where('nombre', '!=', withApplications.nombre)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  project.provide('linkVacancy', { id: String(link.id), name: link.nombre });

  // The document-request journey's own registered candidate, applied to an open vacancy that the
  // application and candidate-area journeys do not use.
  const docVacancy = await api.db
    .selectFrom('plazas')
    .select('id')
    .where('status', '=', '1')
    .where('id', 'not in', [open.id, link.id])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const docCui = (() => {
    for (let n = 123456780; ; n++) {
      const cui = `${n}0101`;
      if (isValidCui(cui)) return cui;
    }
  })();
  const docUser = await api.db
    .insertInto('usuarios_candidatos')
    .values({
      primer_nombre: 'Sofía',
      primer_apellido: 'Xitumul',
      email: 'sofia.xitumul@example.com',
      dpi: docCui,
      clave_hash: await hashPassword('Demo2026!'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const docApplication = await api.db
    .insertInto('postulantes')
    .values({
      plaza_id: docVacancy.id,
      nombre: 'Sofía Xitumul',
      cui: docCui,
      email: 'sofia.xitumul@example.com',
      telefono: '55559090',
      estado: 'en seguimiento',
      usuario_candidato_id: docUser.id,
      es_registrado: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  project.provide('documentCandidate', {
    applicationId: String(docApplication.id),
    name: 'Sofía Xitumul',
    email: 'sofia.xitumul@example.com',
    dpi: docCui,
  });
  // The scorecard journey's own candidate and interview (ended yesterday, Guatemala time).
  const yesterday = new Date(Date.now() - 6 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  const scorecardUser = 'evaluadora.e2e@ejemplo.org.gt';
  await api.db
    .insertInto('usuarios')
    .values({ nombre: 'Eva Evaluadora', usuario: scorecardUser, clave_hash: null, idrol: 2 })
    .execute();
  const scored = await api.db
    .insertInto('postulantes')
    .values({
      // No vacancy: no journey's vacancy counts move; its interviews use the default criteria.
      plaza_id: null,
      nombre: 'Elena Entrevistada',
      email: 'elena.entrevistada@example.com',
      telefono: '55557070',
      estado: 'entrevista',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.db
    .insertInto('entrevistas')
    .values({
      postulante_id: scored.id,
      modalidad: 'VIRTUAL',
      fecha: yesterday,
      hora_inicio: '10:00',
      hora_fin: '11:00',
      participantes_json: JSON.stringify(['gestor@ejemplo.org.gt', 'visualizador@ejemplo.org.gt', scorecardUser]),
      observaciones: null,
      sede_id: null,
      direccion: null,
      sala: null,
      entrevistador: null,
      enlace: 'https://teams.example/entrevista',
      organizador_email: 'gestor@ejemplo.org.gt',
      usuario_id: null,
      calendario_uid: null,
    })
    .execute();
  project.provide('scorecardInterview', {
    candidateId: String(scored.id),
    name: 'Elena Entrevistada',
    reminded: scorecardUser,
  });
  project.provide('shortIdleUrl', await serve({ sessionIdleMs: 20_000, sessionWarningMs: 12_000 }));
  project.provide('checkLimitUrl', await serve({ applicationChecksPerAddress: 2 }));
  project.provide('api', { url: api.url, token: api.token });
  return async () => {
    for (const s of started) {
      await new Promise((r) => s.server.close(r));
      await s.close();
    }
    await api.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(mailDir, { recursive: true, force: true });
  };
}
