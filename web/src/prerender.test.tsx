// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from './app/App';
import { offlineClient, render, routerAt } from './prerender';

describe('the prerendered public pages (web/scripts/prerender.mjs)', () => {
  it("renders the home as an anonymous visitor's first paint: bar, hero, filters, loading cards", () => {
    const html = render('/');
    expect(html).toContain('Encuentra el trabajo de tus sueños');
    expect(html).toContain('Regístrate / Iniciar Sesion');
    expect(html).toContain('Buscar vacantes');
    expect(html).toContain('Cargando vacantes…');
    expect(html).not.toContain('Cargando sesión');
  });

  it('renders /vacantes with its own heading', () => {
    const html = render('/vacantes');
    expect(html).toContain('Vacantes Disponibles');
    expect(html).not.toContain('Encuentra el trabajo de tus sueños');
  });

  it('cuts the page into Suspense boundaries, so that React hydrates it in slices', () => {
    // React writes a boundary as <!--$-->…<!--/$-->: the bar, the page, the footer, and in the board
    // the hero, the list and the rest.
    expect(render('/').match(/<!--\$-->/g)?.length).toBeGreaterThanOrEqual(6);
  });
});

describe('hydrating the prerendered copy (start.tsx)', () => {
  let root: Root | null = null;
  let container: HTMLElement | null = null;

  beforeAll(() => {
    // act() flushes React's work, hydration included, before the assertions.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
    root = container = null;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /**
   * The copy of `url` in a container, hydrated as start.tsx does it. What React reports: recoverable
   * errors (a mismatch makes React throw the copy away and render again) and its warnings (an
   * attribute that differs is only logged).
   */
  async function hydrate(url: string, html = render(url), beforeTheApp?: (copy: HTMLElement) => void) {
    container = document.createElement('div');
    container.innerHTML = html;
    beforeTheApp?.(container);
    document.body.append(container);
    const heading = container.querySelector('h1, h2');
    const mismatches: unknown[] = [];
    const warnings = vi.spyOn(console, 'error').mockImplementation(() => {});
    const target = container;
    await act(async () => {
      root = hydrateRoot(target, <App client={offlineClient()} knownAnonymous Router={routerAt(url)} />, {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });
    const logged = warnings.mock.calls.map((args) => args.map(String).join(' '));
    warnings.mockRestore();
    return { mismatches, logged, heading, container: target };
  }

  it.each(['/', '/vacantes'])('%s: React adopts the copy as it is, without a mismatch', async (url) => {
    const { mismatches, logged, heading, container } = await hydrate(url);
    expect(mismatches).toEqual([]);
    expect(logged).toEqual([]);
    // The very element of the copy, not one rendered over it.
    expect(heading).not.toBeNull();
    expect(container.querySelector('h1, h2')).toBe(heading);
  });

  it.each(['/vacantes/3/postular', '/vacantes/3'])(
    "a shared link (%s) hydrates /vacantes' copy, then opens its dialog",
    async (url) => {
      // The BFF sends the board's copy for those addresses too (bff/src/files/web.ts): the form or the
      // vacancy's detail is not in it and must not make React throw the copy away; it opens once the
      // page is adopted.
      const { mismatches, logged, heading, container } = await hydrate(url, render('/vacantes'));
      expect(mismatches).toEqual([]);
      expect(logged).toEqual([]);
      expect(container.querySelector('h1, h2')).toBe(heading);
      expect(heading?.textContent).toBe('Vacantes Disponibles');
      // The dialog's chunk arrives, and the dialog opens over the board.
      for (let i = 0; i < 50 && !document.querySelector('[role="dialog"]'); i++)
        await act(() => new Promise((r) => setTimeout(r, 100)));
      expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    },
  );

  it('a search typed into the copy before the app ran is the search once it has', async () => {
    // What a visitor typed while the scripts were still on their way.
    const { mismatches, container } = await hydrate('/vacantes', render('/vacantes'), (copy) => {
      copy.querySelector<HTMLInputElement>('input[type="search"]')!.value = 'enfermera';
    });
    expect(mismatches).toEqual([]);
    expect(container.querySelector<HTMLInputElement>('input[type="search"]')!.value).toBe('enfermera');
    // The board took it: the field's clear button shows only for a search it knows.
    expect(container.querySelector('button[aria-label="Borrar búsqueda"]')).not.toBeNull();
  });

  it('a banner dismissed in this tab: the copy shows it, hydration matches it, then it goes', async () => {
    const html = render('/'); // at build time: no tab, no storage
    expect(html).toContain('¿Ya tienes una cuenta?');
    sessionStorage.setItem('bolsa.guestBanner.dismissed', '1');
    const { mismatches, logged, container } = await hydrate('/', html);
    expect(mismatches).toEqual([]);
    expect(logged).toEqual([]);
    expect(container.textContent).not.toContain('¿Ya tienes una cuenta?');
  });

  it('a copy built last year: hydration matches its footer, then the footer shows this year', async () => {
    const html = render('/');
    const built = new Date().getFullYear();
    expect(html.replace(/<!-- -->/g, '').includes(`© ${built} `)).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(built + 1, 0, 1, 0, 5));
    const { mismatches, logged, container } = await hydrate('/', html);
    expect(mismatches).toEqual([]);
    expect(logged).toEqual([]);
    expect(container.querySelector('footer')?.textContent).toContain(`© ${built + 1}`);
  });
});
