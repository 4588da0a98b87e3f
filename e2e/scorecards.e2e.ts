import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SCORECARD_CRITERIA, SCORECARD_MESSAGES as M } from '../domain/src/scorecard.js';
import path from 'node:path';
import { ARTIFACTS, launch, loginAs, newPage, screenshot } from './browser.js';
import { countMails, mailArrives } from './mail.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/**
 * Issue 24 item 4 in the browser: an interview that ended yesterday (global-setup). The Gestor, a
 * participant, fills the scorecard with the keyboard only; the detail shows the card and the
 * averages; the Visualizador (invited, role 3) reads it without the button; the participant who
 * never fills hers gets one reminder e-mail through the outbox.
 */
describe('interview scorecards', () => {
  it('a participant fills the card by keyboard; averages; role 3 reads only; the reminder e-mail arrives', async () => {
    const seeded = inject('scorecardInterview');
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await loginAs(context, 'manager');
    await page.goto(`/panel/detallecandidato/${seeded.candidateId}`);
    const section = page.getByRole('region', { name: M.title });
    await section.getByText(M.empty).waitFor();

    // Keyboard only: focus the button, Enter; in each 1–5 group Space picks 1 and arrows move.
    const fill = section.getByRole('button', { name: M.fill });
    await fill.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: M.fill });
    await dialog.waitFor();
    // Saving empty: the domain's messages, nothing sent.
    await dialog.getByRole('button', { name: M.save }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText(M.ratingRequired(DEFAULT_SCORECARD_CRITERIA[0])).waitFor();
    await dialog.getByText(M.recommendationRequired).waitFor();
    const scores = [5, 4, 4, 3, 4];
    for (const [i, criterion] of DEFAULT_SCORECARD_CRITERIA.entries()) {
      await dialog.getByRole('radiogroup', { name: criterion }).getByRole('radio', { name: '1' }).focus();
      await page.keyboard.press('Space');
      for (let n = 1; n < scores[i]!; n++) await page.keyboard.press('ArrowRight');
    }
    await dialog
      .getByRole('radiogroup', { name: /Recomendación/ })
      .getByRole('radio', { name: 'Contratar', exact: true })
      .focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Explica con claridad; buena experiencia en atención.');
    await screenshot(page, 'scorecards-form');
    await dialog.getByRole('button', { name: M.save }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });

    // The card and the averages: overall (5+4+4+3+4)/5 = 4.
    const cards = section.getByRole('list', { name: /Evaluaciones:/ });
    await cards.getByText('Gestor Demo').waitFor();
    await cards.getByText('Explica con claridad; buena experiencia en atención.').waitFor();
    const averages = section.getByRole('table', { name: /Promedios:/ });
    await averages.getByRole('row', { name: new RegExp(`${M.overall}\\s*4`) }).waitFor();
    await averages.getByRole('row', { name: /Conocimientos técnicos\s*5/ }).waitFor();
    await section.getByText('Contratar: 1').waitFor();
    await section.getByRole('button', { name: M.edit }).waitFor();
    await screenshot(page, 'scorecards-detail');

    // At 360 px: the same, one column.
    await page.setViewportSize({ width: 360, height: 800 });
    await section.getByText('Contratar: 1').waitFor();
    await screenshot(page, 'scorecards-detail-360');
    await section.screenshot({ path: path.join(ARTIFACTS, 'scorecards-section-360.png') });
    await context.close();

    // The Visualizador, though invited, only reads.
    const viewer = await newPage(browser, { width: 1280, height: 900 });
    await loginAs(viewer.context, 'viewer');
    await viewer.page.goto(`/panel/detallecandidato/${seeded.candidateId}`);
    const seen = viewer.page.getByRole('region', { name: M.title });
    await seen.getByText('Explica con claridad; buena experiencia en atención.').waitFor();
    await seen.getByText('Contratar: 1').waitFor();
    expect(await seen.getByRole('button', { name: M.fill }).count()).toBe(0);
    expect(await seen.getByRole('button', { name: M.edit }).count()).toBe(0);
    await screenshot(viewer.page, 'scorecards-viewer');
    await viewer.context.close();

    // A vacancy's own criteria: one per line on its edit page; empty again = the default set.
    const editor = await newPage(browser, { width: 1280, height: 900 });
    await loginAs(editor.context, 'manager');
    // Not the delete journey's own vacancy ('prueba de eliminación'), which may vanish meanwhile.
    const listed = await editor.context.request.post('/graphql', {
      data: { query: '{ adminVacancies(pageSize: 100) { items { id name } } }' },
    });
    const vacancyId = (
      (await listed.json()) as { data: { adminVacancies: { items: { id: string; name: string }[] } } }
    ).data.adminVacancies.items.find((v) => !v.name.includes('prueba'))!.id;
    await editor.page.goto(`/panel/plazas/editar-vacante?id=${vacancyId}`);
    const criteria = editor.page.getByRole('region', { name: M.criteriaTitle });
    const box = criteria.getByRole('textbox', { name: M.criteriaLabel });
    await box.fill('Inglés\ninglés');
    await criteria.getByRole('button', { name: M.criteriaSave }).click();
    await criteria.getByText(M.criteriaRepeated).waitFor();
    await box.fill('Inglés técnico\nLiderazgo');
    await criteria.getByRole('button', { name: M.criteriaSave }).click();
    await criteria.getByText(M.criteriaSaved).waitFor();
    await screenshot(editor.page, 'scorecards-vacancy-criteria');
    await box.fill('');
    await criteria.getByRole('button', { name: M.criteriaSave }).click();
    await criteria.getByText(M.criteriaSaved).waitFor();
    await editor.context.close();

    // The participant without a card: one reminder, with the link to the detail.
    const reminder = await mailArrives(
      seeded.reminded,
      'Evaluación pendiente: entrevista con Elena Entrevistada',
      30_000,
    );
    expect(reminder.text).toContain(`/panel/detallecandidato/${seeded.candidateId}`);
    expect(reminder.text).toContain('Hola, Eva Evaluadora:');
    // Swept every 2 s: still one.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(await countMails(seeded.reminded, 'Evaluación pendiente')).toBe(1);
  }, 180_000);
});
