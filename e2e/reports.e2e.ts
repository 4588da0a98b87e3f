import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landedPath, launch, loginAs, newPage, screenshot } from './browser.js';

/*
 * The funnel report of issue 12 on the demo candidates (they applied in the last 40 days, so the
 * default range of 90 days holds them): a Gestor sees the chart and the tables and downloads the
 * CSV; a Visualizador has no link to it and is sent back to /panel.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('funnel report', () => {
  it('a Gestor opens /panel/reportes, sees the chart and the table, and downloads the CSV', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'manager');
    await page.goto('/panel');
    await page.getByRole('link', { name: 'Reportes' }).first().click();
    await page.waitForURL((u) => u.pathname === '/panel/reportes');
    await page.getByRole('heading', { level: 1, name: 'Reportes' }).waitFor();
    const overall = page.getByRole('table', { name: 'Embudo: Todas las plazas' });
    await overall.waitFor();
    const applied = Number(await overall.locator('tbody tr').first().locator('td').nth(1).innerText());
    expect(applied).toBeGreaterThan(0);
    // The chart (a lazy chunk of its own) draws one bar per step.
    await page.getByRole('img', { name: /^Candidatos que alcanzaron cada etapa: Postulado \d+/ }).waitFor();
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'reports-manager');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('link', { name: 'Descargar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^embudo-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('Conversión desde la etapa anterior (%)');
    expect(text).toContain(`,Todas las plazas,Postulado,${applied},`);

    // Readable on a phone: no sideways scroll of the page at 360 px.
    await page.setViewportSize({ width: 360, height: 800 });
    await overall.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'reports-manager-360');
    await context.close();
  });

  it('a Visualizador has no Reportes link and cannot open it', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'viewer');
    await page.goto('/panel');
    await page.getByRole('heading', { level: 1, name: 'Panel de control' }).waitFor();
    expect(await page.getByRole('link', { name: 'Reportes' }).count()).toBe(0);
    await page.goto('/panel/reportes');
    expect(await landedPath(page, '/panel')).toBe('/panel');
    const csv = await context.request.get('/reports/funnel.csv?from=2026-01-01&to=2026-01-31');
    expect(csv.status()).toBe(403);
    await context.close();
  });
});
