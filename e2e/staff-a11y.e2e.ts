import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginAs, newPage, axeViolations } from './browser.js';

/*
 * WCAG 2.2 AA (axe) on the staff's candidate screens at a desktop and a phone width (issue 20):
 * the history with hired and rejected rows, the interview form with its date placeholder, the
 * candidate detail's every tab, the test assignment and its results. Each screen is checked once
 * it shows what it is about (a heading, a row), never after a fixed pause.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A demo candidate (api/src/demo/pipeline.ts) that the journeys only read. */
async function candidateId(context: BrowserContext, name: string): Promise<string> {
  const res = await context.request.post('/graphql', {
    data: { query: `query($s: String) { candidates(search: $s) { items { id fullName } } }`, variables: { s: name } },
  });
  const body = (await res.json()) as { data: { candidates: { items: { id: string; fullName: string }[] } } };
  return body.data.candidates.items.find((c) => c.fullName === name)!.id;
}

describe('staff candidate screens pass axe at 1280 and 360 px', () => {
  for (const viewport of WIDTHS) {
    it(`history, interview scheduling, candidate detail and tests at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await loginAs(context, 'admin');
      const found: Record<string, string[]> = {};

      // History: the 'Todos' tab has a hired ('Contratado') and a rejected row.
      await page.goto('/panel/historial');
      await page.getByRole('heading', { level: 1, name: 'Historial de Candidatos' }).waitFor();
      const table = page.getByRole('table', { name: 'Historial de candidatos' });
      await table.getByText('Contratado', { exact: true }).first().waitFor();
      await table.getByText('Rechazado', { exact: true }).first().waitFor();
      found['/panel/historial'] = await axeViolations(page, { tags: TAGS });

      const id = await candidateId(context, 'Diego Fernando Sam Chun');
      await page.goto(`/panel/asignacionentrevista/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Crear Reunión de Teams' }).waitFor();
      await page.getByText('dd/mm/aaaa').first().waitFor();
      await page.getByText('Cargando correos...').waitFor({ state: 'detached' });
      found['/panel/asignacionentrevista'] = await axeViolations(page, { tags: TAGS });

      await page.goto(`/panel/detallecandidato/${id}`);
      await page.getByRole('heading', { name: 'Diego Fernando Sam Chun' }).first().waitFor();
      for (const tab of ['Datos Personales', 'Experiencia', 'Referencias', 'Documentos']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tabpanel', { name: tab }).waitFor();
        found[`/panel/detallecandidato · ${tab}`] = await axeViolations(page, { tags: TAGS });
      }

      const tested = await candidateId(context, 'Lesly Marisol Tun Ical');
      await page.goto(`/panel/asignacionpruebas/${tested}`);
      await page.getByRole('heading', { level: 1, name: 'Asignación de Pruebas' }).waitFor();
      await page.getByRole('heading', { name: /^Pruebas Asignadas \(\d+\)$/ }).waitFor();
      found['/panel/asignacionpruebas'] = await axeViolations(page, { tags: TAGS });
      await page.getByRole('tab', { name: 'Resultados' }).click();
      await page.getByRole('tabpanel', { name: 'Resultados' }).waitFor();
      found['/panel/asignacionpruebas?tab=resultados'] = await axeViolations(page, { tags: TAGS });

      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
      await context.close();
    });
  }
});
