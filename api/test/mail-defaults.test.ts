import { describe, expect, it } from 'vitest';
import {
  applicationReceived,
  documentsRequested,
  interviewMail,
  stateChanged,
  testsSent,
  type RenderedMail,
} from '../src/mail/templates.js';
import fixture from './fixtures/mail-defaults.json' with { type: 'json' };
import * as s from './support/mail-samples.js';

/** The words of an HTML part, without its tags: what a reader sees. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

describe("the templates' defaults render today's e-mails (issue 24)", () => {
  const cases: [string, RenderedMail[], RenderedMail[]][] = [
    ['acknowledgement', s.ACK_SAMPLES.map((d) => applicationReceived(d)), fixture.ack as RenderedMail[]],
    ['state', s.STATE_SAMPLES.map((d) => stateChanged(d)), fixture.state as RenderedMail[]],
    ['tests', s.TESTS_SAMPLES.map((d) => testsSent(d)), fixture.tests as RenderedMail[]],
    ['documents', s.DOCUMENTS_SAMPLES.map((d) => documentsRequested(d)), fixture.documents as RenderedMail[]],
    ['interview', s.INTERVIEW_SAMPLES.map((d) => interviewMail(d)), fixture.interview as RenderedMail[]],
  ];
  it.each(cases)('%s: same template name, subject and text; the HTML says the same', (_, got, before) => {
    expect(got).toHaveLength(before.length);
    got.forEach((m, i) => {
      const b = before[i]!;
      expect(m.template).toBe(b.template);
      expect(m.subject).toBe(b.subject);
      expect(m.text).toBe(b.text);
      expect(m.ics ?? null).toBe(b.ics ?? null);
      expect(m.templateVersionId ?? null).toBeNull();
      // Every line of the text part is in the HTML part (escaped), bar the list markers and the
      // lines with an address (in HTML a link with its own words, as before).
      for (const line of m.text.split('\n').filter((l) => l && !/https?:\/\//.test(l))) {
        const plain = line.replace(/^\s*(?:- |• )/, '').trim();
        expect(words(m.html)).toContain(
          words(plain.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')),
        );
      }
    });
  });
});
