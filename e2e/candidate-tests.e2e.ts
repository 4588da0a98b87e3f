import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginAs, newPage, screenshot } from './browser.js';
import { mailArrives } from './mail.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The demo candidate 'en seguimiento' (api/src/demo/pipeline.ts); no other journey moves them. */
const DEMO = { name: 'Edwin Rolando Cux Tzay', email: 'edwin.cux@example.com' };
const PDF_TEST = 'Evaluación de conocimientos clínicos de enfermería';
const LINK_TEST = 'Prueba de inglés (EF SET)';

async function gql<T>(context: BrowserContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await context.request.post('/graphql', { data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (body.errors || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body)}`);
  return body.data;
}

async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const toast = (page: Page, title: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: title }).first();

describe('test assignment (issue 12)', () => {
  it('a manager assigns two tests, sends them, marks them completed and confirms; both e-mails arrive', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'manager');
    const { candidates } = await gql<{ candidates: { items: { id: string; fullName: string }[] } }>(
      context,
      `query($s: String) { candidates(search: $s) { items { id fullName } } }`,
      { s: 'Edwin Rolando' },
    );
    const id = candidates.items.find((c) => c.fullName === DEMO.name)!.id;

    await page.goto(`/panel/asignacionpruebas/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Asignación de Pruebas' }).waitFor();
    const card = page.getByRole('region', { name: 'Candidato' });
    await card.getByText(DEMO.name).waitFor();
    await card.getByText('En seguimiento').waitFor();

    // First test by mouse: a PDF needs no credentials.
    await page.getByRole('button', { name: new RegExp(PDF_TEST) }).click();
    const form = page.getByRole('form', { name: 'Configurar asignación' });
    await form.waitFor();
    expect(await form.getByLabel('Credenciales de acceso').count()).toBe(0);
    await form.getByRole('button', { name: 'Asignar' }).click();
    await toast(page, 'Prueba asignada').waitFor();
    await form.waitFor({ state: 'hidden' });

    // Second by keyboard: a LINK test asks for credentials, refused without them.
    const linkButton = page.getByRole('button', { name: new RegExp(LINK_TEST.replace(/[()]/g, '\\$&')) });
    await tabTo(page, linkButton);
    await page.keyboard.press('Enter');
    await form.waitFor();
    await form.getByRole('button', { name: 'Asignar' }).click();
    await form.getByText('Ingresa las credenciales de acceso').waitFor();
    await form.getByLabel('Credenciales de acceso').fill('Usuario: edwin.cux · Código: 4821');
    await form.getByLabel('Observaciones').fill('Realizar en un lugar tranquilo.');
    await form.getByRole('button', { name: 'Asignar' }).click();
    await toast(page, 'Prueba asignada').waitFor();
    await page.getByRole('heading', { name: 'Pruebas Asignadas (2)' }).waitFor();

    // COMPLETADA is refused while the candidate is 'en seguimiento'.
    const pdf = page.getByRole('article', { name: PDF_TEST });
    await pdf.getByRole('button', { name: 'Completada', exact: true }).click();
    await toast(page, 'No se pudo actualizar').waitFor();

    await screenshot(page, 'candidate-tests-desktop');
    const phone = await newPage(browser, { width: 360, height: 780 });
    await loginAs(phone.context, 'manager');
    await phone.page.goto(`/panel/asignacionpruebas/${id}`);
    await phone.page.getByRole('heading', { name: 'Pruebas Asignadas (2)' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(phone.page, 'candidate-tests-360');
    await phone.context.close();

    // Send: the candidate moves to pre-pruebas and the e-mail lists both tests with the credentials.
    const banner = page.getByRole('region', { name: /^Pruebas (pendientes de envío|enviadas)$/ });
    await banner.getByText('Hay 2 pruebas asignadas sin enviar al candidato.').waitFor();
    await page.getByRole('button', { name: 'Enviar por correo' }).click();
    await toast(page, 'Estado actualizado').waitFor();
    await card.getByText('Pre-pruebas').waitFor();
    // The banner says they went out (it stays to send them again, spec 3 §2.4).
    await banner.getByText(/^Las 2 pruebas asignadas ya se enviaron al candidato \(\d{2}\/\d{2}\/\d{4}\)\./).waitFor();
    const sent = await mailArrives(DEMO.email, 'Pruebas asignadas');
    expect(sent.text).toContain(PDF_TEST);
    expect(sent.text).toContain(LINK_TEST);
    expect(sent.text).toContain('edwin.cux · Código: 4821');

    for (const name of [PDF_TEST, LINK_TEST]) {
      const test = page.getByRole('article', { name });
      await test.getByRole('button', { name: 'Completada', exact: true }).click();
      // The action hides once the test is in its target state.
      await test.getByRole('button', { name: 'Completada', exact: true }).waitFor({ state: 'detached' });
    }

    // Results tab: the manager records a score.
    await page.getByRole('tab', { name: 'Resultados' }).click();
    await page.waitForURL(/\?tab=resultados$/);
    const result = page.getByRole('form', { name: `Resultado de ${PDF_TEST}` });
    await result.getByLabel('Resultado').fill('Buen dominio de los protocolos.');
    await result.getByLabel('Puntaje').fill('87,5');
    await result.getByRole('button', { name: 'Guardar resultado' }).click();
    await toast(page, 'Resultado guardado').waitFor();
    await page.getByRole('tab', { name: 'Asignación' }).click();

    await page.getByRole('button', { name: 'Confirmar pruebas completadas' }).click();
    await toast(page, 'Pruebas confirmadas').waitFor();
    await page.waitForURL(/\/panel\/candidatos$/);
    await mailArrives(DEMO.email, 'Estamos evaluando tus resultados');
    const after = await gql<{ candidate: { state: string; tests: { state: string; resultScore: number | null }[] } }>(
      context,
      `query($id: ID!) { candidate(id: $id) { state tests { state resultScore } } }`,
      { id },
    );
    expect(after.candidate.state).toBe('POST_TESTS');
    expect(after.candidate.tests.map((t) => t.state)).toEqual(['COMPLETADA', 'COMPLETADA']);
    expect(after.candidate.tests.map((t) => t.resultScore)).toContain(87.5);

    // The detail's timeline shows the tests' events.
    await page.goto(`/panel/detallecandidato/${id}`);
    await page.getByText(`Prueba asignada: ${PDF_TEST}`).first().waitFor();
    await context.close();

    // A viewer reads the screen but has no mutating buttons.
    const viewer = await newPage(browser);
    await loginAs(viewer.context, 'viewer');
    await viewer.page.goto(`/panel/asignacionpruebas/${id}`);
    await viewer.page.getByRole('heading', { name: 'Pruebas Asignadas (2)' }).waitFor();
    for (const name of [
      'Completada',
      'No Completada',
      'Reactivar',
      'Enviar por correo',
      'Confirmar pruebas completadas',
    ])
      expect(await viewer.page.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await viewer.page.getByRole('button', { name: new RegExp(`^Eliminar`) }).count()).toBe(0);
    await viewer.context.close();
  }, 240_000);
});
