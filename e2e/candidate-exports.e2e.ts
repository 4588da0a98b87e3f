import { readFile } from 'node:fs/promises';
import { CANDIDATE_EXPORT_COLUMNS, todayInGuatemala } from '@bolsa/domain';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginAs, newPage, screenshot } from './browser.js';

/*
 * Exports of candidate lists (issue 23, item 6) on the demo candidates: an administrator filters
 * the inbox to a tab, downloads it as CSV and as Excel (the same rows as the tab's count), exports
 * a vacancy's list, and finds the three exports in 'Exportaciones' on the reports page; a
 * Visualizador has no export buttons and the download refuses it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function tabCount(page: Page, name: RegExp): Promise<number> {
  const text = await page.getByRole('tab', { name }).innerText();
  return Number(/(\d+)\s*$/.exec(text.trim())?.[1] ?? NaN);
}

async function download(page: Page, name: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('link', { name }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

describe('candidate exports', () => {
  it('an administrator exports the inbox tab to CSV and Excel and a vacancy list, and sees them logged', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'admin');
    await page.goto('/panel/candidatos?estado=seguimiento');
    await page.getByRole('table', { name: 'Candidatos activos' }).locator('tbody tr').first().waitFor();
    const count = await tabCount(page, /^En seguimiento/);
    expect(count).toBeGreaterThan(0);
    await screenshot(page, 'candidate-exports-inbox');

    const csv = await download(page, 'Exportar CSV');
    expect(csv.name).toBe(`candidatos-activos-${todayInGuatemala()}.csv`);
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(CANDIDATE_EXPORT_COLUMNS.map((c) => c.heading).join(','));
    expect(lines).toHaveLength(count + 1);
    expect(lines.slice(1).every((l) => l.includes(',En seguimiento,'))).toBe(true);

    const xlsx = await download(page, 'Exportar Excel');
    expect(xlsx.name).toBe(`candidatos-activos-${todayInGuatemala()}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.bytes as unknown as ExcelJS.Buffer);
    const sheet = wb.getWorksheet('Candidatos')!;
    expect(sheet.rowCount).toBe(count + 1);
    expect(sheet.getRow(2).getCell(7).value).toBe('En seguimiento');
    expect(String(sheet.getRow(2).getCell(8).value)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    // At 360 px the buttons wrap: no sideways scroll of the page.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('link', { name: 'Exportar Excel' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'candidate-exports-inbox-360');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A vacancy's list: from the vacancies, 'Postulantes'.
    await page.goto('/panel/candidatos');
    const rows = page.getByRole('table', { name: 'Candidatos activos' }).locator('tbody tr');
    await rows.first().waitFor();
    const { items } = await context.request
      .post('/graphql', {
        data: { query: '{ adminVacancies(pageSize: 100) { items { id name } } }' },
      })
      .then(
        async (r) =>
          ((await r.json()) as { data: { adminVacancies: { items: { id: string; name: string }[] } } }).data
            .adminVacancies,
      );
    // The first row that applied to a vacancy (the scorecards' candidate, made last by the set-up,
    // has none: 'Sin definir').
    const positions = (await rows.locator('td[data-label="Puesto"] p:first-child').allInnerTexts()).map((t) =>
      t.trim(),
    );
    const vacancyName = positions.find((name) => items.some((v) => v.name === name))!;
    const vacancy = items.find((v) => v.name === vacancyName)!;
    await page.goto(`/panel/plazas/candidatos/${vacancy.id}`);
    await page.getByRole('table', { name: 'Postulantes de la plaza' }).locator('tbody tr').first().waitFor();
    const byVacancy = await download(page, 'Exportar CSV');
    expect(byVacancy.name).toBe(`candidatos-plaza-${vacancy.id}-${todayInGuatemala()}.csv`);
    expect(byVacancy.bytes.toString('utf8')).toContain(vacancyName.includes(',') ? `"${vacancyName}"` : vacancyName);
    await screenshot(page, 'candidate-exports-by-vacancy');

    // The log, newest first.
    await page.goto('/panel/reportes');
    const log = page.getByRole('table', { name: 'Exportaciones' });
    await log.waitFor();
    const first = log.locator('tbody tr');
    await expect.poll(() => first.count()).toBeGreaterThanOrEqual(3);
    const cells = async (i: number) => (await first.nth(i).locator('td').allInnerTexts()).map((t) => t.trim());
    expect((await cells(0)).slice(1, 3)).toEqual(['Administrador Demo', `Postulantes por plaza: ${vacancyName}`]);
    expect(await cells(1)).toEqual([
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
      'Administrador Demo',
      'Candidatos Activos',
      'Estado: En seguimiento',
      String(count),
      'Excel',
    ]);
    expect((await cells(2)).at(-1)).toBe('CSV');
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, 'candidate-exports-log');
    await page.setViewportSize({ width: 360, height: 800 });
    await log.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'candidate-exports-log-360');
    await context.close();
  });

  it('a Visualizador has no export buttons and the download refuses it', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'viewer');
    await page.goto('/panel/candidatos');
    await page.getByRole('table', { name: 'Candidatos activos' }).locator('tbody tr').first().waitFor();
    expect(await page.getByRole('link', { name: /^Exportar/ }).count()).toBe(0);
    const res = await context.request.get('/reports/candidates.csv?list=inbox');
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe('Tu rol no permite realizar esta acción.');
    await context.close();
  });
});
