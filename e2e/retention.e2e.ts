import { addDays, addMonths, retentionDay } from '../domain/src/retention.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../api/src/server.js';
import { startOwnBff, type OwnBff } from './own-bff.js';
import { axeViolations, launch, loginAs, newPage, screenshot } from './browser.js';

/*
 * Issue 24, item 3, retention with a moved clock: the journey runs its own product (api on
 * in-memory PGlite in this process with a clock the test moves, BFF serving web/dist). The demo
 * data is fresh; the api's clock goes 24 months and a day ahead (the notices go out), then 31 days
 * more: the administrator opens /panel/retencion, reads 'Se anonimizarán N candidatos el …', runs
 * it behind the confirmation (keyboard only), the candidate's detail says it was anonymised and the
 * audit log has the run. Only retention reads the moved clock; sessions and the rest use real time.
 */
let browser: Browser;
let api: RunningApi;
let own: OwnBff;
let base = '';
const started = new Date();
let now = started;

beforeAll(async () => {
  api = await startApi({
    memory: true,
    port: 0,
    seedDemo: true,
    log: false,
    retention: { clock: () => now, schedule: false },
  });
  own = await startOwnBff(api.url, api.token);
  base = own.base;
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await own?.close();
  await api?.close();
});

describe('retention', () => {
  it('an admin previews and runs retention with a moved clock; the candidate is anonymised and the run audited', async () => {
    const { context, page } = await newPage(browser, undefined, base);
    await loginAs(context, 'admin');
    await page.goto('/panel');
    await page.getByRole('link', { name: 'Retención' }).first().click();
    await page.waitForURL((u) => u.pathname === '/panel/retencion');
    await page.getByRole('heading', { level: 1, name: 'Retención de datos' }).waitFor();
    const headline = page.getByTestId('retention-headline');
    // Fresh data: nothing to do today.
    expect(await headline.innerText()).toBe(`Se anonimizarán 0 candidatos el ${retentionDay(now)}`);
    await page.getByText(RETENTION_NONE).waitFor();

    // 24 months and a day later: the notices go out (30 days before), nobody is anonymised yet.
    now = addDays(addMonths(started, 24), 1);
    await page.reload();
    await headline.waitFor();
    expect(await headline.innerText()).toBe(`Se anonimizarán 0 candidatos el ${retentionDay(now)}`);
    const notices = Number(
      /Se enviarán? (\d+) avisos?/.exec(await page.getByText(/Se enviarán? \d+ avisos?/).innerText())![1],
    );
    expect(notices).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Ejecutar ahora' }).click();
    await page.getByRole('dialog', { name: '¿Ejecutar la retención ahora?' }).waitFor();
    await page.getByRole('button', { name: 'Ejecutar', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${notices} avisos enviados` })
      .waitFor();

    // 31 days more: those noticed are anonymised by the next run.
    now = addDays(now, 31);
    await page.reload();
    await headline.waitFor();
    const text = await headline.innerText();
    expect(text).toMatch(
      new RegExp(`^Se anonimizarán? \\d+ candidatos? el ${retentionDay(now).replace(/\//g, '\\/')}$`),
    );
    const count = Number(/(\d+)/.exec(text)![1]);
    expect(count).toBe(notices);
    const affected = page.getByRole('table', { name: 'Próximos candidatos afectados' });
    const first = affected.getByRole('row').nth(1);
    const href = await first.getByRole('link').getAttribute('href');
    const id = /\/panel\/detallecandidato\/(\d+)$/.exec(href ?? '')![1]!;
    expect(await first.innerText()).toContain('Se anonimiza en la próxima ejecución');
    await screenshot(page, 'retention-preview');
    expect(await axeViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] })).toEqual([]);

    // 'Ejecutar ahora' with the keyboard: the dialog says how many, Tab and Enter confirm.
    // Tab from the top of the page to the button; Escape closes the question without running.
    await page.locator('body').focus();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Ejecutar ahora') break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Ejecutar ahora');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: '¿Ejecutar la retención ahora?' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await api.db.selectFrom('retencion_ejecuciones').select('id').execute()).toHaveLength(1);
    await page.getByRole('button', { name: 'Ejecutar ahora' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '¿Ejecutar la retención ahora?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`Se anonimizarán ${count} candidatos`);
    await screenshot(page, 'retention-confirm');
    // A destructive question starts on 'Cancelar': Enter pressed twice by habit destroys nothing.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancelar');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `Retención ejecutada: ${count} candidatos anonimizados` })
      .waitFor();
    await page.getByText(RETENTION_NONE_AFFECTED).waitFor();
    const runs = page.getByRole('table', { name: 'Últimas ejecuciones' });
    expect(await runs.getByRole('row').nth(1).innerText()).toContain('Administrador Demo');

    // The candidate's detail: anonymised, by the policy.
    await page.goto(`/panel/detallecandidato/${id}`);
    await page.getByText('Datos anonimizados por la política de retención').first().waitFor();
    const row = await api.db
      .selectFrom('postulantes')
      .select(['nombre', 'email', 'datos_eliminados'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ nombre: '', email: null, datos_eliminados: true });

    // The audit log has both runs, as the administrator's.
    await page.goto('/panel/auditoria');
    const log = page.getByRole('table', { name: 'Bitácora de auditoría' });
    await log.getByRole('row').filter({ hasText: 'Ejecución de retención' }).first().waitFor();
    const cells = await log
      .getByRole('row')
      .filter({ hasText: 'Ejecución de retención' })
      .first()
      .getByRole('cell')
      .allInnerTexts();
    expect(cells.slice(1, 3)).toEqual(['Administrador Demo', 'Ejecución de retención']);
    expect(cells[3]).toMatch(/^Retención #\d+$/);
    expect(await log.getByRole('row').filter({ hasText: 'Ejecución de retención' }).count()).toBe(2);

    // A phone: no sideways scroll at 360 px.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/panel/retencion');
    await headline.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'retention-360');
    await context.close();
  });

  it('a Gestor has no Retención link and cannot open it', async () => {
    const { context, page } = await newPage(browser, undefined, base);
    await loginAs(context, 'manager');
    await page.goto('/panel');
    await page.getByRole('heading', { level: 1, name: 'Panel de control' }).waitFor();
    expect(await page.getByRole('link', { name: 'Retención' }).count()).toBe(0);
    await page.goto('/panel/retencion');
    await page.waitForURL((u) => u.pathname === '/panel');
    await context.close();
  });
});

const RETENTION_NONE = 'Ningún candidato será anonimizado en la próxima ejecución.';
const RETENTION_NONE_AFFECTED = RETENTION_NONE;
