import type { Locator, Page } from 'playwright-core';
import { NOTE_MESSAGES, TAG_MESSAGES } from '../domain/src/notes-tags.js';

/*
 * Steps of the recruiter's desk (issue 23) that several journeys take: tagging and noting a
 * candidate on the detail page, filtering a list by a tag, dragging a card on the vacancy board.
 */

/** On the candidate's detail page: opens 'Editar etiquetas', creates `tagName`, keeps it chosen, saves. */
export async function createTagOnDetail(page: Page, tagName: string): Promise<void> {
  await page.getByRole('button', { name: TAG_MESSAGES.edit }).click();
  const dialog = page.getByRole('dialog', { name: TAG_MESSAGES.edit });
  await dialog.getByRole('textbox', { name: TAG_MESSAGES.newName }).fill(tagName);
  await dialog.getByRole('textbox', { name: TAG_MESSAGES.newName }).press('Enter');
  await dialog.getByText(tagName).first().waitFor();
  await dialog.getByRole('button', { name: TAG_MESSAGES.save }).click();
  await dialog.waitFor({ state: 'hidden' });
  await tagsSection(page).getByText(tagName).waitFor();
}

/** On the candidate's detail page: opens 'Editar etiquetas', picks the existing `tagName`, saves. */
export async function chooseTagOnDetail(page: Page, tagName: string): Promise<void> {
  await page.getByRole('button', { name: TAG_MESSAGES.edit }).click();
  const dialog = page.getByRole('dialog', { name: TAG_MESSAGES.edit });
  await dialog.getByLabel(TAG_MESSAGES.pickLabel, { exact: true }).click();
  await page.getByRole('option', { name: tagName }).click();
  // Closes the options (Escape might close the whole dialog).
  await dialog.getByRole('heading', { name: TAG_MESSAGES.edit }).click();
  await dialog.getByRole('button', { name: TAG_MESSAGES.save }).click();
  await dialog.waitFor({ state: 'hidden' });
  await tagsSection(page).getByText(tagName).waitFor();
}

export const tagsSection = (page: Page): Locator => page.getByRole('region', { name: `${TAG_MESSAGES.section}:` });

/** On the candidate's detail page: writes a note and waits for it in the 'Notas' list. */
export async function addNote(page: Page, text: string): Promise<Locator> {
  await page.getByRole('textbox', { name: NOTE_MESSAGES.add }).fill(text);
  await page.getByRole('button', { name: NOTE_MESSAGES.add }).click();
  const notes = page.getByRole('list', { name: NOTE_MESSAGES.section });
  await notes.getByText(text).waitFor();
  return notes;
}

/** On a candidate list: picks `tagName` in the tag filter (its option shows the count) and waits for the URL. */
export async function filterByTag(page: Page, tagName: string, count: number): Promise<void> {
  const filter = page.locator('input').and(page.getByLabel(TAG_MESSAGES.filterLabel, { exact: true }));
  await filter.click();
  await page.getByRole('option', { name: `${tagName} (${count})` }).click();
  await page.keyboard.press('Escape');
  await page.waitForURL(/etiquetas=\d+/);
}

/** A mouse drag in small steps (dnd-kit starts after 6 px), pausing over the target. */
export async function drag(page: Page, from: Locator, to: Locator, whileOver?: () => Promise<void>): Promise<void> {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + 80, { steps: 12 });
  await whileOver?.();
  await page.mouse.up();
}

/** A board column (`section[data-state]`, the GraphQL state's name such as FOLLOW_UP). */
export const boardColumn = (page: Page, state: string): Locator => page.locator(`section[data-state="${state}"]`);

/** The drag handle of the card of the candidate called `fullName`. */
export const boardCard = (page: Page, fullName: string): Locator =>
  page.getByRole('button', { name: new RegExp(`^${fullName} `) });
