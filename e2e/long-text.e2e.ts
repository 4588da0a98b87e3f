import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APPLICATION_MESSAGES } from '../domain/src/application.js';
import { CANDIDATE_LIST_FILTER_MESSAGES, CANDIDATE_LIST_SEARCH_MAX } from '../domain/src/candidate-list-filter.js';
import { NOTE_LIMITS, NOTE_MESSAGES } from '../domain/src/notes-tags.js';
import { firstCandidateNotes } from './candidate-support.js';
import { launch, loginAs, newPage, screenshot } from './browser.js';

/*
 * A text pasted into a field with a length limit is never cut (web/src/components/LimitedText.tsx):
 * it stays whole, the field says by how much it is over, the form refuses it with the domain's
 * message, and once shortened by its writer it is sent whole. Before, a native maxlength dropped
 * the end of the paste without a word.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

const ADDRESS = 'Avenida Reforma 10-00 zona 9, edificio Torre Internacional, nivel 12, oficina 1204 '.repeat(4).trim();

describe('a pasted text longer than its field allows', () => {
  it('the application form at 360 px keeps the whole address, says by how much it is over, and refuses it until shortened', async () => {
    const { id: vacancyId } = inject('linkVacancy');
    const { context, page } = await newPage(browser, { width: 360, height: 780 });
    await page.goto(`/vacantes/${vacancyId}/postular`);
    const dialog = page.getByRole('dialog', { name: 'Formulario de Postulación' });
    const address = dialog.getByLabel(/^Dirección/);
    await address.waitFor({ timeout: 30_000 });
    await address.focus();
    // One insertion, as a paste makes: a maxlength would have cut it at 300.
    await page.keyboard.insertText(ADDRESS);
    expect(await address.inputValue()).toBe(ADDRESS);
    await dialog.getByText(`Tienes ${ADDRESS.length - 300} caracteres de más (máximo 300).`).waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'long-text-address-over');
    // Leaving the field checks it: the domain's message.
    await page.keyboard.press('Tab');
    await dialog.getByText(APPLICATION_MESSAGES.addressTooLong).waitFor();

    // Shortened by the person who wrote it: the error goes with the next check.
    await address.fill(ADDRESS.slice(0, 295));
    await dialog.getByText('Quedan 5 caracteres.').waitFor();
    await page.keyboard.press('Tab');
    await dialog.getByText(APPLICATION_MESSAGES.addressTooLong).waitFor({ state: 'detached' });
    expect(await address.getAttribute('aria-invalid')).not.toBe('true');
    await context.close();
  });

  it('a note of 2,050 characters is refused whole, not cut, and is saved whole once shortened to 2,000', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'manager');
    const { candidateId, notesSaying } = await firstCandidateNotes(context);

    await page.goto(`/panel/detallecandidato/${candidateId}`);
    await page.getByRole('heading', { name: NOTE_MESSAGES.section }).waitFor({ timeout: 30_000 });
    const stamp = `Nota larga ${Date.now() % 100000}. `;
    const text = (
      stamp + 'Entrevista telefónica: buena disposición, experiencia en atención primaria. '.repeat(40)
    ).slice(0, NOTE_LIMITS.text + 50);
    const box = page.getByRole('textbox', { name: NOTE_MESSAGES.add });
    await box.focus();
    await page.keyboard.insertText(text);
    expect((await box.inputValue()).length).toBe(NOTE_LIMITS.text + 50);
    await page.getByText(`Tienes 50 caracteres de más (máximo ${NOTE_LIMITS.text}).`).waitFor();
    await page.getByRole('button', { name: NOTE_MESSAGES.add }).click();
    await page.getByText(NOTE_MESSAGES.tooLong).waitFor();
    expect(await box.inputValue()).toBe(text);
    await screenshot(page, 'long-text-note-over');

    // The writer takes off the last 50 characters: saved as it is, all 2,000 of them.
    await box.press('Control+End');
    for (let i = 0; i < 50; i++) await box.press('Backspace');
    const kept = text.slice(0, NOTE_LIMITS.text);
    await page.getByText('Quedan 0 caracteres.').waitFor();
    await page.getByRole('button', { name: NOTE_MESSAGES.add }).click();
    const notes = page.getByRole('list', { name: NOTE_MESSAGES.section });
    await notes.getByText(stamp.trim(), { exact: false }).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => notesSaying(kept.trim()), { timeout: 10_000 }).toBe(1);
    await context.close();
  });

  it('a search pasted into the candidates list at 360 px stays whole, says by how much it is over, and the list keeps its rows', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 780 });
    await loginAs(context, 'manager');
    await page.goto('/panel/candidatos');
    const box = page.getByRole('searchbox', { name: 'Buscar' });
    await box.waitFor({ timeout: 30_000 });
    // The list's range ('Mostrando 1-10 de 20 candidatos') says which rows it shows.
    const range = page.getByText(/^Mostrando \d+-\d+ de \d+ candidatos$/);
    await range.waitFor({ timeout: 30_000 });
    const before = await range.textContent();
    const long = 'enfermera auxiliar con experiencia en atención primaria '.repeat(3).trim();
    expect(long.length).toBeGreaterThan(CANDIDATE_LIST_SEARCH_MAX);
    await box.focus();
    await page.keyboard.insertText(long);
    expect(await box.inputValue()).toBe(long);
    await page
      .getByText(
        `Tienes ${long.length - CANDIDATE_LIST_SEARCH_MAX} caracteres de más (máximo ${CANDIDATE_LIST_SEARCH_MAX}).`,
      )
      .waitFor();
    // Not asked with it: no refusal from the api, the address keeps no search, the rows stay.
    await page.waitForTimeout(800);
    expect(new URL(page.url()).searchParams.get('q')).toBeNull();
    expect(await page.getByText(CANDIDATE_LIST_FILTER_MESSAGES.searchInvalid).count()).toBe(0);
    expect(await range.textContent()).toBe(before);
    await screenshot(page, 'long-text-search-over');
    // Shortened to fit: the list is asked with it.
    const fitting = long.slice(0, CANDIDATE_LIST_SEARCH_MAX);
    await box.fill(fitting);
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), { timeout: 10_000 }).toBe(fitting.trim());
    await context.close();
  });
});
