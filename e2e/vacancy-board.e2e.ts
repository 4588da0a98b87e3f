import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, axeViolations, launch, loginAs, newPage, screenshot } from './browser.js';
import { applyAsGuest, freshPerson, moveApplication, type Person } from './candidate-support.js';
import { boardCard, boardColumn, drag } from './desk-support.js';
import { mailArrives } from './mail.js';

/**
 * The vacancy board (issue 23, item 5): a manager drags candidates with the mouse and with the
 * keyboard; a drop the state machine refuses changes nothing; each move e-mails the candidate;
 * role 3 only looks; at 360 px the board scrolls sideways inside itself.
 */
let browser: Browser;
const vacancyId = () => inject('candidateApplication').vacancyId;
const people: Record<'ana' | 'berta' | 'carla', Person> = {
  ana: freshPerson('Anabel', 'Tablero'),
  berta: freshPerson('Berta', 'Tablero'),
  carla: freshPerson('Carla', 'Tablero'),
};
const name = (p: Person) => `${p.firstName} ${p.firstSurname}`;

beforeAll(async () => {
  browser = await launch();
  const guest = await browser.newContext({ baseURL: inject('baseUrl') });
  await applyAsGuest(guest.request, vacancyId(), people.ana);
  const berta = await applyAsGuest(guest.request, vacancyId(), people.berta);
  await applyAsGuest(guest.request, vacancyId(), people.carla);
  await moveApplication(guest.request, berta, 'en seguimiento');
  await moveApplication(guest.request, berta, 'entrevista');
  await guest.close();
});
afterAll(() => browser?.close());

const column = boardColumn;
const handle = (page: Page, p: Person) => boardCard(page, name(p));

/** dnd-kit's live region (what a screen reader hears) says `text`. */
async function announced(page: Page, text: RegExp): Promise<void> {
  await page.waitForFunction(
    (source) => [...document.querySelectorAll('[aria-live]')].some((e) => new RegExp(source).test(e.textContent ?? '')),
    text.source,
    { timeout: 10_000 },
  );
}

describe('the vacancy board', () => {
  it(
    'moves candidates by mouse and keyboard, only where the pipeline allows, e-mailing each',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await newPage(browser);
      await loginAs(context, 'manager');
      await page.goto(`/panel/plazas/candidatos/${vacancyId()}`);
      await page.getByRole('link', { name: 'Ver tablero' }).click();
      await page.waitForURL(`**/panel/plazas/${vacancyId()}/tablero`);
      await page.getByRole('heading', { level: 1, name: /^Tablero de la plaza: / }).waitFor();
      await column(page, 'APPLIED').getByText(name(people.ana), { exact: true }).waitFor();
      await column(page, 'INTERVIEW').getByText(name(people.berta), { exact: true }).waitFor();
      expect(await axeViolations(page, { include: '[data-testid="vacancy-board"]' })).toEqual([]);
      await screenshot(page, 'vacancy-board-1280');

      // A drop the state machine refuses: postulado → pre-pruebas looks disabled and changes nothing.
      await drag(page, handle(page, people.carla), column(page, 'PRE_TESTS'), async () => {
        expect(await column(page, 'PRE_TESTS').getAttribute('data-drop')).toBe('forbidden');
        expect(await column(page, 'FOLLOW_UP').getAttribute('data-drop')).toBe('allowed');
        // Not a full-page picture: resizing the window would cancel the drag.
        await page.screenshot({ path: path.join(ARTIFACTS, 'vacancy-board-dragging.png') });
      });
      await announced(page, /no puede pasar de Postulado a Pre-pruebas/);
      expect(page.url()).toContain('/tablero');
      await column(page, 'APPLIED').getByText(name(people.carla), { exact: true }).waitFor();

      // Mouse: postulado → en seguimiento ('Iniciar seguimiento', no dialog), with its e-mail.
      await drag(page, handle(page, people.ana), column(page, 'FOLLOW_UP'));
      await column(page, 'FOLLOW_UP').getByText(name(people.ana), { exact: true }).waitFor();
      await page.getByText('Estado actualizado').first().waitFor();
      await mailArrives(people.ana.email, /^Tu postulación está en seguimiento/);

      // Keyboard: entrevista → inducción asks first (the inbox's dialog), then moves.
      await handle(page, people.berta).focus();
      await page.keyboard.press('Space');
      await announced(page, /^Tomaste a Berta Tablero, en Entrevista\. Puede ir a: Inducción, Rechazado\.$/);
      await page.keyboard.press('ArrowRight');
      await announced(page, /Berta Tablero está sobre Inducción\. Suelta para moverlo\./);
      await page.keyboard.press('Space');
      const confirm = page.getByRole('dialog', { name: '¿Mover a inducción?' });
      await confirm.getByRole('button', { name: 'Mover a inducción' }).click();
      await column(page, 'INDUCTION').getByText(name(people.berta), { exact: true }).waitFor();
      await mailArrives(people.berta.email, /^Etapa de inducción/);

      // Keyboard across the board: postulado → rechazado, with the reject dialog's observation.
      const carryToRejected = async () => {
        await handle(page, people.carla).focus();
        await page.keyboard.press('Space');
        // dnd-kit listens for the arrows from the task after the one that lifted the card: a key
        // pressed before the lift is announced would be lost (ci22, on a fast machine).
        await announced(page, /^Tomaste a Carla Tablero, en Postulado\./);
        for (const over of ['En seguimiento', 'Pre-pruebas', 'Post-pruebas', 'Entrevista', 'Inducción', 'Contratado']) {
          await page.keyboard.press('ArrowRight');
          await announced(page, new RegExp(`^Carla Tablero está sobre ${over}[.:]`));
        }
        await page.keyboard.press('ArrowRight');
        await announced(page, /Carla Tablero está sobre Rechazado\. Suelta para moverlo\./);
        await page.keyboard.press('Enter');
      };
      const reject = page.getByRole('dialog', { name: `Rechazar a ${name(people.carla)}` });
      // First the dialog is left with Escape: nothing is sent, and a screen reader hears that the
      // card stayed (dnd-kit's own region has said 'Soltaste a Carla Tablero en Rechazado.').
      await carryToRejected();
      await reject.waitFor();
      await page.keyboard.press('Escape');
      await reject.waitFor({ state: 'hidden' });
      await announced(page, /^Cancelado\. Carla Tablero sigue en Postulado\.$/);
      await column(page, 'APPLIED').getByText(name(people.carla), { exact: true }).waitFor();
      await carryToRejected();
      await reject.getByLabel('Observación (opcional)').fill('El perfil no cumple con la experiencia requerida.');
      await reject.getByRole('button', { name: 'Rechazar', exact: true }).click();
      await column(page, 'REJECTED').getByText(name(people.carla), { exact: true }).waitFor();
      await mailArrives(people.carla.email, /^Resultado de tu postulación/);
      await screenshot(page, 'vacancy-board-after-moves');

      // Back on the list, each state is written whole: Mantine's badge clipped 'EN SEGUIMIENTO' to
      // 'EN SEGUIMI…' when the table was short of room (a helper's look at 1280 px).
      await page.goto(`/panel/plazas/candidatos/${vacancyId()}`);
      const anaRow = page.getByRole('row').filter({ hasText: name(people.ana) });
      await anaRow.getByText('En seguimiento').waitFor();
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll('td[data-label="Estado"] .mantine-Badge-label')]
          .filter((l) => l.scrollWidth > l.clientWidth)
          .map((l) => l.textContent),
      );
      expect(clipped).toEqual([]);
      await context.close();
    },
  );

  it('is read-only for role 3', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'viewer');
    await page.goto(`/panel/plazas/${vacancyId()}/tablero`);
    await page.getByText('Tu rol permite ver el tablero, no mover candidatos.').waitFor();
    await column(page, 'FOLLOW_UP').getByText(name(people.ana), { exact: true }).waitFor();
    expect(await page.locator('[aria-roledescription="tarjeta movible"]').count()).toBe(0);
    await context.close();
  });

  it('scrolls sideways inside the board at 360 px, not the page', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 780 });
    await loginAs(context, 'manager');
    await page.goto(`/panel/plazas/${vacancyId()}/tablero`);
    await column(page, 'FOLLOW_UP').getByText(name(people.ana), { exact: true }).waitFor();
    const widths = await page.evaluate(() => {
      const board = document.querySelector('[data-testid="vacancy-board"]')!;
      return {
        page: document.documentElement.scrollWidth,
        board: board.scrollWidth,
        boardVisible: board.clientWidth,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(360);
    expect(widths.board).toBeGreaterThan(widths.boardVisible);
    await screenshot(page, 'vacancy-board-360');

    // Carried by the keyboard, a card shows each column it is over whole (dnd-kit kept whatever
    // part of the first column was out of view out of view for every column after).
    const shownWhole = async (state: string) => {
      const [boardLeft, boardRight, left, right] = await page.evaluate((s) => {
        const board = document.querySelector('[data-testid="vacancy-board"]')!.getBoundingClientRect();
        const c = document.querySelector(`section[data-state="${s}"]`)!.getBoundingClientRect();
        return [board.left, board.right, c.left, c.right];
      }, state);
      return left! >= boardLeft! - 1 && right! <= boardRight! + 8;
    };
    await handle(page, people.ana).focus();
    await page.keyboard.press('Space');
    await announced(page, new RegExp(`^Tomaste a ${name(people.ana)}, en En seguimiento\\.`));
    expect(await shownWhole('FOLLOW_UP')).toBe(true);
    for (const [state, label] of [
      ['PRE_TESTS', 'Pre-pruebas'],
      ['POST_TESTS', 'Post-pruebas'],
      ['INTERVIEW', 'Entrevista'],
    ] as const) {
      await page.keyboard.press('ArrowRight');
      await announced(page, new RegExp(`^${name(people.ana)} está sobre ${label}[.:]`));
      // dnd-kit scrolls smoothly: the column settles after the announcement.
      await expect.poll(() => shownWhole(state), { timeout: 5_000 }).toBe(true);
    }
    await page.keyboard.press('Escape');
    await announced(page, new RegExp(`^Cancelado\\. ${name(people.ana)} sigue en En seguimiento\\.$`));
    await context.close();
  });
});
