import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';

export const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

export function baseUrl(): string {
  return inject('baseUrl');
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  base = baseUrl(),
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: base, locale: 'es-GT' });
  const page = await context.newPage();
  reportOnFailure(page);
  return { context, page };
}

let failures = 0;
/**
 * When the journey that opened this page fails, the log says where the page was and what it showed
 * (its path, title and headings), and a screenshot `failed-<n>.png` is kept: a CI run that fails
 * once on a busy machine then says what happened without a rerun. Pages opened outside a test
 * (in a hook) are not followed.
 */
function reportOnFailure(page: Page): void {
  try {
    onTestFailed(async ({ task }) => {
      const n = ++failures;
      // page.url() still answers once the page is closed: where it last was.
      const where = new URL(page.url());
      // A journey that closes its context in a `finally` has closed the page before this runs.
      if (page.isClosed()) {
        console.error(
          `[failed ${n}] ${task.name}: the journey closed its page; it was last at ${where.pathname}${where.search}`,
        );
        return;
      }
      try {
        const headings = await page
          .locator('h1, h2, [role="alert"], [role="dialog"]')
          .allInnerTexts()
          .then((texts) => texts.map((t) => t.replace(/\s+/g, ' ').trim().slice(0, 80)).slice(0, 8));
        await page.screenshot({ path: path.join(ARTIFACTS, `failed-${n}.png`), fullPage: true, timeout: 5_000 });
        console.error(
          `[failed ${n}] ${task.name}: page at ${where.pathname}${where.search}, title '${await page.title()}', ` +
            `showing ${JSON.stringify(headings)} (screenshot e2e/artifacts/failed-${n}.png)`,
        );
      } catch (e) {
        console.error(`[failed ${n}] ${task.name}: the page could not be read (${(e as Error).message})`);
      }
    });
  } catch {
    // Not inside a test (a beforeAll): nothing to follow.
  }
}

/** A picture for people to look at; journeys wait for what they assert before taking it. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

export const DEMO_PASSWORD = 'Demo2026!';
export const STAFF = {
  admin: 'admin@ejemplo.org.gt',
  manager: 'gestor@ejemplo.org.gt',
  viewer: 'visualizador@ejemplo.org.gt',
} as const;
export const CANDIDATE = 'ana.lopez@example.com';

/** Logs the context in through the API (sets the session cookie), for journeys about something else. */
export async function loginAs(context: BrowserContext, who: keyof typeof STAFF | 'candidate'): Promise<void> {
  const query =
    who === 'candidate'
      ? `mutation { candidateLogin(email: "${CANDIDATE}", password: "${DEMO_PASSWORD}") { error { __typename } } }`
      : `mutation { staffLogin(username: "${STAFF[who]}", password: "${DEMO_PASSWORD}") { error { __typename } } }`;
  const res = await context.request.post('/graphql', { data: { query } });
  const body = await res.json();
  if (body.errors || Object.values(body.data as Record<string, { error: unknown }>)[0]!.error) {
    throw new Error(`login ${who} failed: ${JSON.stringify(body)}`);
  }
}

/**
 * Where the app lands on `expected`'s route once it has decided: the session is known (the page
 * shell, #contenido, has content; it is not rendered while 'Cargando sesión' spins) and the
 * address is `expected` — or, if it never gets there, where it stayed, for the assertion to
 * show. State, not time: no pause decides it, however busy the machine.
 */
export async function landedPath(page: Page, expected: string, timeout = 20_000): Promise<string> {
  await page.waitForFunction(() => (document.getElementById('contenido')?.childElementCount ?? 0) > 0, undefined, {
    timeout,
  });
  await page.waitForURL((u) => u.pathname === expected, { timeout }).catch(() => undefined);
  return new URL(page.url()).pathname;
}

/** The answer to the next GraphQL operation of that name (start waiting before the action). */
export function operationAnswered(page: Page, operationName: string): Promise<unknown> {
  return page.waitForResponse((r) => {
    if (!r.url().endsWith('/graphql') || r.request().method() !== 'POST') return false;
    try {
      return (r.request().postDataJSON() as { operationName?: string }).operationName === operationName;
    } catch {
      return false;
    }
  });
}

/**
 * axe's violations on the page as it is now, one line per rule with the elements it found
 * ('color-contrast: .x, .y'), so a failure says where to look. `include` narrows to a part of
 * the page; `tags` to a set of rules (e.g. WCAG 2.1 AA). It first waits for whatever says
 * `aria-busy` (a list dimmed while its next page loads) to settle: half-faded rows are a
 * moment of loading, not the page's contrast.
 */
export async function axeViolations(
  page: Page,
  options: { include?: string; tags?: string[] } = {},
): Promise<string[]> {
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 15_000 });
  // A frame that may run no script (`sandbox=""`, the template editor's e-mail preview) cannot
  // take axe, and @axe-core/playwright then waits for it forever (a bare page with such a frame:
  // no answer in 120 s; 3 s without the attribute). Its content is the e-mail's HTML, checked in
  // the api's tests; the journey that shows it checks the frame's title.
  let axe = new AxeBuilder({ page }).exclude('iframe[sandbox]');
  if (options.include) axe = axe.include(options.include);
  if (options.tags) axe = axe.withTags(options.tags);
  const results = await axe.analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
