import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import {
  ListPager,
  ListScreen,
  ListTable,
  listStateOf,
  useListPage,
  useListSearch,
  useSearchText,
  type ListState,
} from './ListScreen';

function Screen({ state, onPage = () => {} }: { state: ListState; onPage?: (p: number) => void }) {
  const [search, setSearch] = useState('');
  return (
    <ListScreen
      searchLabel="Filtrar cosas"
      search={{ label: 'Buscar cosa', placeholder: 'Nombre', value: search, onChange: setSearch }}
      filters={<input aria-label="Otro filtro" />}
      state={state}
      busy={state === 'loading'}
      loadingView={<p>Cargando cosas…</p>}
      failedView={state === 'failed' ? <p role="alert">No se pudieron cargar</p> : undefined}
      empty={{ icon: null, title: 'No hay cosas' }}
      footer={<ListPager summary="Mostrando 1-2 de 30 cosas" page={1} total={3} onChange={onPage} label="Páginas" />}
    >
      <ul>
        <li>Una cosa</li>
      </ul>
    </ListScreen>
  );
}

describe('ListScreen', () => {
  it('shows the search form with its filters, and the rows with the range and the pager when ready', async () => {
    const onPage = vi.fn();
    renderWithProviders(<Screen state="ready" onPage={onPage} />);
    const form = screen.getByRole('search', { name: 'Filtrar cosas' });
    expect(form).toContainElement(screen.getByRole('searchbox', { name: 'Buscar cosa' }));
    expect(form).toContainElement(screen.getByRole('textbox', { name: 'Otro filtro' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar cosa' }), 'abc');
    expect(screen.getByRole('searchbox', { name: 'Buscar cosa' })).toHaveValue('abc');
    expect(screen.getByText('Una cosa')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Mostrando 1-2 de 30 cosas');
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it.each([
    ['loading', 'Cargando cosas…'],
    ['failed', 'No se pudieron cargar'],
    ['empty', 'No hay cosas'],
  ] as const)('in state %s shows only "%s"', (state, text) => {
    renderWithProviders(<Screen state={state} />);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Una cosa')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Páginas' })).not.toBeInTheDocument();
  });

  it('shows a failure as the empty state when the screen has no failure view', () => {
    renderWithProviders(
      <ListScreen
        searchLabel="Filtrar"
        search={{ label: 'Buscar', placeholder: '', value: '', onChange: () => {} }}
        state="failed"
        busy={false}
        loadingView={null}
        empty={{ icon: null, title: 'Aún no hay cosas' }}
      >
        <p>Una cosa</p>
      </ListScreen>,
    );
    expect(screen.getByText('Aún no hay cosas')).toBeInTheDocument();
  });

  it('shows tabs with their counts, several search boxes, the table and the windowed pager of a server-paged list', async () => {
    const onTab = vi.fn();
    const onPage = vi.fn();
    renderWithProviders(
      <ListScreen<'ALL' | 'HIRED'>
        searchLabel="Buscar en el historial"
        search={[
          { label: 'Buscar por puesto', value: '', onChange: () => {} },
          { label: 'Buscar por candidato', value: '', onChange: () => {} },
        ]}
        tabs={{
          label: 'Resultado',
          value: 'ALL',
          items: [
            { value: 'ALL', label: 'Todos', count: 7 },
            { value: 'HIRED', label: 'Contratados', count: 3 },
          ],
          onChange: onTab,
        }}
        state={{ loading: false, data: {}, items: [1] }}
        loadingView={null}
        empty={{ icon: null, title: 'Nada' }}
        paging={{
          page: 9,
          pageSize: 5,
          totalCount: 12,
          onChange: onPage,
          label: 'Páginas',
          summary: (page, size, total) => `página ${page} de ${Math.ceil(total / size)}`,
        }}
      >
        <ListTable label="Historial" minWidth={600} columns={['Nombre', 'Estado']}>
          <tr>
            <td>Ana</td>
            <td>Contratada</td>
          </tr>
        </ListTable>
      </ListScreen>,
    );
    expect(screen.getByRole('searchbox', { name: 'Buscar por puesto' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar por candidato' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Todos 7' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Contratados 3' }));
    expect(onTab).toHaveBeenCalledWith('HIRED');
    expect(screen.getByRole('table', { name: 'Historial' })).toHaveTextContent('Ana');
    // Asked for page 9 of 3: the last one is shown, with 'Anterior' and 'Siguiente'.
    expect(screen.getByRole('status')).toHaveTextContent('página 3 de 3');
    expect(screen.getByRole('button', { name: 'Página 3' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: /Anterior/ }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('follows a query: loading, failed, empty, ready', () => {
    expect(listStateOf({ loading: true })).toBe('loading');
    expect(listStateOf({ loading: false, error: new Error('x') })).toBe('failed');
    expect(listStateOf({ loading: true, error: new Error('x'), data: {}, items: [1] })).toBe('ready');
    expect(listStateOf({ loading: false, data: {}, items: [] })).toBe('empty');
  });

  it('goes back to page 1 when the reset key changes (a new search, tab or page size)', () => {
    const { result, rerender } = renderHook(({ key }) => useListPage(key), { initialProps: { key: 'a' } });
    act(() => result.current[1](3));
    expect(result.current[0]).toBe(3);
    rerender({ key: 'b' });
    expect(result.current[0]).toBe(1);
  });
});

describe('a search box with a limit', () => {
  function Limited({ onAsk }: { onAsk: (search: string) => void }) {
    const [text, setText, asked] = useListSearch(0, '', 10);
    onAsk(asked);
    return (
      <ListScreen
        searchLabel="Filtrar cosas"
        search={{ label: 'Buscar cosa', value: text, onChange: setText, limit: 10 }}
        state="ready"
        loadingView={<p>Cargando cosas…</p>}
        empty={{ icon: null, title: 'No hay cosas' }}
      >
        <p>Una cosa</p>
      </ListScreen>
    );
  }

  it('keeps a pasted text whole, says by how much it is over, and asks with the last search that fitted', async () => {
    const asked: string[] = [];
    const user = userEvent.setup();
    renderWithProviders(<Limited onAsk={(s) => asked.push(s)} />);
    const box = screen.getByRole('searchbox', { name: 'Buscar cosa' });
    await user.type(box, 'ana');
    await waitFor(() => expect(asked.at(-1)).toBe('ana'));
    await user.click(box);
    await user.paste(' lópez garcía');
    expect(box).toHaveValue('ana lópez garcía');
    expect(screen.getByText('Tienes 6 caracteres de más (máximo 10).')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await new Promise((r) => setTimeout(r, 20));
    expect(asked.at(-1)).toBe('ana');
    // Back within the limit, the list is asked again.
    for (let i = 0; i < 7; i++) await user.keyboard('{Backspace}');
    expect(box).toHaveValue('ana lópez');
    await waitFor(() => expect(asked.at(-1)).toBe('ana lópez'));
    expect(screen.queryByText(/de más/)).not.toBeInTheDocument();
  });

  it('asks trimmed, and a text of blanks asks for everything', () => {
    const { result, rerender } = renderHook(({ text }) => useSearchText(text, 0, 5), {
      initialProps: { text: '  ana  ' },
    });
    expect(result.current).toBe('ana');
    rerender({ text: '      ' });
    return waitFor(() => expect(result.current).toBe(''));
  });
});
