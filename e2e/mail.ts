import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, inject } from 'vitest';

/**
 * The e-mails the product delivered to the journeys' SMTP sink (global-setup writes each message
 * to `mailDir` as NNNN.eml, in the order received): one home for reading them, so that every
 * journey asks the same way "what did this person receive?".
 */
export interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
  /** The calendar part of an invitation (ICS), or ''. */
  ics: string;
}

/** Parsed once per file: a journey polls its inbox many times, the files never change. */
const parsed = new Map<string, Promise<{ to: string; mail: ReceivedMail }>>();

async function read(file: string): Promise<{ to: string; mail: ReceivedMail }> {
  const raw = readFileSync(file);
  const m = await simpleParser(raw);
  const to = Array.isArray(m.to) ? m.to.map((t) => t.text).join(',') : (m.to?.text ?? '');
  const utf8 = raw.toString('utf8');
  const calendar = m.attachments.find((a) => a.contentType.includes('calendar'))?.content.toString('utf8');
  return {
    to: to.toLowerCase(),
    mail: {
      subject: m.subject ?? '',
      text: m.text ?? '',
      html: typeof m.html === 'string' ? m.html : '',
      ics: calendar || (utf8.includes('BEGIN:VCALENDAR') ? utf8 : ''),
    },
  };
}

/** Every message to `address` (case-insensitive), oldest first. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const dir = inject('mailDir');
  const wanted = address.toLowerCase();
  const found: ReceivedMail[] = [];
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    let entry = parsed.get(file);
    if (!entry) parsed.set(file, (entry = read(file)));
    const { to, mail } = await entry;
    if (to.includes(wanted)) found.push(mail);
  }
  return found;
}

/** The first message to `address`, or null. */
export async function mailTo(address: string): Promise<ReceivedMail | null> {
  return (await mailsTo(address))[0] ?? null;
}

/** The subjects of the messages to `address`. */
export async function subjectsTo(address: string): Promise<string[]> {
  return (await mailsTo(address)).map((m) => m.subject);
}

const matches = (subject: string, wanted: string | RegExp) =>
  typeof wanted === 'string' ? subject.startsWith(wanted) : wanted.test(subject);

/** How many messages to `address` have a subject starting with (or matching) `subject`. */
export async function countMails(address: string, subject: string | RegExp): Promise<number> {
  return (await mailsTo(address)).filter((m) => matches(m.subject, subject)).length;
}

/** Waits (20 s unless told) for a message to `address` whose subject starts with or matches `subject`. */
export async function mailArrives(address: string, subject: string | RegExp, timeout = 20_000): Promise<ReceivedMail> {
  let hit: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        hit = (await mailsTo(address)).find((m) => matches(m.subject, subject));
        return hit ? true : `no e-mail ${String(subject)} yet; received: ${(await subjectsTo(address)).join(' | ')}`;
      },
      { timeout, interval: 300 },
    )
    .toBe(true);
  return hit!;
}
