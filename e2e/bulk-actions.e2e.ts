import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, launch, loginAs, newPage, screenshot } from './browser.js';
import { applyAsGuest, freshPerson } from './candidate-support.js';
import { countMails } from './mail.js';

/*
 * Bulk moves (issue 23, item 4): a Gestor ticks three guests' applications in the inbox, moves
 * them to 'en seguimiento'; the one the flow forbids is refused with its reason, the other two get
 * their e-mail in the mail catcher, and doing it again moves nobody and sends nothing.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const followUps = (address: string) => countMails(address, 'Tu postulación está en seguimiento');

/** A state change through the api itself (set-up only: the journey's subject is the bulk move). */
async function moveByRest(id: string, nuevoEstado: string): Promise<void> {
  const { url, token } = inject('api');
  const res = await fetch(`${url}/candidatos/cambiar-estado/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ nuevoEstado, rol: 1 }),
  });
  expect(res.status).toBe(200);
}

/** A name part no other run has: names take letters only. */
const lettersOnly = () =>
  Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

const rows = (page: Page) => page.getByRole('table', { name: 'Candidatos activos' }).locator('tbody tr');

/** What has focus: its accessible text (a button's label) or, for a field, its label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const labelled = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
    return (labelled ?? el).textContent.trim();
  });

/** The tabs of the list with their counts ('Postulados 1'…). */
const tabs = async (page: Page) =>
  (await page.getByRole('tab').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

describe('bulk actions (issue 23)', () => {
  it('moves the selected candidates, refuses the one the flow forbids, e-mails the moved ones, and a retry changes nothing', async () => {
    const tag = `Masivo${lettersOnly()}`;
    const people = ['Uno', 'Dos', 'Tres'].map((n) => freshPerson(n, tag));
    const { context, page } = await newPage(browser);
    const ids: string[] = [];
    for (const p of people) ids.push(await applyAsGuest(context.request, inject('candidateApplication').vacancyId, p));
    // The third is already in 'entrevista': 'en seguimiento' is not a move the flow allows from there.
    await moveByRest(ids[2]!, 'en seguimiento');
    await moveByRest(ids[2]!, 'entrevista');
    await expect.poll(() => followUps(people[2]!.email), { timeout: 20_000 }).toBe(1);

    await loginAs(context, 'manager');
    await page.goto(`/panel/candidatos?q=${encodeURIComponent(tag)}`);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(3);

    // Keyboard: tick the page, open the menu, choose the move.
    const pageBox = page.getByRole('checkbox', { name: 'Seleccionar esta página' });
    await pageBox.focus();
    await page.keyboard.press('Space');
    await page.getByText('3 candidatos seleccionados').waitFor();
    await page.getByRole('button', { name: 'Acciones masivas' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Mover a En seguimiento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mover a En seguimiento' });
    await dialog
      .getByText('Se moverán 2 candidatos. Se enviará un correo a 2 candidatos. 1 candidato no se puede mover.')
      .waitFor();
    // The confirmation e-mails people: it starts on 'Cancelar', so an Enter right away sends
    // nothing, and focus goes back to 'Acciones masivas'.
    await expect.poll(() => focused(page)).toBe('Cancelar');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Acciones masivas');
    expect(await page.getByText('3 candidatos seleccionados').count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Mover a En seguimiento' }).click();
    await dialog
      .getByText('Se moverán 2 candidatos. Se enviará un correo a 2 candidatos. 1 candidato no se puede mover.')
      .waitFor();
    await dialog.getByText('Cambio de estado no permitido según el flujo de trabajo').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-confirm-1280');
    await dialog.getByRole('button', { name: 'Mover 2 candidatos' }).click();
    await dialog.getByText('2 movidos, 2 correos enviados, 1 no permitido, 0 sin cambios.').waitFor();
    await screenshot(page, 'bulk-result-1280');

    // The two moved get their e-mail; the refused one nothing more.
    for (const p of people.slice(0, 2)) await expect.poll(() => followUps(p.email), { timeout: 20_000 }).toBe(1);
    expect(await tabs(page)).toContain('Postulados 2');
    // Closed with Escape (not the result's 'Cerrar'): the lists refresh all the same, and focus
    // goes back to 'Acciones masivas'.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Acciones masivas');
    // The list refreshed: the two are 'En seguimiento' now, the tab counts with them, and the selection is gone.
    await expect
      .poll(async () =>
        (await rows(page).locator('td[data-label="Estado"]').allInnerTexts()).map((s) => s.trim().toLowerCase()).sort(),
      )
      .toEqual(['en seguimiento', 'en seguimiento', 'entrevista']);
    expect(await tabs(page)).toEqual(expect.arrayContaining(['Postulados 0', 'En seguimiento 2', 'Entrevista 1']));
    expect(await page.getByText('3 candidatos seleccionados').count()).toBe(0);

    // The same action again: nothing to move, so nothing is offered and nothing is sent.
    await pageBox.check();
    await page.getByRole('button', { name: 'Acciones masivas' }).click();
    await page.getByRole('menuitem', { name: 'Mover a En seguimiento' }).click();
    await dialog.getByText('Ningún candidato de la selección se puede mover a ese estado.').waitFor();
    await dialog
      .getByText(
        'Se moverán 0 candidatos. No se enviará ningún correo. 2 candidatos ya están en ese estado. 1 candidato no se puede mover.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    for (const p of people) expect(await followUps(p.email)).toBe(1);
    await context.close();
  });

  it('at 360 px the bar and the dialog fit without sideways page scroll; rejects the selection with the observation in each e-mail', async () => {
    const tag = `Rechazo${lettersOnly()}`;
    const people = ['Cuatro', 'Cinco'].map((n) => freshPerson(n, tag));
    const { context, page } = await newPage(browser, { width: 360, height: 780 });
    for (const p of people) await applyAsGuest(context.request, inject('candidateApplication').vacancyId, p);
    await loginAs(context, 'admin');
    await page.goto(`/panel/candidatos?q=${encodeURIComponent(tag)}&filas=5`);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    await page.getByRole('checkbox', { name: 'Seleccionar esta página' }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'bulk-bar-360');
    await page.getByRole('button', { name: 'Acciones masivas' }).click();
    await page.getByRole('menuitem', { name: 'Rechazar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rechazar' });
    await dialog.getByText('Se moverán 2 candidatos. Se enviará un correo a 2 candidatos.').waitFor();
    // It e-mails people: it starts on its first field, the optional observation, not on 'Rechazar 2 candidatos'.
    await expect.poll(() => focused(page)).toMatch(/^Observación/);
    await dialog.getByLabel(/Observación/).fill('La plaza ya fue cubierta.');
    await screenshot(page, 'bulk-reject-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await dialog.getByRole('button', { name: 'Rechazar 2 candidatos' }).click();
    await dialog.getByText('2 movidos, 2 correos enviados, 0 no permitidos, 0 sin cambios.').waitFor();
    for (const p of people)
      await expect
        .poll(() => countMails(p.email, 'Resultado de tu postulación'), {
          timeout: 20_000,
        })
        .toBe(1);
    await context.close();
  });
});
