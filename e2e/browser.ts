import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

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
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
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

/** Waits until the client-side router has settled on a path, and returns it. */
export async function settledPath(page: Page): Promise<string> {
  let last = '';
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(150);
    const now = new URL(page.url()).pathname;
    if (now === last) return now;
    last = now;
  }
  return last;
}
