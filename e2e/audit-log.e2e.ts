import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../api/src/server.js';
import { startOwnBff, type OwnBff } from './own-bff.js';
import { axeViolations, launch, loginAs, newPage, screenshot } from './browser.js';

/*
 * Issue 24, the audit log: an administrator creates an API token in /panel/usuarios; the action
 * shows in /panel/auditoria and 'Verificar integridad' says the log is intact; then a row is
 * altered directly in the database, as someone with the database's rights would (triggers off),
 * and 'Verificar integridad' names that row. The journey runs its own product (api on in-memory
 * PGlite in this process, BFF serving web/dist) so that it can reach the database and so that its
 * row count is its own; nothing new is exposed over HTTP.
 */
let browser: Browser;
let api: RunningApi;
let own: OwnBff;
let base = '';

beforeAll(async () => {
  api = await startApi({ memory: true, port: 0, seedDemo: true, log: false });
  own = await startOwnBff(api.url, api.token);
  base = own.base;
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await own?.close();
  await api?.close();
});

describe('audit log', () => {
  it('an admin action appears in /panel/auditoria, the log verifies, and a row altered in the database is reported', async () => {
    const { context, page } = await newPage(browser, undefined, base);
    await loginAs(context, 'admin');

    // The admin action: a new API token.
    await page.goto('/panel/usuarios');
    await page.getByLabel('Nombre del token').fill('Integración de nómina');
    await page.getByRole('button', { name: 'Crear token' }).click();
    await page.getByRole('button', { name: 'Entendido' }).click();

    // The log, from the panel's navigation.
    await page.getByRole('link', { name: 'Auditoría' }).first().click();
    await page.waitForURL((u) => u.pathname === '/panel/auditoria');
    await page.getByRole('heading', { level: 1, name: 'Auditoría' }).waitFor();
    const table = page.getByRole('table', { name: 'Bitácora de auditoría' });
    const created = table.getByRole('row').filter({ hasText: 'Token de API creado' });
    await created.waitFor();
    const cells = await created.getByRole('cell').allInnerTexts();
    expect(cells[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(cells.slice(1, 3)).toEqual(['Administrador Demo', 'Token de API creado']);
    expect(cells[3]).toMatch(/^Token de API #\d+$/);
    // The row's detail in words: the token's role.
    expect(cells[4]).toBe('Rol: Visualizador');
    expect(cells[5]).toBe('127.0.0.1');

    // Filter by action.
    await page.getByLabel('Acción').selectOption('token.crear');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => table.getByRole('row').count(), { timeout: 15_000 }).toBe(2);
    await screenshot(page, 'audit-log-admin');

    await page.getByRole('button', { name: 'Verificar integridad' }).click();
    const intact = page.getByRole('status').filter({ hasText: 'La bitácora está íntegra' });
    await intact.waitFor();
    const count = (
      await api.db
        .selectFrom('auditoria')
        .select((e) => e.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(await intact.innerText()).toContain(`La bitácora está íntegra: ${Number(count)} registros verificados.`);

    // Someone with the database's rights alters the token's row behind the log's back.
    const row = await api.db
      .selectFrom('auditoria')
      .select(['id', 'fecha'])
      .where('accion', '=', 'token.crear')
      .executeTakeFirstOrThrow();
    await api.db.transaction().execute(async (trx) => {
      await sql`alter table auditoria disable trigger user`.execute(trx);
      await sql`update auditoria set actor_nombre = 'Otra persona' where id = ${row.id}`.execute(trx);
      await sql`alter table auditoria enable trigger user`.execute(trx);
    });
    await page.getByRole('button', { name: 'Verificar integridad' }).click();
    const altered = page.getByRole('alert').filter({ hasText: 'Registro alterado' });
    await altered.waitFor();
    expect(await altered.innerText()).toMatch(
      new RegExp(`Registro alterado: #${row.id} del \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}\\.`),
    );
    await screenshot(page, 'audit-log-altered');
    expect(await axeViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] })).toEqual([]);

    // The CSV of the filtered log.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('link', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bitacora-\d{4}-\d{2}-\d{2}\.csv$/);

    // A phone: no sideways scroll of the page at 360 px.
    await page.setViewportSize({ width: 360, height: 800 });
    await table.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Each filter's select shows its whole choice ('Cualquier objetivo' was cut to 'Cualquier objeti'):
    // the text's width in the select's font fits between its paddings.
    const cut = await page
      .getByRole('form', { name: 'Filtros de la bitácora' })
      .locator('select')
      .evaluateAll((selects) =>
        (selects as HTMLSelectElement[]).flatMap((el) => {
          const css = getComputedStyle(el);
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = css.font;
          const text = el.selectedOptions[0]?.text ?? '';
          const room = el.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
          return ctx.measureText(text).width > room ? [`${text} (${Math.round(room)} px)`] : [];
        }),
      );
    expect(cut).toEqual([]);
    await screenshot(page, 'audit-log-admin-360');
    await context.close();
  });

  it('a Gestor has no Auditoría link and cannot open it or download the CSV', async () => {
    const { context, page } = await newPage(browser, undefined, base);
    await loginAs(context, 'manager');
    await page.goto('/panel');
    await page.getByRole('heading', { level: 1, name: 'Panel de control' }).waitFor();
    expect(await page.getByRole('link', { name: 'Auditoría' }).count()).toBe(0);
    await page.goto('/panel/auditoria');
    await page.waitForURL((u) => u.pathname === '/panel');
    expect((await context.request.get('/reports/auditoria.csv')).status()).toBe(403);
    await context.close();
  });
});
