import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, launch, loginAs, newPage, screenshot } from './browser.js';
import { PDF } from './candidate-support.js';
import { mailsTo } from './mail.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const COMMENT = 'Tu currículum tiene más de un año: súbelo actualizado, por favor.';
const INVALID = 'El enlace no es válido o ha expirado.';

/** The path of the signed link in the newest document-request e-mail to `address`, once it arrives. */
async function linkSentTo(address: string): Promise<string | null> {
  for (const mail of (await mailsTo(address)).reverse()) {
    const found = /\/perfil\/documentos\/([A-Za-z0-9_-]{20,})/.exec(`${mail.text} ${mail.html}`);
    if (found) return found[0];
  }
  return null;
}

describe('document-update request (issue 12, spec 3 §2.6)', () => {
  it('a manager asks for the CV; the candidate re-uploads it through the e-mailed link, once', async () => {
    const who = inject('documentCandidate');
    const staff = await newPage(browser);
    await loginAs(staff.context, 'manager');
    const detail = `/panel/detallecandidato/${who.applicationId}`;
    await staff.page.goto(detail);
    await staff.page.getByRole('heading', { level: 1, name: who.name }).waitFor();

    // The dialog, by keyboard: nothing chosen is refused with the spec's messages, then the
    // documents, the comment and the confirmation step.
    const page = staff.page;
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('value') ?? document.activeElement?.tagName);
    await page.getByRole('button', { name: 'Documentos a actualizar' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Documentos a actualizar' });
    await dialog.waitFor();
    await expect.poll(focused).toBe('CURRICULUM');
    await dialog.getByRole('button', { name: 'Continuar' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('Selecciona al menos un documento a solicitar.').waitFor();
    await dialog.getByText('El comentario es obligatorio (mínimo 8 caracteres).').waitFor();
    // Four documents: the DPI scan once ('DPI escaneado'), however the REST list spells it.
    expect(
      await dialog.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('value'))),
    ).toEqual(['CURRICULUM', 'DPI', 'POLICE_RECORD', 'CRIMINAL_RECORD']);
    await dialog.getByRole('checkbox', { name: 'DPI escaneado' }).waitFor();
    await dialog.getByRole('checkbox', { name: 'Currículum' }).focus();
    await page.keyboard.press('Space');
    expect(await dialog.getByRole('checkbox', { name: 'Currículum' }).isChecked()).toBe(true);
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('TEXTAREA');
    await page.keyboard.type(COMMENT);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.getByRole('heading', { name: 'Confirma la solicitud' }).waitFor();
    await dialog.getByText(`${who.name} · ${who.email}`).waitFor();
    await dialog.getByText(COMMENT).waitFor();
    await screenshot(staff.page, 'document-request-confirm');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await staff.page.getByText('Solicitud de documentos enviada').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const timeline = staff.page.getByRole('region', { name: 'Historial' });
    await timeline.getByText('Documentos solicitados: Currículum').waitFor();
    await timeline.getByText(COMMENT).waitFor();

    // The e-mail reaches the SMTP sink with the signed link.
    let link: string | null = null;
    await expect
      .poll(
        async () => {
          link = await linkSentTo(who.email);
          return link;
        },
        { timeout: 20_000, interval: 500 },
      )
      .not.toBeNull();

    // The candidate opens it on a phone without session: log in, come back to the same link.
    const phone = await newPage(browser, { width: 360, height: 780 });
    await phone.page.goto(link!);
    const login = phone.page.getByRole('dialog', { name: 'Accede a tu cuenta' });
    await login.getByRole('textbox', { name: 'Correo electrónico' }).fill(who.email);
    await login
      .getByLabel(/Contraseña/)
      .first()
      .fill(DEMO_PASSWORD);
    await login.getByRole('button', { name: /Iniciar sesión/i }).click();
    await login.waitFor({ state: 'hidden' });
    await phone.page.waitForURL((u) => u.pathname === link);
    await phone.page.getByText(COMMENT).waitFor();
    const send = phone.page.getByRole('button', { name: 'Enviar documentos' });
    expect(await send.isDisabled()).toBe(true);
    // Only what was asked for.
    expect(await phone.page.getByRole('button', { name: /elegir archivo$/ }).count()).toBe(1);
    await phone.page
      .getByLabel('Seleccionar Currículum')
      .setInputFiles({ name: 'cv-2026.pdf', mimeType: 'application/pdf', buffer: PDF });
    await phone.page.getByText(/cv-2026\.pdf · .* · listo/).waitFor();
    // Nothing wider than the phone.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(phone.page, 'document-request-upload-360');
    await send.click();
    await phone.page.getByRole('heading', { name: 'Documentos enviados' }).waitFor();
    await screenshot(phone.page, 'document-request-sent-360');

    // The detail shows the fulfilment on the timeline.
    await staff.page.reload();
    await timeline.getByText('Documentos actualizados: Currículum').waitFor();
    await screenshot(staff.page, 'document-request-timeline');

    // The link works once.
    await phone.page.goto(link!);
    await phone.page.getByRole('heading', { name: INVALID }).waitFor();
    await screenshot(phone.page, 'document-request-invalid-360');
    await phone.page.locator('.mantine-Card-root').getByRole('link', { name: 'Mi Perfil' }).click();
    await phone.page.waitForURL('**/perfil');

    await staff.context.close();
    await phone.context.close();
  });
});
