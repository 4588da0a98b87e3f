import { readFile } from 'node:fs/promises';
import { CANDIDATE_EXPORT_COLUMNS } from '@bolsa/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, loginAs, newPage, screenshot } from './browser.js';
import { applyAsGuest, freshPerson, type Person } from './candidate-support.js';
import {
  addNote,
  boardCard,
  boardColumn,
  chooseTagOnDetail,
  createTagOnDetail,
  drag,
  filterByTag,
} from './desk-support.js';
import { countMails, mailArrives } from './mail.js';

/*
 * Issue 23's journey through the whole recruiter's desk, as one Gestor's morning: three guests
 * apply; the Gestor tags two of them ('Segunda entrevista …') and writes a note on one; filters
 * the inbox by the tag (count 2), selects the page and bulk-moves both to 'En seguimiento' — each
 * gets its e-mail, the untagged one neither moves nor hears anything; exports the tag's list to
 * CSV (the two rows); then on the vacancy's board drags one card to 'Rechazado', which opens the
 * inbox's reject dialog, and that candidate gets the result e-mail with the observation.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A surname no other run has: names take letters only. */
const lettersOnly = () =>
  Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

const fullName = (p: Person) => `${p.firstName} ${p.firstSurname}`;
const inboxRows = (page: Page) => page.getByRole('table', { name: 'Candidatos activos' }).locator('tbody tr');

describe("the recruiter's desk (issue 23)", () => {
  it('tags, notes, bulk-moves with e-mails, exports the tag and drags on the board', { timeout: 180_000 }, async () => {
    const surname = `Escritorio${lettersOnly()}`;
    const tagName = `Segunda entrevista ${surname.slice(-5)}`;
    const vacancyId = inject('candidateApplication').vacancyId;
    const [uno, dos, tres] = ['Ursula', 'Dora', 'Teresa'].map((n) => freshPerson(n, surname)) as [
      Person,
      Person,
      Person,
    ];
    const { context, page } = await newPage(browser, { width: 1600, height: 900 });
    const ids: string[] = [];
    for (const p of [uno, dos, tres]) ids.push(await applyAsGuest(context.request, vacancyId, p));
    await loginAs(context, 'manager');

    // Notes and tags on the detail page: a new tag on the first, the same tag on the second.
    await page.goto(`/panel/detallecandidato/${ids[0]}`);
    await createTagOnDetail(page, tagName);
    const notes = await addNote(page, 'Llamada: puede hacer turnos de noche.');
    expect(await notes.getByText(/Gestor Demo · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).count()).toBeGreaterThan(0);
    await page.goto(`/panel/detallecandidato/${ids[1]}`);
    await chooseTagOnDetail(page, tagName);

    // The inbox by the tag: two rows; select the page, move both; the e-mails arrive.
    await page.goto(`/panel/candidatos?q=${encodeURIComponent(surname)}`);
    await expect.poll(() => inboxRows(page).count(), { timeout: 15_000 }).toBe(3);
    await filterByTag(page, tagName, 2);
    await expect.poll(() => inboxRows(page).count(), { timeout: 15_000 }).toBe(2);
    await page.getByRole('checkbox', { name: 'Seleccionar esta página' }).check();
    await page.getByText('2 candidatos seleccionados').waitFor();
    await page.getByRole('button', { name: 'Acciones masivas' }).click();
    await page.getByRole('menuitem', { name: 'Mover a En seguimiento' }).click();
    const bulk = page.getByRole('dialog', { name: 'Mover a En seguimiento' });
    await bulk.getByText('Se moverán 2 candidatos. Se enviará un correo a 2 candidatos.').waitFor();
    await bulk.getByRole('button', { name: 'Mover 2 candidatos' }).click();
    await bulk.getByText('2 movidos, 2 correos enviados, 0 no permitidos, 0 sin cambios.').waitFor();
    await screenshot(page, 'recruiter-desk-bulk');
    await bulk.getByRole('button', { name: 'Cerrar' }).last().click();
    for (const p of [uno, dos]) await mailArrives(p.email, 'Tu postulación está en seguimiento');

    // The tag's list to CSV: the header, and the two tagged candidates in 'En seguimiento'.
    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('link', { name: 'Exportar CSV' }).click(),
    ]);
    const lines = (await readFile((await file.path())!, 'utf8')).slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(CANDIDATE_EXPORT_COLUMNS.map((c) => c.heading).join(','));
    expect(lines).toHaveLength(3);
    // Each tagged row: its contact, its new state and, in the last column ('Etiquetas'), the tag.
    expect(CANDIDATE_EXPORT_COLUMNS.at(-1)?.heading).toBe('Etiquetas');
    for (const p of [uno, dos])
      expect(lines.some((l) => l.includes(p.email) && l.includes(',En seguimiento,') && l.endsWith(tagName))).toBe(
        true,
      );
    expect(lines.some((l) => l.includes(tres.email))).toBe(false);

    // The board on a wide screen (every column in view): Ursula from 'En seguimiento' to
    // 'Rechazado' opens the inbox's reject dialog; the observation goes in her e-mail.
    await page.setViewportSize({ width: 2400, height: 900 });
    await page.goto(`/panel/plazas/candidatos/${vacancyId}`);
    await page.getByRole('link', { name: 'Ver tablero' }).click();
    await page.waitForURL(`**/panel/plazas/${vacancyId}/tablero`);
    await boardColumn(page, 'FOLLOW_UP').getByText(fullName(uno), { exact: true }).waitFor();
    await boardColumn(page, 'APPLIED').getByText(fullName(tres), { exact: true }).waitFor();
    await drag(page, boardCard(page, fullName(uno)), boardColumn(page, 'REJECTED'));
    const reject = page.getByRole('dialog', { name: `Rechazar a ${fullName(uno)}` });
    await reject.getByLabel('Observación (opcional)').fill('Prefiere un puesto de día.');
    await reject.getByRole('button', { name: 'Rechazar', exact: true }).click();
    await boardColumn(page, 'REJECTED').getByText(fullName(uno), { exact: true }).waitFor();
    expect((await mailArrives(uno.email, 'Resultado de tu postulación')).text).toContain('Prefiere un puesto de día.');
    await screenshot(page, 'recruiter-desk-board');

    // Nobody heard of anything that did not happen to them.
    expect(await countMails(tres.email, 'Tu postulación está en seguimiento')).toBe(0);
    expect(await countMails(dos.email, 'Resultado de tu postulación')).toBe(0);
    await context.close();
  });
});
