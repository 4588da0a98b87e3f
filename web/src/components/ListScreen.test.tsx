import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ListPager, ListScreen, type ListState } from './ListScreen';

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
});
