import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dayjs, formatDate, todayInGuatemala } from '../domain/src/format.js';
import { isValidCui } from '../domain/src/geography.js';
import { ARTIFACTS, baseUrl, launch, loginAs, newPage, screenshot, axeViolations } from './browser.js';
import { mailArrives } from './mail.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function freshCui(): string {
  for (;;) {
    const cui = `${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}0101`;
    if (isValidCui(cui)) return cui;
  }
}

async function gql<T>(context: BrowserContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await context.request.post('/graphql', { data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (body.errors || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** A guest applies through the public API (the form itself is the application journey's subject). */
async function guestApplies(email: string, fullName: string): Promise<string> {
  const guest = await browser.newContext({ baseURL: baseUrl() });
  const upload = async (kind: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
    const res = await guest.request.post(`/uploads?kind=${kind}`, {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      multipart: { file },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const photoUploadId = await upload('candidate-photo', { name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  const cvUploadId = await upload('candidate-document', { name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  const { apply } = await gql<{ apply: { applicationId: string | null; error: unknown } }>(
    guest,
    `mutation Apply($input: ApplicationInput!) { apply(input: $input) { applicationId error { __typename ... on ValidationFailed { message fields { path message } } } } }`,
    {
      input: {
        vacancyId: inject('candidateApplication').vacancyId,
        fullName,
        dpi: freshCui(),
        address: '2a avenida 3-15 zona 2, Cobán',
        phone: '55667788',
        email,
        maritalStatus: 'SOLTERO',
        age: 31,
        educationLevel: 'UNIVERSIDAD',
        studying: false,
        available: true,
        salaryExpectation: 4500,
        negotiable: true,
        experiences: [
          {
            company: 'Hospital Regional de Cobán',
            position: 'Enfermera auxiliar',
            from: '2018-03-01',
            to: '2024-06-30',
            description: 'Atención de pacientes en encamamiento.',
          },
        ],
        personalReferences: [{ name: 'Marta Caal', phone: '44556677' }],
        workReferences: [{ name: 'Julio Coy', phone: '33445566' }],
        photoUploadId,
        cvUploadId,
      },
    },
  );
  await guest.close();
  expect(apply.error, JSON.stringify(apply.error)).toBeNull();
  expect(apply.applicationId).toBeTruthy();
  return apply.applicationId!;
}

async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const badge = (page: Page, label: string) =>
  page.locator('.mantine-Badge-root').getByText(label, { exact: true }).first();

describe('candidate pipeline (issue 11): detail, timeline and actions', () => {
  it('a manager takes a guest application from postulado to contratado; every e-mail arrives and the timeline shows each step', async () => {
    const email = `pipeline.${Date.now()}@example.com`;
    const fullName = 'Rocío Elizabeth Tux Ajú';
    const id = await guestApplies(email, fullName);
    await mailArrives(email, 'Recibimos tu postulación');

    const { context, page } = await newPage(browser);
    await loginAs(context, 'manager');
    await page.goto(`/panel/detallecandidato/${id}`);
    await page.getByRole('heading', { level: 1, name: fullName }).waitFor();
    await badge(page, 'Postulado').waitFor();
    await page.getByRole('button', { name: 'Iniciar seguimiento' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Photo: enlarge, with a download link through the authorised route.
    const { candidate } = await gql<{ candidate: { photo: { url: string } | null } }>(
      context,
      `{ candidate(id: "${id}") { photo { url } } }`,
    );
    expect(candidate.photo?.url).toMatch(/^\/files\/candidatos\/(perfil|postulacion)\/[^/]+$/);
    await page.getByRole('button', { name: `Ampliar fotografía de ${fullName}` }).click();
    const photo = page.getByRole('dialog', { name: `Fotografía de ${fullName}` });
    await photo.waitFor();
    expect(await photo.getByRole('link', { name: 'Descargar' }).getAttribute('href')).toBe(candidate.photo!.url);
    await page.keyboard.press('Escape');
    await photo.waitFor({ state: 'hidden' });

    // Documents open in a new tab; the opening is logged and shows on the timeline.
    await page.getByRole('tab', { name: /Documentos/ }).click();
    const cvLink = page.getByRole('link', { name: /Abrir Currículum/ });
    const cvHref = (await cvLink.getAttribute('href')) ?? '';
    expect(cvHref).toMatch(/^\/files\/candidatos\/(perfil|postulacion)\/[^/]+$/);
    const [cv] = await Promise.all([context.waitForEvent('page'), cvLink.click()]);
    await cv.waitForLoadState();
    expect(new URL(cv.url()).pathname).toBe(cvHref);
    expect((await context.request.get(cvHref)).headers()['content-type']).toBe('application/pdf');
    await cv.close();
    await screenshot(page, 'pipeline-detail-applied');

    // 'Iniciar seguimiento' by keyboard: e-mail and state, then back to the inbox.
    const start = page.getByRole('button', { name: 'Iniciar seguimiento' });
    await tabTo(page, start);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/panel/candidatos');
    await page.getByText('Estado actualizado').first().waitFor();
    await mailArrives(email, 'Tu postulación está en seguimiento');

    // Tests skipped: straight to the interview (the scheduling screen is issue 12).
    const { changeCandidateState } = await gql<{ changeCandidateState: { error: unknown } }>(
      context,
      `mutation { changeCandidateState(id: "${id}", state: INTERVIEW, expectedState: FOLLOW_UP) { error { __typename } } }`,
    );
    expect(changeCandidateState.error).toBeNull();
    await mailArrives(email, 'Etapa de entrevista');

    await page.goto(`/panel/detallecandidato/${id}`);
    await badge(page, 'Entrevista').waitFor();
    await page.getByRole('group', { name: 'Etapas del proceso' }).getByRole('button', { name: 'Inducción' }).click();
    // One click only asks: the candidate gets an e-mail when it is confirmed.
    const question = page.getByRole('dialog', { name: '¿Mover a inducción?' });
    await question.getByText(/se le enviará un correo/).waitFor();
    await question.getByRole('button', { name: 'Mover a inducción' }).click();
    await page.getByText('Movido a Inducción').first().waitFor();
    await badge(page, 'Inducción').waitFor();
    await mailArrives(email, 'Etapa de inducción');

    // Hire: all three fields required, then date, time and place go into the e-mail.
    await page.getByRole('group', { name: 'Etapas del proceso' }).getByRole('button', { name: 'Contratar' }).click();
    const hire = page.getByRole('dialog', { name: `Contratar a ${fullName}` });
    await hire.waitFor();
    await hire.getByRole('button', { name: 'Contratar' }).click();
    await hire.getByRole('alert').getByText('Debes completar fecha, hora y lugar').waitFor();
    const today = todayInGuatemala();
    await hire.getByRole('button', { name: /Fecha/ }).click();
    await page
      .getByRole('button', { name: dayjs(today).locale('es').format('D [de] MMMM [de] YYYY'), exact: true })
      .click();
    await hire.getByLabel(/Hora/).fill('09:30');
    await hire.getByRole('textbox', { name: /Lugar/ }).fill('Clínica Central Zona 1');
    await screenshot(page, 'pipeline-hire-dialog');
    // The dialog only: the 'Movido a Inducción' toast above is the app's shared notification.
    expect(await axeViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    await hire.getByRole('button', { name: 'Contratar' }).click();
    await page.getByText('Candidato contratado').first().waitFor();
    await page.getByText('Se movió al Historial.').first().waitFor();
    await badge(page, 'Contratado').waitFor();
    const hired = await mailArrives(email, '¡Felicidades!');
    expect(hired.text).toContain('Clínica Central Zona 1');
    expect(hired.text).toContain('09:30');
    expect(hired.text).toContain(formatDate(today));

    // Every step is locked now.
    await page.getByRole('button', { name: 'Contratar (bloqueado)' }).waitFor();

    // The timeline: each change with who made it, each e-mail delivered, the document opening.
    const timeline = page.getByRole('region', { name: 'Historial' });
    for (const step of [
      'Postulado → En seguimiento',
      'En seguimiento → Entrevista',
      'Entrevista → Inducción',
      'Inducción → Contratado',
      'Documento abierto: Currículum',
    ])
      await timeline.getByText(step).first().waitFor();
    expect(await timeline.getByText(/^Gestor Demo ·/).count()).toBeGreaterThanOrEqual(4);
    // Delivery statuses settle on 'Enviado' (the sink accepted every message above).
    await expect
      .poll(
        async () => {
          await page.reload();
          await timeline.getByText('Inducción → Contratado').waitFor();
          return {
            sent: await timeline.getByText('Enviado', { exact: true }).count(),
            pending: await timeline.getByText(/^(Pendiente|Enviando|Fallido)$/).count(),
          };
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toMatchObject({ pending: 0 });
    expect(await timeline.getByText('Enviado', { exact: true }).count()).toBeGreaterThanOrEqual(4);
    await screenshot(page, 'pipeline-detail-hired');

    // The printed summary.
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: path.join(ARTIFACTS, 'pipeline-detail-print.png'), fullPage: true });
    const printed = page.locator('.candidate-print-summary');
    expect(await printed.isVisible()).toBe(true);
    const text = await printed.innerText();
    for (const section of [
      'Información personal',
      'Educación',
      'Experiencia laboral',
      'Referencias',
      'Plaza aplicada',
      'Pretensión salarial y disponibilidad',
    ])
      expect(text).toContain(section);
    expect(text).toContain('01/03/2018');
    expect(text).toContain('Q 4,500.00');
    expect(await page.getByRole('heading', { name: 'Historial' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // At 360 px: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: fullName }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'pipeline-detail-360');
    await context.close();
  });

  it('says so for a candidate that does not exist', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'manager');
    await page.goto('/panel/detallecandidato/999999');
    await page.getByText('No se encontró el candidato.').waitFor();
    await page.getByRole('button', { name: 'Volver' }).click();
    await page.waitForURL('**/panel/candidatos');
    await context.close();
  });
});
