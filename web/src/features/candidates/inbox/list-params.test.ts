import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams, type ListParamsSpec } from './list-params';

const SPEC: ListParamsSpec<'todos' | 'postulados' | 'entrevista'> = {
  tabs: ['todos', 'postulados', 'entrevista'],
  defaultTab: 'todos',
  pageSizes: [5, 10, 25, 50],
  defaultPageSize: 10,
};
const read = (q: string) => readListParams(new URLSearchParams(q), SPEC);
const write = (q: string, change: Parameters<typeof writeListParams>[2]) =>
  writeListParams(new URLSearchParams(q), SPEC, change).toString();

describe('list filters in the address', () => {
  it('reads the defaults from an empty or unreadable address', () => {
    const defaults = { tab: 'todos', search: '', page: 1, pageSize: 10 };
    expect(read('')).toEqual(defaults);
    expect(read('estado=otro&pagina=-2&filas=7')).toEqual(defaults);
    expect(read('pagina=0&filas=abc')).toEqual(defaults);
    expect(read('pagina=1e3')).toEqual(defaults);
  });

  it('reads tab, search, page and size', () => {
    expect(read('estado=entrevista&q=ana&pagina=3&filas=25')).toEqual({
      tab: 'entrevista',
      search: 'ana',
      page: 3,
      pageSize: 25,
    });
  });

  it('goes back to page 1 when the tab, the search or the page size change (spec 3 §2.1)', () => {
    const at3 = 'estado=postulados&q=ana&pagina=3';
    expect(write(at3, { tab: 'entrevista' })).toBe('estado=entrevista&q=ana');
    expect(write(at3, { search: 'luis' })).toBe('estado=postulados&q=luis');
    expect(write(at3, { pageSize: 50 })).toBe('estado=postulados&q=ana&filas=50');
    expect(write(at3, { page: 4 })).toBe('estado=postulados&q=ana&pagina=4');
  });

  it('keeps the page when nothing really changed, leaves defaults out and keeps other parameters', () => {
    expect(write('q=ana&pagina=2', { search: 'ana' })).toBe('q=ana&pagina=2');
    expect(write('plazaId=7&pagina=2', { page: 1 })).toBe('plazaId=7');
    expect(write('', { search: '  ana  ' })).toBe('q=ana');
  });
});
