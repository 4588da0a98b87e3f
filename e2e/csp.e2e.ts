import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APPLICATION_MESSAGES } from '@bolsa/domain';
import { launch, loginAs, newPage } from './browser.js';

/** The Content-Security-Policy the BFF sends (helmet) must not break the SPA nor GraphiQL. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Every CSP violation the page reports, from the DOM event and from the console. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber} ${location.pathname} ${e.sample}`,
      );
    });
  });
  return violations;
}

describe('Content-Security-Policy', () => {
  it('lets the board, a vacancy page and the staff panel run without a violation', async () => {
    const { context, page } = await newPage(browser);
    const violations = watchViolations(page);
    const res = await page.goto('/');
    expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('button', { name: 'Ver Detalles' }).first().waitFor();
    await page.getByRole('button', { name: 'Ver Detalles' }).first().click();
    await page.getByRole('dialog', { name: 'Detalles del empleo' }).getByText('Ofrecemos').waitFor();
    await page.goto('/vacantes');
    await page.getByRole('button', { name: 'Ver Detalles' }).first().waitFor();
    // A shared application link loads the form's rules (zod) as the app starts, before the app's
    // own module (web/src/main.tsx): checking a field there runs no violation either.
    await page.goto(`/vacantes/${inject('linkVacancy').id}/postular`);
    const name = page.locator('#postulacion-name');
    await name.fill('Ana');
    await name.fill('');
    await name.press('Tab');
    await page.getByText(APPLICATION_MESSAGES.nameRequired).first().waitFor();
    await loginAs(context, 'admin');
    await page.goto('/panel');
    await page.getByRole('heading', { name: 'Panel de Acceso Rápido' }).waitFor();
    await page.getByText(/^Mostrando \d+-\d+ de \d+ vacantes$/).waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  it('lets GraphiQL load, run a query and show its answer without a violation', async () => {
    const { context, page } = await newPage(browser);
    const violations = watchViolations(page);
    await page.goto('/graphiql');
    await page.locator('.graphiql-container').waitFor();
    await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor();
    await page.locator('.graphiql-execute-button').click();
    await page.locator('.result-window').getByText('"data"').first().waitFor({ timeout: 45_000 });
    expect(violations).toEqual([]);
    await context.close();
  });
});
