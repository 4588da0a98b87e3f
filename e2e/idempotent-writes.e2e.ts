import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LateAnswers } from '../bff/test/late-answers.js';
import { NOTE_MESSAGES } from '../domain/src/notes-tags.js';
import { startOwnBff, type OwnBff } from './own-bff.js';
import { firstCandidateNotes } from './candidate-support.js';
import { launch, loginAs, newPage, screenshot } from './browser.js';

/*
 * A write whose answer comes too late (docs/decisions/2026-11-29-idempotent-writes.md): the
 * product behind a network hop that holds back the api's answer to one note write longer than the
 * BFF's time-out. The api writes the note; the recruiter reads 'No se pudo guardar la nota' and
 * clicks 'Agregar nota' again: the page shows the note once, and the api holds one.
 */

let browser: Browser;
let own: OwnBff | undefined;
let hop: LateAnswers;
let base = '';

const HOLD_MS = 4_000;

beforeAll(async () => {
  browser = await launch();
  const api = inject('api');
  hop = new LateAnswers(api.url, HOLD_MS);
  const hopPort = await hop.listen();
  own = await startOwnBff(`http://127.0.0.1:${hopPort}`, api.token, { upstreamTimeoutMs: 2_500 });
  base = own.base;
});

afterAll(async () => {
  await browser?.close();
  await own?.close();
  await hop?.close();
});

describe('a write retried after a time-out', () => {
  it('a note added again after "No se pudo guardar la nota" is there once', async () => {
    const { context, page } = await newPage(browser, undefined, base);
    await loginAs(context, 'manager');
    const { candidateId, notesSaying } = await firstCandidateNotes(context);

    await page.goto(`/panel/detallecandidato/${candidateId}`);
    await page.getByRole('heading', { name: NOTE_MESSAGES.section }).waitFor();
    const text = `Llamada tras la pausa ${Date.now() % 100000}.`;
    const box = page.getByRole('textbox', { name: NOTE_MESSAGES.add });
    await box.fill(text);

    hop.holdNextNoteWrite();
    await page.getByRole('button', { name: NOTE_MESSAGES.add }).click();
    await page.getByText(NOTE_MESSAGES.failed).waitFor({ timeout: 15_000 });
    // The api did it all the same, once its answer was on the way.
    await expect.poll(() => notesSaying(text), { timeout: 10_000 }).toBe(1);
    await screenshot(page, 'idempotent-note-failed');

    // The recruiter tries again (the text is still in the box): the stored answer, no second note.
    expect(await box.inputValue()).toBe(text);
    await page.getByRole('button', { name: NOTE_MESSAGES.add }).click();
    const notes = page.getByRole('list', { name: NOTE_MESSAGES.section });
    await notes.getByText(text).waitFor({ timeout: 20_000 });
    expect(await notes.getByText(text).count()).toBe(1);
    expect(await notesSaying(text)).toBe(1);
    await screenshot(page, 'idempotent-note-once');
    await context.close();
  });
});
