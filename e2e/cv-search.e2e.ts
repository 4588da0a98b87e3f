import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginAs, newPage, screenshot } from './browser.js';

/*
 * Search inside CVs (issue 23): the demo candidates' CVs are PDFs with text, read by the api's
 * worker after start-up; a word of them typed in the inbox search finds those candidates and each
 * row shows the CV's matching snippet with the word highlighted — at 1280 px and at 360 px
 * without the page scrolling sideways.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const snippets = (page: Page) =>
  page.getByRole('table', { name: 'Candidatos activos' }).locator('[data-testid="cv-snippet"]');

/** The inbox searched for `word`, reloaded until the worker has read the CVs (it runs every 2 s). */
async function searchUntilSnippets(page: Page, word: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto(`/panel/candidatos?q=${encodeURIComponent(word)}`);
    await page.getByRole('heading', { name: 'Candidatos Activos' }).waitFor();
    await page
      .getByText(/^Mostrando|No hay candidatos activos/)
      .first()
      .waitFor();
    if ((await snippets(page).count()) > 0 || Date.now() > deadline) return;
    await page.waitForTimeout(1_000);
  }
}

describe('search inside CVs', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 780 },
  ]) {
    it(`a Visualizador finds candidates by a word of their CV, with the snippet highlighted (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await loginAs(context, 'viewer');
      await searchUntilSnippets(page, 'COMUNITARIAS');
      const first = snippets(page).first();
      await first.waitFor();
      expect(await first.innerText()).toMatch(/^En el CV: ….*comunitaria.*…$/s);
      expect(await first.locator('mark').allInnerTexts()).toContain('comunitaria');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `cv-search-${viewport.width}`);
      await context.close();
    }, 60_000);
  }
});
