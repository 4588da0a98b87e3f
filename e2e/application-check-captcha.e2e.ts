import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APPLICATION_MESSAGES } from '../domain/src/application.js';
import { isValidCui } from '../domain/src/geography.js';
import { launch, newPage, screenshot } from './browser.js';
import { mailTo } from './mail.js';

// Issue 22: past its per-address limit the application form's duplicate check asks for the
// captcha; a guest solves it (the image, or its accessible proof of work), the application goes
// through and the acknowledgement arrives. The product here allows 2 lookups per address
// (global-setup's checkLimitUrl); each journey comes from its own address (X-Forwarded-For from
// loopback is trusted), so no other journey's lookups count.

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

/** The answers to the duplicate check this page receives, in order. */
function watchChecks(page: Page): { captcha: boolean }[] {
  const seen: { captcha: boolean }[] = [];
  page.on('response', async (r) => {
    if (!r.url().endsWith('/graphql') || r.request().method() !== 'POST') return;
    let name: string | undefined;
    try {
      name = (r.request().postDataJSON() as { operationName?: string }).operationName;
    } catch {
      return;
    }
    if (name !== 'ApplicationCheck') return;
    const body = (await r.json().catch(() => null)) as { data?: { applicationCheck?: { captcha: unknown } } } | null;
    seen.push({ captcha: !!body?.data?.applicationCheck?.captcha });
  });
  return seen;
}

async function attach(dialog: Locator, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await dialog.getByLabel(`Seleccionar ${label}`).setInputFiles(file);
  await dialog.getByText(new RegExp(`${file.name.replace('.', '\\.')} · .* · listo`)).waitFor({ timeout: 30_000 });
}

/** Opens the first vacancy's form and fills everything a guest must; the DPI and e-mail are checked on blur. */
async function fillGuestForm(page: Page, email: string): Promise<Locator> {
  await page.goto('/');
  const apply = page
    .locator('article:not([aria-hidden="true"])')
    .first()
    .getByRole('button', { name: 'Aplicar Ahora' });
  await apply.click();
  const dialog = page.getByRole('dialog', { name: 'Formulario de Postulación' });
  await dialog.waitFor();
  await dialog.getByLabel(/^Nombre completo/).fill('Marta Elena Caal');
  // Each of these two leaves its field: a duplicate check each, the 2 this address may make.
  await dialog.getByLabel(/^CUI\/DPI/).fill(freshCui());
  await dialog.getByLabel(/^Teléfono\s*\*?$/).fill('55554321');
  await dialog.getByLabel(/^Correo electrónico/).fill(email);
  await dialog.getByLabel(/^Dirección/).fill('4a avenida 2-15 zona 2, Cobán');
  await dialog.getByLabel(/^Estado civil/).selectOption('Soltero');
  await dialog.getByLabel(/^Edad/).fill('31');
  await attach(dialog, 'Fotografía', { name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: /^Educación y Disponibilidad/ }).click();
  await dialog.getByLabel(/^Nivel educativo/).selectOption('Diversificado');
  await dialog.getByLabel(/^¿Estudias actualmente\?/).selectOption('no');
  await dialog.getByLabel(/^Disponibilidad inmediata/).selectOption('si');
  await dialog.getByLabel(/^Pretensión salarial/).fill('4800');
  await dialog.getByLabel(/^¿Pretensión negociable\?/).selectOption('si');
  await dialog.getByRole('button', { name: /^Experiencia Laboral/ }).click();
  await dialog.getByLabel('Empresa').first().fill('Centro de Salud de Tactic');
  await dialog.getByLabel('Puesto').first().fill('Auxiliar de enfermería');
  await dialog.getByLabel('Desde').first().fill('2019-02-01');
  await dialog.getByLabel('Hasta').first().fill('2024-01-31');
  await dialog.getByLabel('Descripción').first().fill('Vacunación y control prenatal.');
  await dialog.getByRole('button', { name: /^Referencias/ }).click();
  await dialog.getByLabel('Nombre (referencia personal 1)').fill('Rosa Caal');
  await dialog.getByLabel('Teléfono (referencia personal 1)').fill('44441234');
  await dialog.getByLabel('Nombre (referencia laboral 1)').fill('Dr. Tot');
  await dialog.getByLabel('Teléfono (referencia laboral 1)').fill('33331234');
  await dialog.getByRole('button', { name: /^Documentos Adjuntos/ }).click();
  await attach(dialog, 'Hoja de Vida (PDF)', { name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  return dialog;
}

describe('the application form past the duplicate check’s limit (issue 22)', () => {
  it.each([
    ['the image', { width: 1280, height: 900 }, '198.51.100.21'],
    ['the accessible proof of work', { width: 360, height: 780 }, '198.51.100.22'],
  ] as const)(
    'a guest solves %s and the application goes through, acknowledged by e-mail',
    async (how, viewport, address) => {
      const { context, page } = await newPage(browser, viewport, inject('checkLimitUrl'));
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
      try {
        const checks = watchChecks(page);
        const email = `verificacion.${viewport.width}.${Date.now()}@example.com`;
        const dialog = await fillGuestForm(page, email);
        // The DPI and the e-mail were looked up when they were left, within the limit.
        await expect.poll(() => checks.length, { timeout: 15_000 }).toBe(2);
        expect(checks.every((c) => !c.captcha)).toBe(true);

        // Sending checks again: past the limit, the captcha instead of an answer; nothing is sent.
        await dialog.getByRole('button', { name: 'Enviar Postulación' }).click();
        const box = dialog.getByTestId('verificacion-postulacion');
        await box.getByText(APPLICATION_MESSAGES.checkCaptchaRequired).waitFor({ timeout: 30_000 });
        // The page may show the answer before this listener has read the response's body.
        await expect.poll(() => checks.at(-1), { timeout: 10_000 }).toEqual({ captcha: true });
        const image = box.getByRole('img', { name: /Código de verificación/ });
        await image.waitFor();
        await box.scrollIntoViewIfNeeded();
        await screenshot(page, `apply-check-captcha-${viewport.width}-asked`);
        expect(await page.getByRole('dialog', { name: '¡Postulación Exitosa!' }).count()).toBe(0);

        if (how === 'the image') {
          const answer = await page.evaluate(
            async () => (await (await fetch('/__test/captcha/latest')).json()).answer as string,
          );
          await box.getByLabel(/^Código de verificación/, { exact: false }).fill(answer);
        } else {
          await box.getByRole('checkbox', { name: 'Usar verificación sin imagen (accesible)' }).check();
          // Ticked with the keyboard, as the widget's users do (its check mark covers the box).
          await box.getByRole('checkbox', { name: 'No soy un robot' }).focus();
          await page.keyboard.press('Space');
          await box.getByText('Verificado', { exact: true }).waitFor({ timeout: 20_000 });
        }
        await screenshot(page, `apply-check-captcha-${viewport.width}-solved`);
        await dialog.getByRole('button', { name: 'Enviar Postulación' }).click();
        const success = page.getByRole('dialog', { name: '¡Postulación Exitosa!' });
        await success.waitFor({ timeout: 30_000 });
        await expect.poll(() => checks.at(-1), { timeout: 10_000 }).toEqual({ captcha: false });
        await screenshot(page, `apply-check-captcha-${viewport.width}-success`);

        // The acknowledgement goes through the outbox to the SMTP sink.
        await expect.poll(() => mailTo(email), { timeout: 30_000, interval: 500 }).not.toBeNull();
        expect((await mailTo(email))!.subject).toBeTruthy();
        // Nothing wider than the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      } finally {
        await context.close();
      }
    },
    150_000,
  );
});

describe('the guest application past its address’s cap of refused forms (issue 22)', () => {
  it('says in Spanish how long to wait, keeps what was written, and stores nothing', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 780 });
    // Its own address on the ordinary product (duplicate checks: 30 per address, so no captcha).
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.30' });
    try {
      // 4 × LOGIN_MAX_FAILURES (5) refused forms from this address (here sent without a name).
      const { vacancyId } = inject('candidateApplication');
      for (let i = 0; i < 20; i++) {
        const r = await context.request.post('/graphql', {
          data: {
            query: `mutation($input: ApplicationInput!) { apply(input: $input) { error { __typename } } }`,
            variables: {
              input: {
                vacancyId,
                fullName: '',
                dpi: freshCui(),
                address: 'Cobán',
                phone: '55554321',
                email: `rechazada.${i}@example.com`,
                maritalStatus: 'SOLTERO',
                age: 30,
                educationLevel: 'DIVERSIFICADO',
                studying: false,
                available: true,
                salaryExpectation: 4000,
                negotiable: true,
                experiences: [],
                personalReferences: [],
                workReferences: [],
              },
            },
          },
        });
        const body = (await r.json()) as { data?: { apply: { error: { __typename: string } } }; errors?: unknown };
        expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
        expect(body.data!.apply.error.__typename).toBe('ValidationFailed');
      }

      const email = `limite.${Date.now()}@example.com`;
      const dialog = await fillGuestForm(page, email);
      const answered = page.waitForResponse(
        (r) => r.url().endsWith('/graphql') && /"operationName":"Apply"/.test(r.request().postData() ?? ''),
      );
      await dialog.getByRole('button', { name: 'Enviar Postulación' }).click();
      const answer = await answered;
      const wait = Number(await answer.headerValue('retry-after'));
      expect(wait).toBeGreaterThan(0);
      const notice = page.getByRole('dialog', { name: APPLICATION_MESSAGES.applyThrottledTitle });
      await notice.getByText(APPLICATION_MESSAGES.applyThrottled(Math.ceil(wait / 60))).waitFor();
      await screenshot(page, 'apply-throttled-360');
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, 'apply-throttled-1280');
      await notice.getByRole('button', { name: 'Entendido' }).click();
      // What was written stays (only the open section is on the page); nothing was stored, so no
      // acknowledgement is sent.
      const personal = dialog.getByRole('button', { name: /^Datos personales/ });
      if ((await personal.getAttribute('aria-expanded')) !== 'true') await personal.click();
      expect(await dialog.getByLabel(/^Nombre completo/).inputValue()).toBe('Marta Elena Caal');
      expect(await dialog.getByLabel(/^Correo electrónico/).inputValue()).toBe(email);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await mailTo(email)).toBeNull();
    } finally {
      await context.close();
    }
  }, 150_000);
});
