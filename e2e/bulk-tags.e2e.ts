import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BULK_EXPORT_MESSAGES, BULK_TAG_MESSAGES, CANDIDATE_EXPORT_COLUMNS, todayInGuatemala } from '@bolsa/domain';
import { axeViolations, launch, loginAs, newPage, screenshot } from './browser.js';

/*
 * Bulk tag actions and exports of the selection (issue 23, items 4 and 6): a Gestor filters the
 * inbox by a tag, selects every row matching the filter (the count shown first), adds a second tag
 * to all of them, sees the badges update, and exports two ticked rows to CSV: the file holds those
 * rows with both tags' names. At 360 px the bar and the dialog fit, and repeating the action
 * changes nobody.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A call to the api itself (set-up only: the journey's subject is the browser). */
async function rest<T>(path: string, body?: unknown): Promise<T> {
  const { url, token } = inject('api');
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as T;
}

const unique = () =>
  Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

const rows = (page: Page) => page.getByRole('table', { name: 'Candidatos activos' }).locator('tbody tr');
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function pickTag(page: Page, label: string, name: string) {
  const dialog = page.getByRole('dialog');
  await dialog
    .locator('input')
    .and(dialog.getByLabel(label, { exact: true }))
    .click();
  await page.getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
}

describe('bulk tag actions (issue 23)', () => {
  it('filters by a tag, selects every match, adds a tag to all, the badges update, and the selection exports with its tags', async () => {
    const u = unique();
    const segunda = `Segunda entrevista ${u}`;
    const nocturna = `Enfermería nocturna ${u}`;
    const a = await rest<{ etiqueta: { id: number } }>('/internal/etiquetas', {
      nombre: segunda,
      color: 'teal',
      rol: 1,
    });
    await rest('/internal/etiquetas', {
      nombre: nocturna,
      color: 'grape',
      rol: 1,
    });
    // Six candidates of the inbox carry the first tag; a seventh does not.
    const inbox = await rest<{ items: { id: number }[] }>('/candidatos/lista?page=1&pageSize=7');
    expect(inbox.items.length).toBe(7);
    for (const c of inbox.items.slice(0, 6))
      await rest(`/internal/candidatos/${c.id}/etiquetas`, { agregar: [a.etiqueta.id], rol: 1 });

    const { context, page } = await newPage(browser);
    await loginAs(context, 'manager');
    await page.goto(`/panel/candidatos?etiquetas=${a.etiqueta.id}&filas=5`);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(5);

    // Keyboard: tick the page, then every row matching the filter (its count shown first).
    await page.getByRole('checkbox', { name: 'Seleccionar esta página' }).focus();
    await page.keyboard.press('Space');
    const all = page.getByRole('button', { name: 'Seleccionar los 6 candidatos que coinciden con el filtro' });
    await all.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Seleccionados los 6 candidatos que coinciden con el filtro').waitFor();
    await page.getByRole('button', { name: 'Acciones masivas' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: BULK_TAG_MESSAGES.title('add') }).click();
    const dialog = page.getByRole('dialog', { name: BULK_TAG_MESSAGES.title('add') });
    await dialog.getByText(BULK_TAG_MESSAGES.appliesTo(6)).waitFor();
    await pickTag(page, BULK_TAG_MESSAGES.pickLabel('add'), nocturna);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-tags-confirm-1280');
    await dialog.getByRole('button', { name: BULK_TAG_MESSAGES.confirm('add', 6) }).click();
    await dialog.getByText(BULK_TAG_MESSAGES.resultSummary({ changed: 6, unchanged: 0, refused: 0 })).waitFor();
    await screenshot(page, 'bulk-tags-result-1280');
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // The list refreshed: every row shows the new tag's badge.
    await expect.poll(() => rows(page).filter({ hasText: nocturna }).count(), { timeout: 15_000 }).toBe(5);
    expect(await page.getByText('Seleccionados los 6').count()).toBe(0);

    // Two rows ticked, exported to CSV: exactly those two, each with both tags.
    const names: string[] = [];
    for (const i of [0, 1]) {
      const box = rows(page).nth(i).getByRole('checkbox');
      names.push(((await box.getAttribute('aria-label')) ?? '').replace(/^Seleccionar a /, ''));
      await box.check();
    }
    await page.getByText('2 candidatos seleccionados').waitFor();
    await page.getByRole('button', { name: 'Acciones masivas' }).click();
    await page.getByRole('menuitem', { name: BULK_EXPORT_MESSAGES.title }).click();
    const exportDialog = page.getByRole('dialog', { name: BULK_EXPORT_MESSAGES.title });
    await exportDialog.getByText(BULK_EXPORT_MESSAGES.summary(2)).waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      exportDialog.getByRole('link', { name: BULK_EXPORT_MESSAGES.download('CSV') }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`candidatos-activos-seleccion-${todayInGuatemala()}.csv`);
    const lines = (await readFile((await file.path())!)).toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(CANDIDATE_EXPORT_COLUMNS.map((c) => c.heading).join(','));
    expect(lines[0]!.endsWith(',Etiquetas')).toBe(true);
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) {
      expect(names.some((n) => line.includes(n))).toBe(true);
      expect(line).toContain(segunda);
      expect(line).toContain(nocturna);
    }
    await context.close();
  });

  it('at 360 px the bar and the tag dialog fit without sideways page scroll; repeating the action changes nobody', async () => {
    const u = unique();
    const tagName = `Repetida ${u}`;
    const t = await rest<{ etiqueta: { id: number } }>('/internal/etiquetas', {
      nombre: tagName,
      color: 'lime',
      rol: 1,
    });
    const inbox = await rest<{ items: { id: number }[] }>('/candidatos/lista?page=1&pageSize=2');
    for (const c of inbox.items)
      await rest(`/internal/candidatos/${c.id}/etiquetas`, { agregar: [t.etiqueta.id], rol: 1 });

    const { context, page } = await newPage(browser, { width: 360, height: 780 });
    await loginAs(context, 'admin');
    await page.goto(`/panel/candidatos?etiquetas=${t.etiqueta.id}`);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    await page.getByRole('checkbox', { name: 'Seleccionar esta página' }).check();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.getByRole('button', { name: 'Acciones masivas' }).click();
    await page.getByRole('menuitem', { name: BULK_TAG_MESSAGES.title('add') }).click();
    const dialog = page.getByRole('dialog', { name: BULK_TAG_MESSAGES.title('add') });
    await dialog.getByText(BULK_TAG_MESSAGES.appliesTo(2)).waitFor();
    await pickTag(page, BULK_TAG_MESSAGES.pickLabel('add'), tagName);
    await screenshot(page, 'bulk-tags-confirm-360');
    expect(await noSidewaysScroll(page)).toBe(true);
    await dialog.getByRole('button', { name: BULK_TAG_MESSAGES.confirm('add', 2) }).click();
    await dialog.getByText(BULK_TAG_MESSAGES.resultSummary({ changed: 0, unchanged: 2, refused: 0 })).waitFor();
    await dialog.getByText(BULK_TAG_MESSAGES.unchanged('add')).first().waitFor();
    await screenshot(page, 'bulk-tags-result-360');
    expect(await noSidewaysScroll(page)).toBe(true);
    await context.close();
  });
});
