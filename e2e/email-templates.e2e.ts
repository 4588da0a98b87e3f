import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, launch, loginAs, newPage, screenshot } from './browser.js';
import { applyAsGuest, freshPerson } from './candidate-support.js';
import { mailArrives, mailsTo } from './mail.js';

/*
 * E-mail templates (issue 24, item 1): the administrator edits the acknowledgement in
 * /panel/plantillas (a placeholder inserted by keyboard, the live preview), a guest applies and
 * the e-mail at the SMTP sink says the new text; 'Restablecer' (after a confirmation) and the next
 * application is acknowledged in the default wording again. Versions list both changes, and the
 * saved one is restored with the mouse. Leaving with unsaved changes asks first.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const SUBJECT = 'Tu postulación llegó: {{vacante}}';
const BODY = 'Hola, {{nombre}}:\n\nRecibimos tu postulación <a tiempo> del ';

/** Back to the default whatever happened, so that other journeys see the specs' wording. */
async function resetByApi(page: Page): Promise<void> {
  await page.request.post('/graphql', {
    data: { query: 'mutation { restoreEmailTemplate(key: "postulacion-recibida") { error { __typename } } }' },
  });
}

describe('e-mail templates (issue 24)', () => {
  it('edit the acknowledgement → the next e-mail uses it → Restablecer → the next one uses the default', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'admin');
    const vacancyId = inject('candidateApplication').vacancyId;
    // Guests apply from a browser of their own (staff may not upload a candidate's files).
    const guest = await newPage(browser);
    try {
      await page.goto('/panel');
      await page.getByRole('link', { name: 'Plantillas', exact: true }).click();
      await page.waitForURL('**/panel/plantillas');
      const table = page.getByRole('table');
      await table.getByText('Postulación recibida', { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'templates-list-1280');

      await page.getByRole('link', { name: 'Editar: Postulación recibida' }).click();
      const subject = page.getByRole('textbox', { name: 'Asunto' });
      const body = page.getByRole('textbox', { name: 'Cuerpo' });
      await expect.poll(() => subject.inputValue()).toBe('Recibimos tu postulación: {{vacante}}');
      await subject.fill(SUBJECT);
      await body.fill(BODY);
      // The date goes in by keyboard: Tab to the placeholder's button, Enter inserts it at the cursor.
      await body.press('End');
      await page.getByRole('button', { name: /Insertar \{\{fecha\}\}/ }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => body.inputValue()).toBe(`${BODY}{{fecha}}`);
      await body.press('Control+End');
      await body.pressSequentially('.\n\n{{cuenta}}');

      // The preview follows (debounced): the sample's name, the typed text escaped inside the frame.
      const frame = page.frameLocator('iframe[title="Vista previa del correo (HTML)"]');
      await frame.getByText('Recibimos tu postulación <a tiempo> del 23/11/2026.').waitFor({ timeout: 15_000 });
      await page.getByText('Asunto: Tu postulación llegó: Auxiliar de enfermería').waitFor();

      // An unknown placeholder is refused with the Spanish message, in the preview and on save.
      await subject.fill('Hola {{apellido}}');
      await page.getByText('El marcador {{apellido}} no existe en esta plantilla.').first().waitFor();
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.getByRole('alert').getByText('El marcador {{apellido}} no existe en esta plantilla.').waitFor();
      // The editor with both warnings showing, and the chips of required placeholders.
      expect(await axeViolations(page)).toEqual([]);
      await subject.fill(SUBJECT);
      await screenshot(page, 'templates-editor-1280');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText('Plantilla guardada.').waitFor();

      const edited = freshPerson('Plantilla', 'Editada');
      await applyAsGuest(guest.context.request, vacancyId, edited);
      const first = await mailArrives(edited.email, 'Tu postulación llegó: ');
      expect(first.subject).toBe(`Tu postulación llegó: ${inject('candidateApplication').vacancyName}`);
      expect(first.text).toMatch(
        /^Hola, Plantilla Editada:\n\nRecibimos tu postulación <a tiempo> del \d{2}\/\d{2}\/\d{4}\.\n\nCrea tu cuenta/,
      );
      expect(first.html).toContain('Recibimos tu postulación &lt;a tiempo&gt; del');
      expect(first.html).not.toContain('<a tiempo>');

      // Restablecer, after its confirmation.
      await page.getByRole('button', { name: 'Restablecer' }).click();
      const confirm = page.getByRole('dialog', { name: '¿Restablecer la plantilla?' });
      await confirm.getByRole('button', { name: 'Restablecer' }).click();
      await page.getByText('Plantilla restablecida al texto predeterminado.').waitFor();
      await expect.poll(() => subject.inputValue()).toBe('Recibimos tu postulación: {{vacante}}');

      const again = freshPerson('Plantilla', 'Restablecida');
      await applyAsGuest(guest.context.request, vacancyId, again);
      const second = await mailArrives(again.email, 'Recibimos tu postulación: ');
      expect(second.text).toContain('GTH se contactará contigo');
      expect((await mailsTo(again.email)).some((m) => m.subject.startsWith('Tu postulación llegó'))).toBe(false);

      // Both changes are versions, newest first.
      await page.getByRole('button', { name: 'Versiones' }).click();
      const versions = page.getByRole('dialog', { name: 'Versiones' });
      await versions.getByRole('listitem').first().getByText('Restablecida al texto predeterminado').waitFor();
      await expect.poll(() => versions.getByRole('listitem').count()).toBe(2);
      await versions.getByRole('listitem').nth(1).getByText('Guardada').waitFor();
      await screenshot(page, 'templates-versions-1280');

      // The saved version is restored with the mouse: its question is drawn above 'Versiones'.
      await versions.getByRole('listitem').nth(1).getByRole('button', { name: 'Restaurar' }).click();
      const restoreQuestion = page.getByRole('dialog', { name: '¿Restaurar esta versión?' });
      await restoreQuestion.getByRole('button', { name: 'Restaurar' }).click();
      await page.getByText('Versión restaurada.').waitFor();
      await expect.poll(() => subject.inputValue()).toBe(SUBJECT);
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      // The focus goes back to 'Versiones', where it was before the two windows opened.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Versiones');

      // Leaving with unsaved changes asks first; 'Seguir editando' keeps them.
      await body.fill('Texto a medias');
      await page.getByText('Hay cambios sin guardar.').waitFor();
      await page.getByRole('link', { name: 'Volver a la lista' }).click();
      const leave = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
      await leave.getByRole('button', { name: 'Seguir editando' }).click();
      await expect.poll(() => leave.count()).toBe(0);
      expect(new URL(page.url()).search).toBe('?clave=postulacion-recibida');
      expect(await body.inputValue()).toBe('Texto a medias');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Volver a la lista');
      // A link of the navigation bar, by keyboard: asks again; 'Salir sin guardar' goes.
      await page.getByRole('link', { name: 'Plantillas', exact: true }).focus();
      await page.keyboard.press('Enter');
      await leave.getByRole('button', { name: 'Salir sin guardar' }).click();
      await page.waitForURL((u) => u.pathname === '/panel/plantillas' && u.search === '');
      await table.getByText('Postulación recibida', { exact: true }).waitFor();
      // One Back returns to the editor (one navigation, not two).
      await page.goBack();
      await page.waitForURL((u) => u.search === '?clave=postulacion-recibida');
      await expect.poll(() => subject.inputValue()).toBe(SUBJECT);
      // The browser's Back with unsaved changes asks too: the page and the address stay.
      await body.fill('Otra vez a medias');
      await page.getByText('Hay cambios sin guardar.').waitFor();
      await page.goBack();
      await leave.waitFor();
      await leave.getByRole('button', { name: 'Seguir editando' }).click();
      await expect.poll(() => leave.count()).toBe(0);
      expect(new URL(page.url()).search).toBe('?clave=postulacion-recibida');
      expect(await body.inputValue()).toBe('Otra vez a medias');
      // Back again, and 'Salir sin guardar': the list, one entry back.
      await page.goBack();
      await leave.getByRole('button', { name: 'Salir sin guardar' }).click();
      await page.waitForURL((u) => u.pathname === '/panel/plantillas' && u.search === '');
      await table.getByText('Postulación recibida', { exact: true }).waitFor();
    } finally {
      await resetByApi(page);
      await guest.context.close();
      await context.close();
    }
  });

  it('at 360 px the list and the editor fit without sideways page scroll', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 780 });
    await loginAs(context, 'admin');
    await page.goto('/panel/plantillas');
    await page.getByText('Postulación recibida', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'templates-list-360');
    await page.goto('/panel/plantillas?clave=estado-rechazado');
    await page.getByRole('textbox', { name: 'Cuerpo' }).waitFor();
    await page
      .frameLocator('iframe[title="Vista previa del correo (HTML)"]')
      .getByText('Hola, Ana López:')
      .waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'templates-editor-360');
    await context.close();
  });

  it('a Gestor is sent back to /panel and has no Plantillas link', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'manager');
    await page.goto('/panel/plantillas');
    await page.waitForURL((u) => u.pathname === '/panel');
    expect(await page.getByRole('link', { name: 'Plantillas', exact: true }).count()).toBe(0);
    await context.close();
  });
});
