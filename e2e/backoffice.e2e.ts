import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dayjs, todayInGuatemala } from '@bolsa/domain';
import { launch, loginAs, newPage, screenshot } from './browser.js';

let browser: Browser;
let jpeg: Buffer;
let webp: Buffer;
beforeAll(async () => {
  browser = await launch();
  jpeg = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#1a8f76' } })
    .composite([
      { input: Buffer.from('<svg width="1200" height="675"><circle cx="600" cy="337" r="200" fill="#fff"/></svg>') },
    ])
    .jpeg()
    .toBuffer();
  webp = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#8f1a4a' } })
    .webp()
    .toBuffer();
});
afterAll(() => browser?.close());

const NAME = `Técnico de farmacia ${Date.now().toString(36)}`;

/** Chooses an option in a native select, or types into a combobox and clicks the option. */
async function pick(page: Page, label: string, option: string, type?: string) {
  const field = page.getByRole('combobox', { name: new RegExp(`^${label}`) }).first();
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') {
    await field.selectOption({ label: option });
    return;
  }
  await field.fill(type ?? option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Types into the vacancy list's search and waits until the list shows only what it matches. The
 * search is debounced: clicking a row's button before the filtered answer arrives races React
 * moving the rows under the pointer (the 'Editar' click once opened nothing on a busy CI machine).
 */
async function searchList(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
  const rows = page.locator('table tbody tr');
  await expect
    .poll(
      async () =>
        (await page.locator('[aria-busy="true"]').count()) === 0 &&
        (await rows.count()) > 0 &&
        (await rows.count()) === (await rows.filter({ hasText: text }).count()),
      { timeout: 20_000 },
    )
    .toBe(true);
}

async function boardNames(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Ver Detalles' }).first().waitFor();
  return [
    ...new Set((await page.locator('article:not([aria-hidden="true"]) h3').allInnerTexts()).map((n) => n.trim())),
  ];
}

describe('vacancy back-office', () => {
  it('a Gestor creates a vacancy through the three steps and the preview; it appears on the board with its image', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'manager');
    await page.goto('/panel/plazas/crear-vacante');
    await page.getByRole('tab', { name: 'Crear Vacante' }).waitFor();

    // Step 1: Información General
    await page.getByLabel('Nombre de la vacante').fill(NAME);
    await pick(page, 'Sede', 'Clínica Cobán');
    await pick(page, 'Departamento', 'Alta Verapaz');
    await pick(page, 'Municipio', 'Cobán', 'Cob');
    await page
      .getByLabel('Descripción')
      .fill('Dispensará medicamentos y llevará el control del inventario de la farmacia.');
    await page.getByLabel('Fecha de finalización').click();
    // The calendar opens on the month of the first day it allows (tomorrow in Guatemala): on a
    // month's last day that is already the next month. The 15th of the month after that one.
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
    const day = dayjs(todayInGuatemala()).add(1, 'day').add(1, 'month').date(15).locale('es');
    await page.getByRole('button', { name: day.format('D [de] MMMM [de] YYYY'), exact: true }).click();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2: Requisitos y Beneficios (Enter adds an item; blanks are ignored)
    await page.getByLabel('Requisitos').fill('Título de técnico en farmacia');
    await page.getByLabel('Requisitos').press('Enter');
    await page.getByLabel('Requisitos').fill('   ');
    await page.getByLabel('Requisitos').press('Enter');
    await page.getByLabel('Beneficios (Ofrecemos)').fill('Prestaciones de ley');
    await page.getByLabel('Beneficios (Ofrecemos)').press('Enter');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 3: Imagen — it names what it takes, and refuses a WebP at once in the spec's words.
    await page.getByText('JPG, PNG o GIF, máximo 5MB.').waitFor();
    expect(await page.getByText(/WebP|[Cc]ualquier/).count()).toBe(0);
    const input = page.getByLabel('Seleccionar imagen de la vacante');
    await input.setInputFiles({ name: 'foto.webp', mimeType: 'image/webp', buffer: webp });
    await page.getByText('Solo se permiten archivos JPG, PNG o GIF').first().waitFor();
    // The server refuses what is not really an image, whatever its name.
    await input.setInputFiles({
      name: 'foto.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n'),
    });
    await page.getByText('Solo se permiten archivos JPG, PNG o GIF').first().waitFor();
    await input.setInputFiles({
      name: 'pagina.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><h1>hola</h1>'),
    });
    await page.getByText('Solo se permiten archivos JPG, PNG o GIF').first().waitFor();
    await input.setInputFiles({
      name: 'enorme.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024)]),
    });
    await page.getByText('El archivo no debe superar los 5MB').first().waitFor();
    await input.setInputFiles({ name: 'farmacia.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page
      .getByRole('img', { name: /vista previa|imagen/i })
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Ver Previo' }).click();
    await page.getByText(NAME).first().waitFor();
    await page.getByText('Ofrecemos').first().waitFor();
    await screenshot(page, 'create-vacancy-preview');
    await page.getByRole('button', { name: 'Guardar Plaza' }).click();
    await page.getByText('La plaza ha sido registrada exitosamente').waitFor({ timeout: 20_000 });

    const visitor = await newPage(browser);
    await visitor.page.goto('/');
    await visitor.page.getByLabel('Buscar vacantes').fill(NAME);
    await expect.poll(() => boardNames(visitor.page), { timeout: 10_000 }).toEqual([NAME]);
    const img = visitor.page.locator('article:not([aria-hidden="true"]) img').first();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await img.getAttribute('src')).toMatch(/^\/images\/plazas\//);
    await visitor.context.close();
    await context.close();
  });

  it('the Gestor edits it, then features it and it moves first on the public board', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'manager');
    await page.goto('/panel/plazas');
    await searchList(page, NAME);
    await page.getByRole('button', { name: `Editar ${NAME}` }).click();
    await page.getByRole('heading', { name: 'Editar Vacante' }).waitFor();
    await page
      .getByLabel('Descripción')
      .fill('Dispensará medicamentos, controlará el inventario y orientará a pacientes.');
    // The image tab takes WebP and says so; a 5.9 MB image is refused next to the field, and it stays said.
    await page.getByRole('tab', { name: 'Imagen' }).click();
    const imageTab = page.getByRole('tabpanel', { name: 'Imagen' });
    await imageTab.getByText('JPG, PNG, GIF o WebP, máximo 5MB.').waitFor();
    const image = page.getByLabel('Seleccionar imagen de la vacante');
    await image.setInputFiles({
      name: 'enorme.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([jpeg, Buffer.alloc(5.9 * 1024 * 1024 - jpeg.length)]),
    });
    const refusal = imageTab.getByRole('alert');
    await refusal.getByText('El archivo no debe superar los 5MB').waitFor();
    await refusal.getByText('Archivo muy grande').waitFor();
    await screenshot(page, 'edit-vacancy-too-large');
    // Longer than a form banner lives (3 s): this refusal is still there to be read.
    await page.waitForTimeout(3_500);
    expect(await refusal.getByText('El archivo no debe superar los 5MB').isVisible()).toBe(true);
    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/uploads');
    await image.setInputFiles({ name: 'farmacia.webp', mimeType: 'image/webp', buffer: webp });
    // The BFF takes it for the edit tab (it refused WebP for every vacancy image before).
    expect((await uploaded).status()).toBe(201);
    await imageTab.getByText(/farmacia\.webp · /).waitFor();
    expect(await imageTab.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Confirmar cambios?' });
    await confirm.getByRole('button', { name: /Confirmar|Guardar|Sí/ }).click();
    await page.getByText('¡Actualización exitosa!').first().waitFor();
    await page.waitForURL('**/panel/plazas');

    await page.goto('/panel');
    await page.getByRole('heading', { name: 'Panel de Acceso Rápido' }).waitFor();
    const card = page.locator('article').filter({ hasText: NAME });
    await card.getByRole('switch', { name: 'Destacada' }).check({ force: true });
    await page.getByText('Plaza marcada como destacada').waitFor();

    const visitor = await newPage(browser);
    await visitor.page.goto('/');
    await expect.poll(async () => (await boardNames(visitor.page))[0], { timeout: 10_000 }).toBe(NAME);
    await visitor.context.close();
    await context.close();
  });

  it('an Administrador deletes a vacancy that has applications and sees the count', async () => {
    const target = inject('vacancyWithApplications');
    const { context, page } = await newPage(browser);
    await loginAs(context, 'admin');
    await page.goto('/panel/plazas');
    await searchList(page, target.name);
    await page
      .getByRole('button', { name: `Eliminar ${target.name}` })
      .first()
      .click();
    await page.getByRole('dialog', { name: '¿Eliminar vacante?' }).getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Vacante eliminada correctamente.').first().waitFor();
    await page
      .getByText(new RegExp(`${target.applications} postulaci`))
      .first()
      .waitFor();
    await context.close();
  });

  it('on a 360 px phone the panel tables are stacked cards: no column hides behind a sideways scroll', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 780 });
    await loginAs(context, 'admin');
    for (const path of ['/panel/usuarios', '/panel/plazas']) {
      await page.goto(path);
      await page.locator('table tbody tr').first().waitFor();
      const hidden = await page.evaluate(() =>
        [...document.querySelectorAll('table')].map((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
      );
      expect(hidden.every((px) => px <= 0)).toBe(true);
      const cells = await page.evaluate(() =>
        [...document.querySelectorAll('table tbody tr:first-child td')].every((td) => {
          const r = td.getBoundingClientRect();
          return r.left >= 0 && r.right <= window.innerWidth;
        }),
      );
      expect(cells).toBe(true);
      await screenshot(page, `panel-360${path.replaceAll('/', '-')}`);
    }
    await context.close();
  });

  it('a Visualizador sees no create, edit, delete or featured controls', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context, 'viewer');
    await page.goto('/panel/plazas');
    await page.getByRole('button', { name: /^Ver / }).first().waitFor();
    expect(await page.getByRole('button', { name: /^(Editar|Eliminar) / }).count()).toBe(0);
    expect(
      await page
        .getByRole('link', { name: 'Nueva Vacante' })
        .or(page.getByRole('button', { name: 'Nueva Vacante' }))
        .count(),
    ).toBe(0);
    await page.goto('/panel');
    await page.getByRole('heading', { name: 'Panel de Acceso Rápido' }).waitFor();
    // The cards are there (where a featured toggle would be) before checking that none is.
    await page
      .getByRole('button', { name: /Ver Candidatos/ })
      .first()
      .waitFor();
    expect(await page.getByRole('switch', { name: 'Destacada' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Mantenimiento de Pruebas' }).click();
    // The library has loaded (its first card) before looking for what must not be there.
    await page.getByRole('tabpanel', { name: 'Mantenimiento de Pruebas' }).getByRole('article').first().waitFor();
    expect(await page.getByRole('button', { name: /Nueva Prueba|Eliminar/ }).count()).toBe(0);
    await context.close();
  });
});
