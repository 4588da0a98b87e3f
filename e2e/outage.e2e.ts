import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Cut } from '../bff/test/cut.js';
import { startOwnBff, type OwnBff } from './own-bff.js';
import { launch, loginAs, newPage, screenshot, STAFF, DEMO_PASSWORD, axeViolations } from './browser.js';

/*
 * The api stops and comes back (issue 20): the product in front of a TCP hop that can refuse
 * connections (the api process stopped) or accept and never answer (the api hung). A recruiter
 * who reloads keeps the session and the page, the board and a vacancy say 'Error de conexión'
 * within seconds instead of 'No hay vacantes disponibles' or a spinner, and everything comes back
 * by itself when the api does, without a reload.
 */

let browser: Browser;
let cut: Cut;
let own: OwnBff | undefined;
let base = '';

beforeAll(async () => {
  browser = await launch();
  const api = inject('api');
  cut = new Cut(Number(new URL(api.url).port));
  await cut.open();
  own = await startOwnBff(`http://127.0.0.1:${cut.port}`, api.token, { publicCacheTtlMs: 0 });
  base = own.base;
});

afterAll(async () => {
  await browser?.close();
  await own?.close();
  await cut?.close();
});

/** Asks the BFF `query` (with the context's cookies) every 200 ms until `done(body)`, for at most 10 s. */
async function untilAnswer(
  context: BrowserContext,
  query: string,
  done: (body: { errors?: { extensions?: { code?: string } }[] }) => boolean,
  what: string,
): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    const res = await context.request.post('/graphql', { data: { query } });
    const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
    if (done(body)) return;
    if (Date.now() > until) throw new Error(`${what}: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Waits until the BFF itself answers a signed-in request as an outage. Its session cache serves
 * a known session for up to a second after the last revocation poll it heard (staleMs), so a
 * reload in that second still draws the page with only its data failing; an outage that lasts
 * longer (every real one) is the page these journeys are about.
 */
const untilOutageSeen = (context: BrowserContext) =>
  untilAnswer(
    context,
    '{ me { id } }',
    (body) => !!body.errors?.some((e) => e.extensions?.code === 'UPSTREAM_UNAVAILABLE'),
    'the BFF still answers as if the api were up',
  );

/** Waits until the BFF has noticed the api is back (its probe runs every second while down). */
const untilApiSeen = (context: BrowserContext) =>
  untilAnswer(
    context,
    '{ vacancies(pageSize: 1) { totalCount } }',
    (body) => !body.errors,
    'the BFF still answers as if the api were down',
  );

const outageHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Error de conexión' });

describe('an api outage reads as an outage', () => {
  it('a recruiter who reloads during an outage keeps the session and the page, and it recovers by itself', async () => {
    await cut.set('pass');
    const { context, page } = await newPage(browser, undefined, base);
    await loginAs(context, 'manager');
    await page.goto('/panel/candidatos');
    await page.getByRole('heading', { level: 1, name: 'Candidatos Activos' }).waitFor();

    await cut.set('refuse');
    await untilOutageSeen(context);
    await page.reload();
    await outageHeading(page).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/panel/candidatos');
    await page.getByText('Tu sesión se mantiene').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'outage-session-1280');

    // The api comes back: no reload, the same page with the same session.
    await cut.set('pass');
    await page.getByRole('heading', { level: 1, name: 'Candidatos Activos' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/panel/candidatos');
    await page.getByRole('button', { name: 'Cerrar sesión' }).first().waitFor({ state: 'attached' });
    await context.close();
  });

  it('an export asked for during an outage says it could not be made, and works once the api is back', async () => {
    await cut.set('pass');
    const { context, page } = await newPage(browser, undefined, base);
    await loginAs(context, 'manager');
    await page.goto('/panel/candidatos');
    await page.getByRole('table', { name: 'Candidatos activos' }).locator('tbody tr').first().waitFor();
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));

    // A bare <a download> failed in the browser's download bar only: the page said nothing.
    await cut.set('refuse');
    await page.getByRole('link', { name: 'Exportar Excel' }).click();
    const notice = page.getByRole('alert').filter({ hasText: /No se pudo descargar|Error de conexión/ });
    await notice.waitFor({ timeout: 20_000 });
    console.log('[outage] export during the outage:', JSON.stringify(await notice.innerText()));
    await screenshot(page, 'outage-export-1280');
    expect(downloads).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/panel/candidatos');

    await cut.set('pass');
    const until = Date.now() + 20_000;
    while (downloads.length === 0 && Date.now() < until) {
      await page.getByRole('link', { name: 'Exportar Excel' }).click();
      await page.waitForTimeout(1_500);
    }
    expect(downloads[0]).toMatch(/^candidatos-activos-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await context.close();
  });

  it("a reload at 360 px shows the same outage page; the board says 'Error de conexión', then refills itself", async () => {
    await cut.set('pass');
    const phone = await newPage(browser, { width: 360, height: 780 }, base);
    await untilApiSeen(phone.context);
    await loginAs(phone.context, 'admin');
    await phone.page.goto('/panel/historial');
    await phone.page.getByRole('heading', { level: 1, name: 'Historial de Candidatos' }).waitFor();
    await cut.set('refuse');
    await untilOutageSeen(phone.context);
    await phone.page.reload();
    await outageHeading(phone.page).waitFor({ timeout: 10_000 });
    expect(new URL(phone.page.url()).pathname).toBe('/panel/historial');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'outage-session-360');

    // A visitor's board during the outage: not 'No hay vacantes disponibles'.
    const visitor = await newPage(browser, undefined, base);
    await visitor.page.goto('/vacantes');
    const board = visitor.page.getByRole('region', { name: 'Oportunidades Laborales' });
    await board.getByText('Error de conexión').waitFor({ timeout: 10_000 });
    expect(await visitor.page.getByText('No hay vacantes disponibles').count()).toBe(0);
    // The banner above every page says when it checks again.
    await visitor.page.getByRole('alert').filter({ hasText: 'Se volverá a intentar en' }).first().waitFor();
    expect(await axeViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'outage-board-1280');

    await cut.set('pass');
    await board.getByRole('button', { name: 'Ver Detalles' }).first().waitFor({ timeout: 20_000 });
    await outageHeading(phone.page).waitFor({ state: 'detached', timeout: 20_000 });
    await phone.page.getByRole('heading', { level: 1, name: 'Historial de Candidatos' }).waitFor();
    await visitor.context.close();
    await phone.context.close();
  });

  it('a vacancy page with the api hung says so within seconds, not after a long spinner', async () => {
    await cut.set('pass');
    const { context, page } = await newPage(browser, undefined, base);
    await untilApiSeen(context);
    const res = await context.request.post('/graphql', {
      data: { query: '{ vacancies(pageSize: 1) { items { id } } }' },
    });
    const id = ((await res.json()) as { data: { vacancies: { items: { id: string }[] } } }).data.vacancies.items[0]!.id;
    await cut.set('hang');
    const t0 = Date.now();
    await page.goto(`/vacantes/${id}`);
    const dialog = page.getByRole('dialog', { name: 'Detalles del empleo' });
    await dialog.getByText('Error de conexión').waitFor({ timeout: 15_000 });
    const ms = Date.now() - t0;
    console.log(`[outage] vacancy page with the api hung: 'Error de conexión' after ${ms} ms`);
    expect(ms).toBeLessThan(10_000);
    await screenshot(page, 'outage-vacancy-1280');

    // Back: the dialog fills itself in.
    await cut.set('pass');
    await dialog.getByRole('button', { name: 'Aplicar Ahora' }).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it("the recruiter login with the api down is titled 'Error de conexión'", async () => {
    await cut.set('refuse');
    const { context, page } = await newPage(browser, undefined, base);
    await page.goto('/reclutadores/login');
    const dialog = page.getByRole('dialog', { name: 'Acceso Reclutadores' });
    await dialog.getByRole('textbox', { name: 'Usuario' }).fill(STAFF.manager);
    await dialog.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'No se recibió respuesta del servidor' });
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.innerText()).toMatch(/^Error de conexión/);
    await context.close();
    await cut.set('pass');
  });
});
