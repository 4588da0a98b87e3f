import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isValidCui } from '../domain/src/geography.js';
import { launch, loginAs, newPage, screenshot } from './browser.js';
import { completeProfileThroughApi } from './candidate-support.js';
import { mailTo } from './mail.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
// A real 1×1 PNG: the BFF reads the type from the bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A CUI that passes the checksum and nobody in the demo data has. */
function freshCui(): string {
  for (;;) {
    const body = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
    const cui = `${body}0101`;
    if (isValidCui(cui)) return cui;
  }
}

/** Presses Tab until `target` has the focus: the journey moves by keyboard alone. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Opens an accordion section by keyboard. */
async function openSection(page: Page, dialog: Locator, title: string): Promise<void> {
  const control = dialog.getByRole('button', { name: new RegExp(`^${title}`) });
  await tabTo(page, control);
  if ((await control.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('Enter');
  await expect.poll(() => control.getAttribute('aria-expanded')).toBe('true');
}

/**
 * Keeps Chromium's file-chooser interception on for the page's whole life. Playwright turns it on
 * only while a 'filechooser' listener exists, and without waiting for Chromium to confirm: a
 * chooser opened by the key press that races that switch is a real (headless, never answered)
 * dialog, and it blocks every later one. Call it right after opening the page.
 */
function interceptFileChoosers(page: Page): void {
  page.on('filechooser', () => {});
}

/** Chooses a file through a Dropzone by keyboard: Enter on its 'Elegir archivo' opens the native chooser. */
async function chooseFile(
  page: Page,
  dialog: Locator,
  label: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const zone = dialog.getByRole('button', { name: `${label}: elegir archivo` });
  await tabTo(page, zone);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles(file);
  await dialog.getByText(new RegExp(`${file.name.replace('.', '\\.')} · .* · listo`)).waitFor({ timeout: 30_000 });
}

describe('applying to a vacancy (issue 9)', () => {
  it('a guest applies with CV and photo at 360 px by keyboard, sees "¡CV enviado!" and gets the acknowledgement', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 780 });
    interceptFileChoosers(page);
    const email = `invitado.${Date.now()}@example.com`;
    await page.goto('/');
    const apply = page
      .locator('article:not([aria-hidden="true"])')
      .first()
      .getByRole('button', { name: 'Aplicar Ahora' });
    await apply.waitFor();
    const vacancyName = (await page.locator('article:not([aria-hidden="true"]) h3').first().innerText()).trim();
    await tabTo(page, apply, 120);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Formulario de Postulación' });
    await dialog.waitFor();
    await page.waitForURL((u) => /^\/vacantes\/[^/]+\/postular$/.test(u.pathname));
    await dialog.getByText(vacancyName).first().waitFor();
    await screenshot(page, 'apply-guest-360-open');

    // Datos personales (open first; the name field has the focus).
    const name = dialog.getByLabel(/^Nombre completo/);
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Luis Pérez');
    await typeInto(page, dialog.getByLabel(/^CUI\/DPI/), freshCui());
    await typeInto(page, dialog.getByLabel(/^Teléfono\s*\*?$/), '55551234');
    await typeInto(page, dialog.getByLabel(/^Dirección/), '3a calle 4-10 zona 1, Cobán');
    await typeInto(page, dialog.getByLabel(/^Correo electrónico/), email);
    await typeInto(page, dialog.getByLabel(/^Estado civil/), 'S');
    expect(await dialog.getByLabel(/^Estado civil/).inputValue()).toBe('Soltero');
    await typeInto(page, dialog.getByLabel(/^Edad/), '29');
    await chooseFile(page, dialog, 'Fotografía', { name: 'foto.png', mimeType: 'image/png', buffer: PNG });

    await openSection(page, dialog, 'Educación y Disponibilidad');
    await typeInto(page, dialog.getByLabel(/^Nivel educativo/), 'D');
    await typeInto(page, dialog.getByLabel(/^¿Estudias actualmente\?/), 'N');
    await typeInto(page, dialog.getByLabel(/^Disponibilidad inmediata/), 'S');
    await typeInto(page, dialog.getByLabel(/^Pretensión salarial/), '4500');
    await typeInto(page, dialog.getByLabel(/^¿Pretensión negociable\?/), 'S');
    expect(await dialog.getByLabel(/^Disponibilidad inmediata/).inputValue()).toBe('si');

    await openSection(page, dialog, 'Experiencia Laboral');
    await dialog.getByText('Ingresa tus experiencias laborales más recientes.').waitFor();
    await typeInto(page, dialog.getByLabel('Empresa'), 'Hospital Regional de Cobán');
    await typeInto(page, dialog.getByLabel('Puesto'), 'Auxiliar de enfermería');
    await typeInto(page, dialog.getByLabel('Desde'), '01012020');
    await typeInto(page, dialog.getByLabel('Hasta'), '30062023');
    expect(await dialog.getByLabel('Desde').inputValue()).toBe('2020-01-01');
    await typeInto(page, dialog.getByLabel('Descripción'), 'Atención a pacientes en consulta externa.');

    await openSection(page, dialog, 'Referencias');
    await typeInto(page, dialog.getByLabel('Nombre (referencia personal 1)'), 'Marta Coc');
    await typeInto(page, dialog.getByLabel('Teléfono (referencia personal 1)'), '44445555');
    await typeInto(page, dialog.getByLabel('Nombre (referencia laboral 1)'), 'Jorge Tut');
    await typeInto(page, dialog.getByLabel('Teléfono (referencia laboral 1)'), '33334444');

    await openSection(page, dialog, 'Documentos Adjuntos');
    await chooseFile(page, dialog, 'Hoja de Vida (PDF)', { name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await screenshot(page, 'apply-guest-360-filled');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await tabTo(page, dialog.getByRole('button', { name: 'Enviar Postulación' }));
    await page.keyboard.press('Enter');
    const success = page.getByRole('dialog', { name: '¡Postulación Exitosa!' });
    await success.waitFor({ timeout: 30_000 });
    expect(await success.getByText('¡CV enviado! Tu solicitud ha sido recibida correctamente.').isVisible()).toBe(true);
    await screenshot(page, 'apply-guest-360-success');
    // 'Entendido' has the focus: Enter closes the dialog and the form.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // The acknowledgement goes through the outbox to the SMTP sink.
    await expect.poll(() => mailTo(email), { timeout: 30_000, interval: 500 }).not.toBeNull();
    const mail = await mailTo(email);
    expect(mail!.subject).toContain(vacancyName);
    await context.close();
  });

  it('a registered candidate applies from their profile (its documents "En tu perfil") and sees "¡Postulación Exitosa!"', async () => {
    const { dpi, vacancyId, vacancyName } = inject('candidateApplication');
    const { context, page } = await newPage(browser);
    await loginAs(context, 'candidate');
    // A candidate with an incomplete profile meets the profile gate first (issue 10).
    await completeProfileThroughApi(context, dpi);
    await page.goto(`/vacantes/${vacancyId}/postular`);
    const dialog = page.getByRole('dialog', { name: 'Formulario de Postulación' });
    await dialog.getByText(vacancyName).first().waitFor();
    await dialog.getByText(/^Postulando como /).waitFor();

    // The form starts from the profile: personal data, experiences, references and documents.
    expect(await dialog.getByLabel(/^CUI\/DPI/).inputValue()).toBe(dpi);
    expect(await dialog.getByLabel(/^Teléfono\s*\*?$/).inputValue()).toBe('55550000');
    expect(await dialog.getByLabel(/^Dirección/).inputValue()).toBe('Avenida Las Américas 10-20, zona 13');
    expect(Number(await dialog.getByLabel(/^Edad/).inputValue())).toBeGreaterThanOrEqual(34);
    await dialog.getByRole('group', { name: 'Fotografía: En tu perfil' }).waitFor();
    await dialog.getByLabel(/^Estado civil/).selectOption('Casado');
    await dialog.getByRole('button', { name: /^Educación y Disponibilidad/ }).click();
    await dialog.getByLabel(/^Nivel educativo/).selectOption('Universidad');
    await dialog.getByLabel(/^¿Estudias actualmente\?/).selectOption('no');
    await dialog.getByLabel(/^Disponibilidad inmediata/).selectOption('si');
    await dialog.getByLabel(/^Pretensión salarial/).fill('7000');
    await dialog.getByLabel(/^¿Pretensión negociable\?/).selectOption('no');
    await dialog.getByRole('button', { name: /^Experiencia Laboral/ }).click();
    const company = dialog.getByLabel('Empresa');
    await company.first().waitFor();
    expect(await company.first().inputValue()).toBe('Centro de Salud Mixco');
    expect(await company.first().getAttribute('readonly')).not.toBeNull();
    expect(await company.nth(1).inputValue()).toBe('Clínica Zona 1');
    await dialog.getByRole('button', { name: /^Referencias/ }).click();
    expect(await dialog.getByLabel('Nombre (referencia personal 1)').inputValue()).toBe('Rosa Xol');
    expect(await dialog.getByLabel('Nombre (referencia laboral 1)').inputValue()).toBe('Pedro Caal');
    await dialog.getByRole('button', { name: /^Documentos Adjuntos/ }).click();
    // The profile's documents count as present: shown, not asked again, nothing uploaded.
    for (const label of [
      'Hoja de Vida (PDF)',
      'DPI escaneado (PDF)',
      'Antecedentes policiales (PDF)',
      'Antecedentes penales (PDF)',
    ])
      await dialog.getByRole('group', { name: `${label}: En tu perfil` }).waitFor();
    expect(await dialog.getByText(/ · listo$/).count()).toBe(0);

    await dialog.getByRole('button', { name: 'Enviar Postulación' }).click();
    const success = page.getByRole('dialog', { name: '¡Postulación Exitosa!' });
    await success.waitFor({ timeout: 30_000 });
    expect(
      await success
        .getByText('Postulación enviada exitosamente! Puedes ver el estado de tu postulación en tu bandeja de perfil.')
        .isVisible(),
    ).toBe(true);
    await screenshot(page, 'apply-registered-success');
    await context.close();
  });

  it('logging in from inside a form returns to that form with the draft; one already applied to says so first (issue 20)', async () => {
    const { id: vacancyId, name: vacancyName } = inject('linkVacancy');
    const { context, page } = await newPage(browser);
    await page.goto(`/vacantes/${vacancyId}/postular`);
    const dialog = page.getByRole('dialog', { name: 'Formulario de Postulación' });
    await dialog.getByText(vacancyName).first().waitFor();
    // The page is named after the form, and the keyboard starts on its first field.
    await expect.poll(() => page.title()).toBe(`Postular: ${vacancyName} · Bolsa de Trabajo`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('postulacion-name');
    await dialog.getByLabel(/^Nombre completo/).fill('Ana Prueba Borrador');
    await dialog.getByRole('button', { name: /^Educación y Disponibilidad/ }).click();
    await dialog.getByLabel(/^Pretensión salarial/).fill('6200');
    await dialog.getByRole('button', { name: 'inicia sesión' }).click();

    const login = page.getByRole('dialog', { name: 'Accede a tu cuenta' });
    await login.getByLabel(/^Correo electrónico/).fill('ana.lopez@example.com');
    await login
      .getByLabel(/^Contraseña/)
      .first()
      .fill('Demo2026!');
    await login.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL((u) => u.pathname === `/vacantes/${vacancyId}/postular`);
    const again = page.getByRole('dialog', { name: 'Formulario de Postulación' });
    await again.getByText(/^Postulando como /).waitFor();
    expect(await again.getByLabel(/^Nombre completo/).inputValue()).toBe('Ana Prueba Borrador');
    await again.getByRole('button', { name: /^Educación y Disponibilidad/ }).click();
    expect(await again.getByLabel(/^Pretensión salarial/).inputValue()).toBe('6200');
    await screenshot(page, 'postular-tras-iniciar-sesion');

    // The vacancy she applied to in the journey above: told before any field, with the way to her applications.
    const applied = inject('candidateApplication');
    await page.goto(`/vacantes/${applied.vacancyId}/postular`);
    const done = page.getByRole('dialog', { name: 'Formulario de Postulación' });
    await done.getByText('Ya tienes una postulación a esta vacante.').waitFor();
    expect(await done.getByLabel(/^Nombre completo/).count()).toBe(0);
    await screenshot(page, 'postular-ya-aplico');
    await done.getByRole('link', { name: 'Ver Mis Postulaciones' }).click();
    await page.waitForURL((u) => u.pathname === '/perfil');
    await context.close();
  });
});
