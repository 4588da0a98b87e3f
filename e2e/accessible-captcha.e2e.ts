import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot } from './browser.js';
import { freshPerson } from './candidate-support.js';

// Issue 20: a candidate who cannot see the captcha image registers with the keyboard alone
// through the accessible alternative (an ALTCHA proof of work), with no CSP violation.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Presses Tab (at most `max` times) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI}`);
    });
  });
  return violations;
}

describe('registration through the accessible alternative to the image captcha', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 780 },
  ]) {
    it(`registers with the keyboard alone at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const violations = watchViolations(page);
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      try {
        const p = freshPerson('Rosa', 'Tzul');
        await page.goto('/');
        await page.getByRole('heading').first().waitFor();
        // The first visit does not download the widget.
        expect(requested.filter((u) => /ProofOfWork|pbkdf2|altcha/i.test(u))).toEqual([]);

        const burger = page.getByRole('button', { name: 'Abrir menú' });
        if (await burger.isVisible()) {
          await tabTo(page, burger, 150);
          await page.keyboard.press('Enter');
        }
        const open = page.getByRole('button', { name: 'Regístrate / Iniciar Sesion' });
        await tabTo(page, open, 150);
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog');
        // Tabs follow the ARIA pattern: Tab reaches the selected tab, an arrow key moves to the next.
        await tabTo(page, dialog.getByRole('tab', { name: 'Iniciar Sesión' }));
        await page.keyboard.press('ArrowRight');
        await dialog.getByRole('tab', { name: 'Registrarse', selected: true }).waitFor();

        const type = async (field: Locator, value: string) => {
          await tabTo(page, field);
          await page.keyboard.type(value);
        };
        await type(dialog.getByLabel(/Primer nombre/), p.firstName);
        await type(dialog.getByLabel(/Primer apellido/), p.firstSurname);
        await type(dialog.getByLabel(/^Correo electrónico/), p.email);
        await type(dialog.getByLabel(/Confirmar correo/), p.email);
        await type(dialog.getByLabel(/^Contraseña/), p.password);
        await type(dialog.getByLabel(/Confirmar contraseña/), p.password);
        await type(dialog.getByLabel(/DPI/), p.dpi);

        // The image is the default; the alternative is a labelled checkbox ticked with Space.
        await dialog.getByRole('img', { name: /Código de verificación/ }).waitFor();
        const choice = dialog.getByRole('checkbox', { name: 'Usar verificación sin imagen (accesible)' });
        await tabTo(page, choice);
        await page.keyboard.press('Space');
        expect(await choice.isChecked()).toBe(true);
        expect(await dialog.getByRole('img', { name: /Código de verificación/ }).count()).toBe(0);

        const robot = dialog.getByRole('checkbox', { name: 'No soy un robot' });
        await robot.waitFor();
        await tabTo(page, robot);
        const started = Date.now();
        await page.keyboard.press('Space');
        await dialog.getByText('Verificado', { exact: true }).waitFor({ timeout: 20_000 });
        const solvedMs = Date.now() - started;
        console.log(`proof of work solved in ${solvedMs} ms at ${viewport.width} px`);
        expect(solvedMs).toBeLessThan(5_000);
        await screenshot(page, `accessible-captcha-verified-${viewport.width}`);

        await tabTo(page, dialog.getByRole('button', { name: 'Registrarme' }));
        await page.keyboard.press('Enter');
        await page.getByText('¡Registro exitoso! Ahora puedes iniciar sesión.').waitFor();
        await screenshot(page, `accessible-captcha-registered-${viewport.width}`);
        expect(violations).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
