import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_MESSAGES, TAG_MESSAGES } from '../domain/src/notes-tags.js';
import { launch, loginAs, newPage, screenshot } from './browser.js';
import { createTagOnDetail, filterByTag, tagsSection } from './desk-support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/**
 * Issue 23 items 1–2 in the browser: a Gestor tags a candidate (creating the tag on the way),
 * writes, edits and deletes a note (after confirming), then finds the candidate in the inbox by
 * the tag, with its count and badge; the Visualizador sees the note and the tag but cannot change
 * them. No e-mail is involved: notes and tags tell the candidate nothing.
 */
describe('notes and tags on candidates', () => {
  it('a Gestor tags and notes a candidate; the inbox filters by the tag; the Visualizador only reads', async () => {
    const tagName = `Turno nocturno ${Date.now() % 100000}`;
    const { context, page } = await newPage(browser);
    await loginAs(context, 'manager');
    const list = await context.request.post('/graphql', {
      data: { query: '{ candidates(pageSize: 1) { items { id fullName } } }' },
    });
    const first = ((await list.json()) as { data: { candidates: { items: { id: string; fullName: string }[] } } }).data
      .candidates.items[0]!;

    await page.goto(`/panel/detallecandidato/${first.id}`);
    await page.getByRole('heading', { name: NOTE_MESSAGES.section }).waitFor();

    // Tags: create one in the editor, keep it chosen, save.
    await createTagOnDetail(page, tagName);

    // Notes: an empty one is refused with the domain's message; then write, edit, delete.
    const box = page.getByRole('textbox', { name: NOTE_MESSAGES.add });
    await page.getByRole('button', { name: NOTE_MESSAGES.add }).click();
    await page.getByText(NOTE_MESSAGES.required).waitFor();
    await box.fill('Llamada: disponible para el turno nocturno.');
    await page.getByRole('button', { name: NOTE_MESSAGES.add }).click();
    const notes = page.getByRole('list', { name: NOTE_MESSAGES.section });
    await notes.getByText('Llamada: disponible para el turno nocturno.').waitFor();
    // Author and date and time on Guatemala's clock.
    expect(await notes.getByText(/Gestor Demo · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).count()).toBeGreaterThan(0);
    // The timeline shows it too.
    await page
      .getByRole('region', { name: 'Historial' })
      .getByText('Llamada: disponible para el turno nocturno.')
      .waitFor();
    await screenshot(page, 'notes-tags-detail');

    // By keyboard: 'Editar' puts focus in the note's text; Escape leaves it and focus goes back.
    const editButton = notes.getByRole('button', { name: NOTE_MESSAGES.edit }).first();
    await editButton.focus();
    await page.keyboard.press('Enter');
    const editor = notes.getByRole('textbox', { name: NOTE_MESSAGES.edit });
    await expect.poll(() => editor.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => editButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await editor.fill('Llamada: disponible desde el lunes.');
    await notes.getByRole('button', { name: NOTE_MESSAGES.save }).click();
    await notes.getByText('Llamada: disponible desde el lunes.').waitFor();
    await notes.getByText(new RegExp(NOTE_MESSAGES.edited)).first().waitFor();

    // A second note stays for the Visualizador; the first is deleted after confirming.
    await box.fill('Segunda llamada pendiente.');
    await page.getByRole('button', { name: NOTE_MESSAGES.add }).click();
    await notes.getByText('Segunda llamada pendiente.').waitFor();
    const edited = notes.getByRole('listitem').filter({ hasText: 'Llamada: disponible desde el lunes.' });
    await edited.getByRole('button', { name: NOTE_MESSAGES.delete }).click();
    const confirm = page.getByRole('dialog', { name: NOTE_MESSAGES.deleteTitle });
    await confirm.getByText(NOTE_MESSAGES.deleteConfirm).waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await edited.getByRole('button', { name: NOTE_MESSAGES.delete }).click();
    await confirm.getByRole('button', { name: NOTE_MESSAGES.delete }).click();
    await notes.getByText('Llamada: disponible desde el lunes.').waitFor({ state: 'detached' });

    // The inbox by the tag: the row with its badge, the count on the option.
    await page.goto('/panel/candidatos');
    await page.getByRole('table').waitFor();
    await filterByTag(page, tagName, 1);
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await rows.nth(1).getByText(first.fullName).waitFor();
    await rows.nth(1).getByText(tagName).waitFor();
    await screenshot(page, 'notes-tags-inbox');
    await context.close();

    // The Visualizador at 360 px: reads the note and the tag, changes nothing, no sideways scroll.
    const viewer = await newPage(browser, { width: 360, height: 800 });
    await loginAs(viewer.context, 'viewer');
    await viewer.page.goto(`/panel/detallecandidato/${first.id}`);
    await viewer.page.getByText('Segunda llamada pendiente.').first().waitFor();
    await tagsSection(viewer.page).getByText(tagName).waitFor();
    expect(await viewer.page.getByRole('textbox', { name: NOTE_MESSAGES.add }).count()).toBe(0);
    expect(await viewer.page.getByRole('button', { name: TAG_MESSAGES.edit }).count()).toBe(0);
    expect(await viewer.page.getByRole('button', { name: NOTE_MESSAGES.delete }).count()).toBe(0);
    expect(await viewer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(viewer.page, 'notes-tags-viewer-360');
    await viewer.context.close();
  });
});
