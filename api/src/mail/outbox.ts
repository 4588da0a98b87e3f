import { sql, type Transaction } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Db } from '../db/database.js';
import { emailTemplateDefinition } from '@bolsa/domain';
import type { RenderedMail } from './templates.js';
import { currentTemplateText } from './current-template.js';
import { renderTemplate, replacedByDefault, type MailValues } from './render.js';

type Conn = Db | Transaction<Database>;

/**
 * The message as the template's current version words it (issue 24): a message rendered with its
 * values is rendered again when staff have saved a version of its template; else as it came.
 */
async function withCurrentTemplate(db: Conn, mail: RenderedMail): Promise<RenderedMail> {
  const def = emailTemplateDefinition(mail.template);
  if (!def || !mail.values) return mail;
  const text = await currentTemplateText(db, def);
  if (text.versionId === null) return mail;
  // A version today's code would refuse (see replacedByDefault) goes out in the default wording.
  if (replacedByDefault(def, text)) return mail;
  try {
    return { ...mail, templateVersionId: text.versionId, ...renderTemplate(def, text, mail.values as MailValues) };
  } catch {
    // Checked above with the sample values; a real value that still breaks it must not fail the change.
    return mail;
  }
}

/**
 * Writes a message to the outbox, worded by its template's current version. Call it inside the
 * transaction of the change that sends it, so the change and its e-mail are stored together or
 * not at all. The row keeps what was sent: subject, text, HTML, calendar part and the version.
 */
export async function enqueueMail(
  db: Conn,
  given: RenderedMail,
  to: string,
  links: { applicationId?: number } = {},
): Promise<number> {
  const mail = await withCurrentTemplate(db, given);
  const { id } = await db
    .insertInto('correos_salientes')
    .values({
      plantilla: mail.template,
      destinatario: to,
      asunto: mail.subject,
      texto: mail.text,
      html: mail.html,
      postulante_id: links.applicationId ?? null,
      ics: mail.ics ?? null,
      plantilla_version_id: mail.templateVersionId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface MailAttachment {
  name: string;
  mime: string;
  content: Buffer;
}

/** Files sent with an outbox message; in the same transaction as the message. */
export async function attachToMail(db: Conn, mailId: number, files: readonly MailAttachment[]): Promise<void> {
  for (const f of files)
    await db
      .insertInto('correos_adjuntos')
      .values({ correo_id: mailId, nombre: f.name, mime: f.mime, contenido: f.content })
      .execute();
}

/** Waits after the 1st, 2nd … failed attempt: 6 attempts over about 33 minutes. */
export const DEFAULT_RETRY_DELAYS_MS = [60_000, 2 * 60_000, 5 * 60_000, 10 * 60_000, 15 * 60_000];

export interface OutboxWorkerOptions {
  db: Db;
  /** smtp://user:pass@host:port (or smtps://). */
  smtpUrl: string;
  /** 'Bolsa de Trabajo <no-responder@ejemplo.org.gt>'. */
  from: string;
  /** Delay after each failed attempt; one more attempt than delays, then 'fallido'. */
  retryDelaysMs?: readonly number[];
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed row stays with this worker before another may take it over. */
  leaseMs?: number;
  /** One line per delivery outcome: outbox id and status only, never addresses or content. */
  log?: (line: string) => void;
  /** Test hook: called after each pass over the outbox. */
  onPass?: () => void;
  /** Each attempt's outcome (the delivery metrics): sent, retry (will try again) or failed (gave up). */
  onDelivery?: (outcome: 'sent' | 'retry' | 'failed') => void;
}

export interface OutboxWorker {
  /** One pass: claims what is due, sends it, records the outcome. Returns how many were tried. */
  runOnce(): Promise<number>;
  /**
   * Claims nothing more; resolves once the rows already claimed have been sent (or their failure
   * recorded) and the SMTP connection is closed. Shutdown waits for it.
   */
  stop(): Promise<void>;
}

interface Claimed {
  id: number;
  destinatario: string;
  asunto: string;
  texto: string;
  html: string;
  ics: string | null;
  intentos: number;
}

/**
 * Claims due rows for this worker. FOR UPDATE SKIP LOCKED lets any number of workers (one per api
 * process) run over one PostgreSQL without two claiming the same row; PGlite, a single
 * connection, accepts the same statement. A claimed row is 'enviando' until its lease ends.
 */
async function claim(db: Db, batch: number, leaseMs: number): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    update correos_salientes set estado = 'enviando', bloqueado_hasta = now() + ${`${leaseMs} milliseconds`}::interval
    where id in (
      select id from correos_salientes
      where (estado = 'pendiente' and siguiente_intento <= now())
         or (estado = 'enviando' and bloqueado_hasta < now())
      order by siguiente_intento, id
      limit ${batch}
      for update skip locked
    )
    returning id, destinatario, asunto, texto, html, ics, intentos`.execute(db);
  return rows;
}

/**
 * The calendar part's method is the ICS's own (REQUEST for an invitation or its update, CANCEL
 * when it is withdrawn): a client reads the MIME part's method and the calendar's together.
 */
function calendarMethod(ics: string): string {
  return /^METHOD:([A-Z-]+)\r?$/m.exec(ics)?.[1] ?? 'REQUEST';
}

/** What to keep of a failure: the SMTP code or the error class, never addresses or content. */
function describe(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; name?: unknown };
  const parts = [e.responseCode, e.code, e.name].filter((x) => typeof x === 'string' || typeof x === 'number');
  return parts.join(' ').slice(0, 200) || 'error';
}

export function startOutboxWorker(o: OutboxWorkerOptions): OutboxWorker {
  const delays = o.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const maxAttempts = delays.length + 1;
  const transport: Transporter = nodemailer.createTransport({
    url: o.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const log = o.log ?? (() => undefined);
  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function deliver(row: Claimed): Promise<void> {
    const attempt = row.intentos + 1;
    try {
      const files = await o.db
        .selectFrom('correos_adjuntos')
        .select(['nombre', 'mime', 'contenido'])
        .where('correo_id', '=', row.id)
        .orderBy('id')
        .execute();
      const info = await transport.sendMail({
        from: o.from,
        to: row.destinatario,
        subject: row.asunto,
        text: row.texto,
        html: row.html,
        attachments: files.map((f) => ({ filename: f.nombre, contentType: f.mime, content: Buffer.from(f.contenido) })),
        ...(row.ics ? { icalEvent: { method: calendarMethod(row.ics), content: row.ics } } : {}),
      });
      await o.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('correos_salientes')
          .set({
            estado: 'enviado',
            intentos: attempt,
            enviado_en: sql<string>`now()`,
            bloqueado_hasta: null,
            ultimo_error: null,
          })
          .where('id', '=', row.id)
          .execute();
        await trx
          .insertInto('correos_intentos')
          .values({ correo_id: row.id, intento: attempt, ok: true, detalle: String(info.response ?? '').slice(0, 200) })
          .execute();
      });
      log(`correo ${row.id}: enviado (intento ${attempt})`);
      o.onDelivery?.('sent');
    } catch (err) {
      const detail = describe(err);
      const final = attempt >= maxAttempts;
      const delay = delays[Math.min(attempt - 1, delays.length - 1)] ?? 60_000;
      await o.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('correos_salientes')
          .set({
            estado: final ? 'fallido' : 'pendiente',
            intentos: attempt,
            ultimo_error: detail,
            bloqueado_hasta: null,
            siguiente_intento: sql<string>`now() + ${`${delay} milliseconds`}::interval`,
          })
          .where('id', '=', row.id)
          .execute();
        await trx
          .insertInto('correos_intentos')
          .values({ correo_id: row.id, intento: attempt, ok: false, detalle: detail })
          .execute();
      });
      log(`correo ${row.id}: ${final ? 'fallido' : 'reintento'} (intento ${attempt}: ${detail})`);
      o.onDelivery?.(final ? 'failed' : 'retry');
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await claim(o.db, o.batchSize ?? 10, o.leaseMs ?? 120_000);
    for (const row of rows) await deliver(row);
    return rows.length;
  }

  const pollMs = o.pollMs ?? 2_000;
  const tick = () => {
    if (stopped) return;
    running = runOnce()
      .catch((err: unknown) => {
        log(`correo: la cola no se pudo leer (${describe(err)})`);
        return 0;
      })
      .finally(() => {
        running = null;
        o.onPass?.();
        if (!stopped) {
          timer = setTimeout(tick, pollMs);
          timer.unref();
        }
      });
  };
  timer = setTimeout(tick, 0);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
