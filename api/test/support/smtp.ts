import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Attached files (name, type, bytes). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** The calendar invitation (text/calendar part), when the message carries one. */
  ics: string | null;
  /** That part's MIME `method` parameter (REQUEST, CANCEL). */
  icsMethod: string | null;
}

/** nodemailer's icalEvent arrives as a text/calendar alternative, which mailparser lists as an attachment. */
function calendarOf(m: ParsedMail): string | null {
  const part = m.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  return part ? part.content.toString('utf8') : null;
}

function calendarMethodOf(m: ParsedMail): string | null {
  const part = m.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  const type = part?.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  return type?.params?.method?.toUpperCase() ?? null;
}

/** A real SMTP server on loopback that keeps every message it accepts. */
export async function smtpSink(port = 0) {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((m) => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : '',
            attachments: m.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
            ics: calendarOf(m),
            icsMethod: calendarMethodOf(m),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  const address = server.server.address() as net.AddressInfo;
  return { inbox, port: address.port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
export type SmtpSink = Awaited<ReturnType<typeof smtpSink>>;

/** A loopback port nobody listens on (SMTP down). */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export async function until(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
