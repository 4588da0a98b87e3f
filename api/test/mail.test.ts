import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationReceived, escapeHtml } from '../src/mail/templates.js';
import { enqueueMail, startOutboxWorker } from '../src/mail/outbox.js';
import { databases, type TestApi } from './support/databases.js';
import { freePort, smtpSink, until } from './support/smtp.js';

describe('mail templates', () => {
  const base = {
    name: 'Rosa <Xuc>',
    vacancy: 'Auxiliar de enfermería',
    branch: 'Sede Central',
    date: '2026-11-23',
    publicUrl: 'https://empleos.ejemplo.org.gt/',
  };
  it('the guest acknowledgement names the vacancy, branch and date, says what is next and invites to an account', () => {
    const m = applicationReceived({ ...base, registered: false });
    expect(m.subject).toBe('Recibimos tu postulación: Auxiliar de enfermería');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('Auxiliar de enfermería');
      expect(part).toContain('Sede Central');
      expect(part).toContain('23/11/2026');
      expect(part).toContain('GTH se contactará contigo');
      expect(part).toContain('Crea tu cuenta');
    }
    expect(m.html).toContain('Rosa &lt;Xuc&gt;');
    expect(m.html).not.toContain('<Xuc>');
    expect(m.text).toContain('https://empleos.ejemplo.org.gt/');
  });
  it('the registered acknowledgement points to the profile instead', () => {
    const m = applicationReceived({ ...base, registered: true, branch: null });
    expect(m.text).toContain('https://empleos.ejemplo.org.gt/perfil');
    expect(m.text).not.toContain('Crea tu cuenta');
    expect(m.text).toContain('Sede no especificada');
  });
  it("the acknowledgement's date is Guatemala's day, not UTC's (issue 20)", () => {
    // Sent at 20:00 on the 26th in Guatemala: 02:00 UTC on the 27th.
    for (const date of [new Date('2026-11-27T02:00:00Z'), '2026-11-27T02:00:00.000Z', '2026-11-27T02:00:00+00:00']) {
      const m = applicationReceived({ ...base, date, registered: false });
      for (const part of [m.text, m.html]) {
        expect(part).toContain('26/11/2026');
        expect(part).not.toContain('27/11/2026');
      }
    }
    // A calendar date is printed as written.
    expect(applicationReceived({ ...base, date: '2026-11-27', registered: false }).text).toContain('27/11/2026');
  });
  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe.each(databases)('mail outbox on $name', ({ start }) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await start();
  }, 180_000);
  afterAll(async () => t?.close());

  const mail = (n: number) =>
    applicationReceived({
      name: `Persona ${n}`,
      vacancy: 'Plaza',
      branch: 'Sede',
      date: '2026-11-23',
      registered: false,
      publicUrl: 'http://localhost:4000',
    });

  it('delivers through SMTP and records the attempt', async () => {
    const sink = await smtpSink();
    const id = await enqueueMail(t.api.db, mail(1), 'persona1@example.com');
    const lines: string[] = [];
    const worker = startOutboxWorker({
      db: t.api.db,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      from: 'Bolsa <no-responder@ejemplo.org.gt>',
      pollMs: 50,
      log: (l) => lines.push(l),
    });
    try {
      await until(() => sink.inbox.length === 1);
      await until(
        async () =>
          (
            await t.api.db
              .selectFrom('correos_salientes')
              .select('estado')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).estado === 'enviado',
      );
    } finally {
      await worker.stop();
      await sink.close();
    }
    expect(sink.inbox[0]).toMatchObject({ to: ['persona1@example.com'], subject: 'Recibimos tu postulación: Plaza' });
    expect(sink.inbox[0]!.text).toContain('Persona 1');
    const attempts = await t.api.db.selectFrom('correos_intentos').selectAll().where('correo_id', '=', id).execute();
    expect(attempts).toMatchObject([{ intento: 1, ok: true }]);
    // The log names the outbox row, never the address.
    expect(lines.join('\n')).not.toContain('persona1@example.com');
  });

  it('an application sent at 20:00 Guatemala time is acknowledged with that day (issue 20)', async () => {
    const sink = await smtpSink();
    const late = applicationReceived({
      name: 'Persona tarde',
      vacancy: 'Plaza',
      branch: 'Sede',
      date: new Date('2026-11-27T02:00:00Z'),
      registered: false,
      publicUrl: 'http://localhost:4000',
    });
    await enqueueMail(t.api.db, late, 'tarde@example.com');
    const worker = startOutboxWorker({
      db: t.api.db,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      from: 'Bolsa <no-responder@ejemplo.org.gt>',
      pollMs: 50,
    });
    try {
      await until(() => sink.inbox.some((m) => m.to[0] === 'tarde@example.com'));
    } finally {
      await worker.stop();
      await sink.close();
    }
    const got = sink.inbox.find((m) => m.to[0] === 'tarde@example.com')!;
    expect(got.text).toContain('- Fecha: 26/11/2026');
    expect(got.html).toContain('26/11/2026');
    expect(got.text).not.toContain('27/11/2026');
  }, 30_000);

  it('SMTP down then up: retried with back-off, delivered later, nothing lost', async () => {
    const port = await freePort();
    const ids = [
      await enqueueMail(t.api.db, mail(2), 'persona2@example.com'),
      await enqueueMail(t.api.db, mail(3), 'persona3@example.com'),
    ];
    const worker = startOutboxWorker({
      db: t.api.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Bolsa <no-responder@ejemplo.org.gt>',
      pollMs: 50,
      retryDelaysMs: [300, 300, 300, 300, 300, 300, 300, 300],
    });
    let sink: Awaited<ReturnType<typeof smtpSink>> | undefined;
    try {
      await until(async () => {
        const failed = await t.api.db
          .selectFrom('correos_intentos')
          .select('id')
          .where('correo_id', 'in', ids)
          .where('ok', '=', false)
          .execute();
        return failed.length >= 2;
      });
      const rows = await t.api.db
        .selectFrom('correos_salientes')
        .select(['estado', 'ultimo_error'])
        .where('id', 'in', ids)
        .execute();
      for (const r of rows) {
        expect(['pendiente', 'enviando']).toContain(r.estado);
        expect(r.ultimo_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      }
      sink = await smtpSink(port);
      await until(() => sink!.inbox.length === 2);
      await until(
        async () =>
          (
            await t.api.db
              .selectFrom('correos_salientes')
              .select('estado')
              .where('id', 'in', ids)
              .where('estado', '=', 'enviado')
              .execute()
          ).length === 2,
      );
    } finally {
      await worker.stop();
      await sink?.close();
    }
    expect(sink!.inbox.map((m) => m.to[0]).sort()).toEqual(['persona2@example.com', 'persona3@example.com']);
    const attempts = await t.api.db
      .selectFrom('correos_intentos')
      .select(['correo_id', 'ok'])
      .where('correo_id', 'in', ids)
      .execute();
    for (const id of ids) {
      const mine = attempts.filter((a) => a.correo_id === id);
      expect(mine.at(-1)?.ok).toBe(true);
      expect(mine.filter((a) => a.ok)).toHaveLength(1);
    }
  }, 30_000);

  it('gives up after the last attempt and records it as fallido', async () => {
    const port = await freePort();
    const id = await enqueueMail(t.api.db, mail(4), 'persona4@example.com');
    const worker = startOutboxWorker({
      db: t.api.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'x@ejemplo.org.gt',
      pollMs: 30,
      retryDelaysMs: [20, 20, 20, 20, 20],
    });
    try {
      await until(
        async () =>
          (
            await t.api.db
              .selectFrom('correos_salientes')
              .select('estado')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).estado === 'fallido',
      );
    } finally {
      await worker.stop();
    }
    const row = await t.api.db
      .selectFrom('correos_salientes')
      .select('intentos')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.intentos).toBe(6);
    expect(
      await t.api.db.selectFrom('correos_intentos').select('id').where('correo_id', '=', id).execute(),
    ).toHaveLength(6);
  }, 30_000);

  it('two workers never send one e-mail twice', async () => {
    const sink = await smtpSink();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await enqueueMail(t.api.db, mail(10 + i), `lote${i}@example.com`));
    const opts = {
      db: t.api.db,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      from: 'x@ejemplo.org.gt',
      pollMs: 10,
      batchSize: 3,
    };
    const a = startOutboxWorker(opts);
    const b = startOutboxWorker(opts);
    try {
      await until(() => sink.inbox.filter((m) => m.to[0]!.startsWith('lote')).length >= 12);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await a.stop();
      await b.stop();
      await sink.close();
    }
    const sent = sink.inbox.map((m) => m.to[0]!).filter((x) => x.startsWith('lote'));
    expect(sent).toHaveLength(12);
    expect(new Set(sent).size).toBe(12);
  }, 30_000);
});
