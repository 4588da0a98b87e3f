import { describe, expect, it } from 'vitest';
import { render } from './prerender';

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
});
