import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayjs, todayInGuatemala } from '../domain/src/format.js';
import { launch, loginAs, newPage, screenshot } from './browser.js';
import { mailsTo } from './mail.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function gql<T>(context: BrowserContext, query: string): Promise<T> {
  const res = await context.request.post('/graphql', { data: { query } });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (body.errors || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body)}`);
  return body.data;
}

describe('interviews (issue 12): scheduling screen', () => {
  it('a manager schedules an in-person interview: toast, candidate at entrevista, invitation with ICS at the SMTP sink', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'manager');
    const { candidates } = await gql<{
      candidates: { items: { id: string; fullName: string; email: string | null; allowedStates: string[] }[] };
    }>(context, `{ candidates(pageSize: 50) { items { id fullName email allowedStates } } }`);
    const target = candidates.items.find((c) => c.email && c.allowedStates.includes('INTERVIEW'));
    expect(target, 'a demo candidate that may move to entrevista').toBeTruthy();
    const c = target!;

    await page.goto(`/panel/asignacionentrevista/${c.id}`);
    await page.getByRole('heading', { level: 1, name: 'Crear Reunión de Teams' }).waitFor();
    await page.getByText(c.email!).first().waitFor();
    await page.getByText('Presencial', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Programar Entrevista Presencial' }).waitFor();

    const day = dayjs(todayInGuatemala()).add(3, 'day');
    await page.getByRole('button', { name: 'Fecha entrevista' }).click();
    if (day.month() !== dayjs(todayInGuatemala()).month())
      await page.getByRole('button', { name: 'Mes siguiente' }).click();
    await page.getByRole('button', { name: day.locale('es').format('D [de] MMMM [de] YYYY'), exact: true }).click();
    await page.getByLabel('Hora desde').fill('10:00');
    await page.getByLabel('Hora hasta').fill('11:30');
    await page.getByRole('combobox', { name: 'Sede' }).click();
    await page.getByRole('option').first().click();
    await page.getByLabel('Dirección / Instrucciones').fill('5a avenida 10-20, zona 1. Presentarse en recepción.');
    await page.getByLabel('Sala').fill('B2');
    await page.getByLabel('Otros participantes').fill('Jefa.Entrevistas@example.org');
    await screenshot(page, 'interview-in-person-form');

    await page.getByRole('button', { name: 'Programar entrevista' }).click();
    await page.getByText('Entrevista presencial programada').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'interview-in-person-done');

    const { candidate } = await gql<{ candidate: { state: string } }>(
      context,
      `{ candidate(id: "${c.id}") { state } }`,
    );
    expect(candidate.state).toBe('INTERVIEW');

    let invitation: { subject: string; ics: string } | undefined;
    await expect
      .poll(
        async () => {
          invitation = (await mailsTo(c.email!)).find((m) => m.subject.startsWith('Invitación a entrevista'));
          return Boolean(invitation);
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe(true);
    expect(invitation!.ics).toContain('METHOD:REQUEST');
    expect(invitation!.ics).toContain('B2');
    await expect
      .poll(async () => (await mailsTo('jefa.entrevistas@example.org')).length, { timeout: 20_000 })
      .toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Volver a candidatos' }).click();
    await page.waitForURL('**/panel/candidatos');
    await context.close();
  });

  it('is usable at 360 px: virtual mode with the participants checklist', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 780 });
    await loginAs(context, 'manager');
    const { candidates } = await gql<{ candidates: { items: { id: string }[] } }>(
      context,
      `{ candidates(pageSize: 5) { items { id } } }`,
    );
    await page.goto(`/panel/asignacionentrevista/${candidates.items[0]!.id}`);
    await page.getByRole('heading', { level: 1, name: 'Crear Reunión de Teams' }).waitFor();
    await page.getByRole('group', { name: /^Participantes/ }).waitFor();
    await page.getByText('Cargando correos...').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'interview-virtual-360');
    await context.close();
  });
});
