import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landedPath, launch, loginAs, newPage, screenshot, axeViolations } from './browser.js';

/*
 * The staff candidate lists of issue 11 (spec 3 §2.1, §2.7, §6) on the demo candidates: the
 * Visualizador's inbox is read-only and the history is closed to it; a Gestor filters by tab and
 * search and pages, with the filters kept in the address.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const rows = (page: Page) => page.getByRole('table', { name: 'Candidatos activos' }).locator('tbody tr');

/** The count a tab shows ('Entrevista 3' → 3). */
async function tabCount(page: Page, name: RegExp): Promise<number> {
  const text = await page.getByRole('tab', { name }).innerText();
  return Number(/(\d+)\s*$/.exec(text.trim())?.[1] ?? NaN);
}

describe('candidate lists', () => {
  it('a Visualizador sees the inbox read-only (only the profile action) and cannot open the history', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'viewer');
    await page.goto('/panel/candidatos');
    await page.getByRole('heading', { name: 'Candidatos Activos' }).waitFor();
    await rows(page).first().waitFor();
    const labels = await page
      .locator('td[data-label="Acciones"]')
      .evaluateAll((cells) =>
        cells.map((c) => [...c.querySelectorAll('a, button')].map((b) => b.getAttribute('aria-label')?.split(':')[0])),
      );
    expect(labels.length).toBeGreaterThan(0);
    for (const l of labels) expect(l).toEqual(['Ver perfil']);
    expect(await page.getByRole('link', { name: 'Historial de Candidatos' }).count()).toBe(0);
    await screenshot(page, 'candidates-inbox-viewer');

    await page.goto('/panel/historial');
    // The guard sends a role that may not open it to /panel (spec 3 §2.8), once the session is known.
    expect(await landedPath(page, '/panel')).toBe('/panel');
    await context.close();
  });

  it('a Gestor filters by tab and search and pages; the address keeps the filters', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'manager');
    await page.goto('/panel/candidatos?filas=5');
    await rows(page).first().waitFor();
    const all = await tabCount(page, /^Todos/);
    expect(all).toBeGreaterThan(5);
    expect(await rows(page).count()).toBe(5);
    await page.getByRole('button', { name: 'Página 2' }).click();
    await page.getByText(/^Mostrando 6-/).waitFor();
    await expect
      .poll(() => {
        const at = new URL(page.url()).searchParams;
        return [at.get('pagina'), at.get('filas')];
      })
      .toEqual(['2', '5']);

    // The state tab with the most candidates: every row shows that state, and the page is 1 again.
    const tabs = ['Postulados', 'En seguimiento', 'Pre-pruebas', 'Post-pruebas', 'Entrevista', 'Inducción'];
    const counts = await Promise.all(tabs.map((t) => tabCount(page, new RegExp(`^${t}`))));
    const best = counts.indexOf(Math.max(...counts));
    const label = tabs[best]!;
    await page.getByRole('tab', { name: new RegExp(`^${label}`) }).click();
    await page.getByText(new RegExp(`^Mostrando 1-\\d+ de ${counts[best]} candidatos`)).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('pagina')).toBeNull();
    const states = await rows(page).locator('td[data-label="Estado"]').allInnerTexts();
    expect(new Set(states.map((s) => s.trim().toLowerCase()))).toEqual(
      new Set([label === 'Postulados' ? 'postulado' : label.toLowerCase()]),
    );

    // Search (debounced) for the first row's e-mail: it comes back, and the address has it.
    const email = (await rows(page).first().locator('td[data-label="Nombre"]').innerText()).split('\n').at(-1)!.trim();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(email);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(email);
    await page.getByText(/^Mostrando 1-1 de 1 candidatos$/).waitFor();
    await screenshot(page, 'candidates-inbox-manager');

    // Refresh keeps tab and search.
    await page.reload();
    await page.getByText(/^Mostrando 1-1 de 1 candidatos$/).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Buscar' }).inputValue()).toBe(email);
    await context.close();
  });

  it('a rejected candidate leaves the inbox for the history: the Gestor may not reactivate, Eliminar asks first; the Administrador reactivates it back to its state', async () => {
    const manager = await newPage(browser);
    await loginAs(manager.context, 'manager');
    const page = manager.page;
    await page.goto('/panel/candidatos?estado=entrevista');
    await rows(page).first().waitFor();
    const first = rows(page).first();
    const name = (await first.locator('td[data-label="Nombre"] p').first().innerText()).trim();
    // 'Rechazar' on the row (keyboard): the dialog of the actions hook, then the row leaves the inbox.
    await first.getByRole('button', { name: /^Rechazar/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Rechazar a ${name}` });
    await dialog.getByLabel('Observación (opcional)').fill('El perfil ya fue cubierto.');
    await dialog.getByRole('button', { name: 'Rechazar' }).click();
    await page.getByText('Candidato rechazado').first().waitFor();
    await expect.poll(() => rows(page).filter({ hasText: name }).count(), { timeout: 10_000 }).toBe(0);

    // The Gestor sees it in the history, but may not reactivate.
    await page.goto('/panel/historial');
    await page.getByRole('searchbox', { name: 'Buscar por candidato' }).fill(name);
    const mine = page
      .getByRole('table', { name: 'Historial de candidatos' })
      .locator('tbody tr')
      .filter({ hasText: name });
    await mine.first().waitFor();
    const reactivate = mine.first().getByRole('button', { name: 'Reactivar' });
    expect(await reactivate.getAttribute('aria-disabled')).toBe('true');
    await reactivate.focus();
    await page.getByText('Solo los administradores pueden reactivar candidatos').first().waitFor();
    // 'Eliminar' asks first; cancelling keeps it.
    await mine
      .first()
      .getByRole('button', { name: `Eliminar ${name}` })
      .click();
    await page.getByRole('dialog', { name: '¿Eliminar candidato?' }).getByRole('button', { name: 'Cancelar' }).click();
    await manager.context.close();

    const admin = await newPage(browser);
    await loginAs(admin.context, 'admin');
    await admin.page.goto('/panel/historial');
    await admin.page.getByRole('tab', { name: /^Rechazados/ }).click();
    await admin.page.getByRole('searchbox', { name: 'Buscar por candidato' }).fill(name);
    const row = admin.page.locator('tbody tr').filter({ hasText: name }).first();
    await row.waitFor();
    // The search is debounced: wait for its answer (only matching rows, none dimmed) before axe.
    await expect
      .poll(() => admin.page.locator('tbody tr').filter({ hasNotText: name }).count(), { timeout: 10_000 })
      .toBe(0);
    await admin.page.locator('table[aria-busy="true"]').waitFor({ state: 'detached' });
    expect(await axeViolations(admin.page)).toEqual([]);
    await row.getByRole('button', { name: 'Reactivar' }).click();
    // It asks first: the candidate will get an e-mail.
    const question = admin.page.getByRole('dialog', { name: '¿Reactivar candidato?' });
    await question.getByText(/se le enviará un correo/).waitFor();
    await question.getByRole('button', { name: 'Reactivar' }).click();
    await admin.page.getByText('Candidato reactivado').first().waitFor();
    await admin.page.goto(`/panel/candidatos?q=${encodeURIComponent(name)}`);
    await rows(admin.page).filter({ hasText: name }).first().waitFor();
    expect(
      await rows(admin.page).filter({ hasText: name }).first().locator('td[data-label="Estado"]').innerText(),
    ).toMatch(/entrevista/i);
    expect(await axeViolations(admin.page)).toEqual([]);
    await admin.context.close();
  });

  it('the lists read well at 360 px (cards instead of tables)', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 800 });
    await loginAs(context, 'admin');
    await page.goto('/panel/candidatos');
    await rows(page).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'candidates-inbox-360');
    await page.goto('/panel/historial');
    await page.getByRole('heading', { name: 'Historial de Candidatos' }).waitFor();
    await page
      .getByRole('table', { name: 'Historial de candidatos' })
      .or(page.getByText(/No hay candidatos/))
      .waitFor();
    await screenshot(page, 'candidates-history-360');
    await context.close();
  });
});
