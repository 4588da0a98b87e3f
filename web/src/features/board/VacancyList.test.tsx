import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_BOARD } from '@bolsa/domain';
import { GraphQLError } from 'graphql';
import { BOARD_VACANCIES } from './operations';
import { VacancyList } from './VacancyList';
import { ALL, boardMock, card } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PHONE_DIALOG_QUERY } from '../../components/dialog-layer';
import { useTrackDialog } from '../../lib/dialog-activity';

/** A dialog as the board's dialogs are counted (lib/dialog-activity), opened and closed by a button. */
function BoardUnderDialog({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  useTrackDialog(open);
  return (
    <>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        {open ? 'Cerrar diálogo' : 'Abrir diálogo'}
      </button>
      <Board />
    </>
  );
}

const original = window.matchMedia;
function screenIs(phone: boolean) {
  window.matchMedia = (query: string) => ({ ...original(query), matches: phone && query === PHONE_DIALOG_QUERY });
}
afterEach(() => {
  window.matchMedia = original;
});

function Board({ keyword = '' }: { keyword?: string }) {
  const [page, setPage] = useState(1);
  return <VacancyList keyword={keyword} page={page} onPageChange={setPage} />;
}

const FIVE = [
  card('1', { name: 'Enfermera profesional', featured: true }),
  card('2', { name: 'Médico general', featured: true }),
  card('3', { name: 'Auxiliar de enfermería' }),
  card('4', { name: 'Recepcionista' }),
  card('5', { name: 'Laboratorista' }),
];

describe('VacancyList (public board)', () => {
  it('shows featured vacancies first, badged "Plaza Destacada", in a looping carousel', async () => {
    renderWithProviders(<Board />, { mocks: [boardMock(ALL, FIVE, { featuredCount: 2 })] });

    expect(screen.getByRole('heading', { name: 'Oportunidades Laborales' })).toBeInTheDocument();
    // The carousel is its own chunk: on a busy machine its first import takes a while.
    const cards = await screen.findAllByRole('article', {}, { timeout: 10_000 });
    // The duplicate copy that makes the loop is hidden from assistive technology.
    expect(cards).toHaveLength(5);
    expect(within(cards[0]!).getByRole('heading', { name: 'Enfermera profesional' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Plaza Destacada')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Plaza Destacada')).toBeInTheDocument();
    expect(within(cards[2]!).queryByText('Plaza Destacada')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByText('Publicada el 07/03/2025')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Aplicar Ahora' })).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Ver Detalles' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Vacantes disponibles' })).toHaveAttribute(
      'aria-roledescription',
      'carrusel',
    );
    expect(screen.getByRole('button', { name: 'Vacantes siguientes' })).toBeInTheDocument();
    // Every card is rendered twice for the loop.
    expect(screen.getAllByText('Enfermera profesional', { ignore: false })).toHaveLength(2);
  });

  it('offers "Solo Destacadas (n)" and refetches with featuredOnly', async () => {
    const user = userEvent.setup();
    const featured = FIVE.filter((v) => v.featured);
    renderWithProviders(<Board />, {
      mocks: [
        boardMock(ALL, FIVE, { featuredCount: 2 }),
        boardMock({ filter: { featuredOnly: true }, page: 1, pageSize: 6 }, featured, { featuredCount: 2 }),
      ],
    });

    const toggle = await screen.findByRole('switch', { name: 'Solo Destacadas (2)' });
    await user.click(toggle);

    expect(await screen.findByText('2 vacantes encontradas')).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    for (const c of cards) expect(within(c).getByText('Plaza Destacada')).toBeInTheDocument();
    // Filtered results are a grid, not a carousel.
    expect(screen.queryByRole('region', { name: 'Vacantes disponibles' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Solo Destacadas (2)' })).toBeChecked();
  });

  it("says 'Buscando vacantes…', not the last search's count, while the next search loads", async () => {
    const nurses = Array.from({ length: 3 }, (_, i) => card(`e${i + 1}`, { name: `Enfermería ${i + 1}` }));
    const user = userEvent.setup();
    function Searching() {
      const [keyword, setKeyword] = useState('enfermer');
      return (
        <>
          <button type="button" onClick={() => setKeyword('zzenfermera')}>
            Buscar otra
          </button>
          <Board keyword={keyword} />
        </>
      );
    }
    renderWithProviders(<Searching />, {
      mocks: [
        boardMock({ filter: { search: 'enfermer' }, page: 1, pageSize: 6 }, nurses, { totalCount: 3 }),
        { ...boardMock({ filter: { search: 'zzenfermera' }, page: 1, pageSize: 6 }, []), delay: 300 },
      ],
    });
    expect(await screen.findByText('3 vacantes encontradas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buscar otra' }));
    expect(await screen.findByText('Buscando vacantes…')).toBeInTheDocument();
    expect(screen.queryByText('3 vacantes encontradas')).not.toBeInTheDocument();
    expect(await screen.findByText('0 vacantes encontradas')).toBeInTheDocument();
  });

  it('hides the featured toggle when there is no featured vacancy', async () => {
    const plain = FIVE.map((v) => ({ ...v, featured: false }));
    renderWithProviders(<Board />, { mocks: [boardMock(ALL, plain, { featuredCount: 0 })] });
    await screen.findAllByRole('article');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByText(/Solo Destacadas/)).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no vacancies', async () => {
    renderWithProviders(<Board />, { mocks: [boardMock(ALL, [])] });
    expect(await screen.findByText(EMPTY_BOARD)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });

  it('shows a grid with pagination when a filter is active, and pages through the server', async () => {
    const user = userEvent.setup();
    const firstPage = Array.from({ length: 6 }, (_, i) => card(`e${i + 1}`, { name: `Enfermería ${i + 1}` }));
    const secondPage = [card('e7', { name: 'Enfermería 7' }), card('e8', { name: 'Enfermería 8' })];
    renderWithProviders(<Board keyword="enfermer" />, {
      mocks: [
        boardMock({ filter: { search: 'enfermer' }, page: 1, pageSize: 6 }, firstPage, { totalCount: 8 }),
        boardMock({ filter: { search: 'enfermer' }, page: 2, pageSize: 6 }, secondPage, { totalCount: 8 }),
      ],
    });

    expect(await screen.findByText('8 vacantes encontradas')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.queryByRole('region', { name: 'Vacantes disponibles' })).not.toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Páginas de vacantes' });
    await user.click(within(pages).getByRole('button', { name: 'Página 2' }));

    expect(await screen.findByRole('heading', { name: 'Enfermería 7' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  it('uses a grid, not a carousel, when fewer than four vacancies are open', async () => {
    renderWithProviders(<Board />, { mocks: [boardMock(ALL, FIVE.slice(0, 3))] });
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'Vacantes disponibles' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Páginas de vacantes' })).not.toBeInTheDocument();
  });

  it("says 'Error de conexión', not 'no vacancies', when the server or the api behind it is unreachable", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Board />, {
      mocks: [
        {
          request: { query: BOARD_VACANCIES, variables: ALL },
          result: {
            errors: [
              new GraphQLError('No se pudo contactar al servidor. Intenta nuevamente.', {
                extensions: { code: 'UPSTREAM_UNAVAILABLE' },
              }),
            ],
          },
        },
        boardMock(ALL, FIVE.slice(0, 2)),
      ],
    });
    expect(await screen.findByText('Error de conexión')).toBeInTheDocument();
    expect(screen.getByText('No se pudo contactar al servidor. Intenta nuevamente.')).toBeInTheDocument();
    expect(screen.queryByText(EMPTY_BOARD)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it("says 'Error de conexión', not 'no vacancies', when a search is asked for during an outage", async () => {
    const user = userEvent.setup();
    function Searching() {
      const [keyword, setKeyword] = useState('');
      return (
        <>
          <button type="button" onClick={() => setKeyword('enfermer')}>
            Buscar
          </button>
          <Board keyword={keyword} />
        </>
      );
    }
    renderWithProviders(<Searching />, {
      mocks: [
        boardMock(ALL, FIVE),
        {
          request: { query: BOARD_VACANCIES, variables: { filter: { search: 'enfermer' }, page: 1, pageSize: 6 } },
          result: {
            errors: [
              new GraphQLError('No se pudo contactar al servidor. Intenta nuevamente.', {
                extensions: { code: 'UPSTREAM_UNAVAILABLE' },
              }),
            ],
          },
        },
      ],
    });
    // The carousel is its own chunk: on a busy machine its first import takes a while.
    await screen.findAllByRole('article', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Error de conexión')).toBeInTheDocument();
    expect(screen.queryByText(EMPTY_BOARD)).not.toBeInTheDocument();
  });

  it('falls back to the empty state with a discreet retry when loading fails otherwise', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Board />, {
      mocks: [
        {
          request: { query: BOARD_VACANCIES, variables: ALL },
          result: { errors: [new GraphQLError('Ocurrió un error inesperado.', { extensions: { code: 'INTERNAL' } })] },
        },
        boardMock(ALL, FIVE.slice(0, 2)),
      ],
    });
    expect(await screen.findByText(EMPTY_BOARD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it('lets a guest continue without logging in, for the rest of the session', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Board />, { mocks: [boardMock(ALL, [])] });
    expect(screen.getByText('¿Ya tienes una cuenta?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar como invitado' }));
    expect(screen.queryByText('¿Ya tienes una cuenta?')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('bolsa.guestBanner.dismissed')).toBe('1');
  });

  it('on a phone, lays the carousel out only once a dialog that fills the screen has closed, and keeps it after', async () => {
    screenIs(true);
    const user = userEvent.setup();
    renderWithProviders(<BoardUnderDialog initiallyOpen />, { mocks: [boardMock(ALL, FIVE, { featuredCount: 2 })] });
    // The board has arrived (its toggle shows), but the carousel waits behind the dialog.
    await screen.findByRole('switch', { name: 'Solo Destacadas (2)' });
    expect(screen.queryByRole('region', { name: 'Vacantes disponibles' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cerrar diálogo' }));
    expect(
      await screen.findByRole('region', { name: 'Vacantes disponibles' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // Shown once, it stays behind the next dialog (and keeps its place).
    await user.click(screen.getByRole('button', { name: 'Abrir diálogo' }));
    expect(screen.getByRole('region', { name: 'Vacantes disponibles' })).toBeInTheDocument();
  }, 30_000);

  it('on a phone, a page opened on its own dialog asks for the vacancies only once that dialog has closed', async () => {
    screenIs(true);
    const user = userEvent.setup();
    let asked = 0;
    const counted = { ...boardMock(ALL, FIVE, { featuredCount: 2 }) };
    const answer = counted.result;
    counted.result = () => {
      asked += 1;
      return answer as never;
    };
    function OpenedOnDialog() {
      const [open, setOpen] = useState(true);
      const [page, setPage] = useState(1);
      return (
        <>
          <button type="button" onClick={() => setOpen(false)}>
            Cerrar diálogo
          </button>
          <VacancyList page={page} onPageChange={setPage} underDialog={open} />
        </>
      );
    }
    renderWithProviders(<OpenedOnDialog />, { mocks: [counted] });
    // The skeletons stay, as in the prerendered copy, and nothing is asked.
    expect(screen.getByText('Cargando vacantes…')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(asked).toBe(0);
    expect(screen.getByText('Cargando vacantes…')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cerrar diálogo' }));
    expect(
      await screen.findByRole('region', { name: 'Vacantes disponibles' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(asked).toBe(1);
  }, 30_000);

  it('on a wide screen, a page opened on its own dialog shows the board behind it', async () => {
    screenIs(false);
    function OpenedOnDialog() {
      const [page, setPage] = useState(1);
      return <VacancyList page={page} onPageChange={setPage} underDialog />;
    }
    renderWithProviders(<OpenedOnDialog />, { mocks: [boardMock(ALL, FIVE, { featuredCount: 2 })] });
    expect(await screen.findByRole('switch', { name: 'Solo Destacadas (2)' })).toBeInTheDocument();
  }, 30_000);

  it('on a wide screen, shows the carousel behind a dialog (it is in view there)', async () => {
    screenIs(false);
    renderWithProviders(<BoardUnderDialog initiallyOpen />, { mocks: [boardMock(ALL, FIVE, { featuredCount: 2 })] });
    expect(
      await screen.findByRole('region', { name: 'Vacantes disponibles' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  }, 30_000);
});
