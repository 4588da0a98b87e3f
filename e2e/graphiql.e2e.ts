import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SCHEMA_MESSAGES } from '../domain/src/messages.js';
import { startOwnBff, type OwnBff } from './own-bff.js';
import { ARTIFACTS, launch, loginAs, newPage } from './browser.js';

/**
 * GraphiQL 5 as production serves it with GRAPHIQL=true: the schema for staff sessions and API
 * tokens only (INTROSPECTION=staff), everything — scripts, Monaco's workers, styles, fonts — from
 * our own origin, with the network to anywhere else cut off.
 */

let browser: Browser;
let own: OwnBff;
let base: string;

beforeAll(async () => {
  browser = await launch();
  const api = inject('api');
  own = await startOwnBff(api.url, api.token, { graphiql: true, introspection: 'staff' });
  base = own.base;
});
afterAll(async () => {
  await browser?.close();
  await own?.close();
});

/**
 * A screenshot without waiting for the network to go idle: the answer is already on screen, and
 * Monaco's workers may still be busy.
 */
async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/** A page on our BFF whose every request to another origin is refused, and recorded. */
async function offlinePage(viewport?: { width: number; height: number }) {
  const { context, page } = await newPage(browser, viewport, base);
  const elsewhere: string[] = [];
  const origin = new URL(base).origin;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    elsewhere.push(url);
    return route.abort('internetdisconnected');
  });
  // Workers' own requests go through the context's routing too; list every request to be sure.
  const requested: string[] = [];
  context.on('request', (r) => requested.push(r.url()));
  return { context, page, elsewhere, requested, origin };
}

/** Replaces an editor's whole text (Monaco: select all, then insert as one input, so no auto-closing). */
async function setEditor(page: Page, selector: string, text: string) {
  await page.locator(`${selector} .monaco-editor`).first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Escape'); // close a suggestion list, if one opened
}

async function openGraphiql(page: Page) {
  await page.goto('/graphiql');
  await page.locator('.graphiql-container').waitFor();
  // The tab takes the default query's operation name once the editor holds it.
  await page.locator('.graphiql-tab-active').getByText('PrimerasVacantes').waitFor();
  await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor();
}

/** The response editor's text without white space (Monaco breaks long lines where the pane ends). */
async function answerText(page: Page): Promise<string> {
  return (await page.locator('.result-window').innerText()).replace(/\s+/g, '');
}

async function run(page: Page): Promise<string> {
  await page.locator('.graphiql-execute-button').click();
  await expect.poll(() => answerText(page), { timeout: 20_000 }).toContain('"data"');
  return answerText(page);
}

async function openDocs(page: Page) {
  await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
  return page.locator('.graphiql-plugin');
}

function sameOrigin(requested: string[], origin: string) {
  return requested.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'));
}

async function createToken(context: BrowserContext): Promise<string> {
  const res = await context.request.post('/graphql', {
    data: { query: 'mutation { createApiToken(name: "GraphiQL (prueba del navegador)", role: VIEWER) { token } }' },
  });
  return ((await res.json()) as { data: { createApiToken: { token: string } } }).data.createApiToken.token;
}

describe('GraphiQL', () => {
  it('runs its default query without a session, all from our origin, and says how to get the schema', async () => {
    const { context, page, elsewhere, requested, origin } = await offlinePage();
    await openGraphiql(page);
    // GraphiQL shows why it has no schema where the answer goes.
    await expect
      .poll(() => answerText(page), { timeout: 20_000 })
      .toContain(SCHEMA_MESSAGES.signInToRead.replace(/\s+/g, ''));
    const docs = await openDocs(page);
    await docs.getByText('Error fetching schema').waitFor();
    const answer = await run(page);
    expect(answer).toContain('"vacancies":{"totalCount":');
    // Monaco's three workers run from our own built files (the GraphQL one may start a moment
    // after the answer is shown: ci25 saw two of three).
    await expect
      .poll(
        () =>
          page
            .workers()
            .map((w) => w.url().replace(/-[\w-]+\.js$/, '.js'))
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(['editor.worker', 'graphql.worker', 'json.worker'].map((w) => `${origin}/assets/${w}.js`));
    expect(elsewhere).toEqual([]);
    expect(sameOrigin(requested, origin)).toEqual([]);
    await context.close();
  });

  it('gives a signed-in staff member the schema in the docs explorer', async () => {
    const { context, page, elsewhere } = await offlinePage();
    await loginAs(context, 'viewer');
    await openGraphiql(page);
    const docs = await openDocs(page);
    await docs.getByText('Root Types').waitFor({ timeout: 20_000 });
    await docs.getByRole('link', { name: 'Query' }).click();
    await docs.getByText('vacancies', { exact: true }).first().waitFor();
    expect(await run(page)).toContain('"vacancies"');
    await screenshot(page, 'graphiql-staff-1280');
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it('works with an API token typed in the headers editor, without a session', async () => {
    const admin = await offlinePage();
    await loginAs(admin.context, 'admin');
    const token = await createToken(admin.context);
    await admin.context.close();

    const { context, page, elsewhere, requested, origin } = await offlinePage();
    await openGraphiql(page);
    await setEditor(
      page,
      '.graphiql-editor-tool .graphiql-editor:not(.hidden)',
      `{ "Authorization": "Bearer ${token}" }`,
    );
    await page.getByRole('button', { name: /Re-fetch GraphQL schema/ }).click();
    const docs = await openDocs(page);
    await docs.getByText('Root Types').waitFor({ timeout: 20_000 });
    await setEditor(
      page,
      '.graphiql-query-editor',
      'query ConToken { me { kind role } candidates(pageSize: 2) { totalCount } }',
    );
    // The tab is named after the operation in the editor: the new query is in, whole.
    await page.locator('.graphiql-tab-active').getByText('ConToken').waitFor();
    const answer = await run(page);
    expect(answer).toContain('"INTEGRATION"');
    expect(answer).toMatch(/"candidates":\{"totalCount":\d+/);
    expect(answer).not.toContain('"errors"');
    await screenshot(page, 'graphiql-token-1280');
    expect(elsewhere).toEqual([]);
    expect(sameOrigin(requested, origin)).toEqual([]);
    await context.close();
  });

  it('fits a phone (360 px) well enough to run the default query', async () => {
    const { context, page, elsewhere } = await offlinePage({ width: 360, height: 780 });
    await openGraphiql(page);
    expect(await run(page)).toContain('"vacancies"');
    await screenshot(page, 'graphiql-360');
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
