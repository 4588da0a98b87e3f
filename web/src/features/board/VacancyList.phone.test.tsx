import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL, boardMock, card } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PHONE_QUERY } from './media';

const originalMatchMedia = window.matchMedia;
const originalObserver = window.IntersectionObserver;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
  window.IntersectionObserver = originalObserver;
  vi.resetModules();
});

/** An IntersectionObserver whose targets come into view when the test says so. */
const observed: { callback: IntersectionObserverCallback; target: Element | null }[] = [];
class ControlledObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    observed.push({ callback: this.callback, target });
  }
  unobserve() {}
  disconnect() {
    for (const o of observed) if (o.callback === this.callback) o.target = null;
  }
  takeRecords() {
    return [];
  }
}

const FIVE = ['1', '2', '3', '4', '5'].map((id) => card(id, { name: `Vacante ${id}` }));

describe('VacancyList on a phone', () => {
  it('fetches the carousel only when its place comes near the viewport', async () => {
    window.matchMedia = (query: string) => ({ ...originalMatchMedia(query), matches: query === PHONE_QUERY });
    window.IntersectionObserver = ControlledObserver as unknown as typeof IntersectionObserver;
    // A fresh module, so that its start-up check reads the phone's media query.
    const { VacancyList } = await import('./VacancyList');
    renderWithProviders(<VacancyList page={1} onPageChange={() => {}} />, { mocks: [boardMock(ALL, FIVE)] });

    // The vacancies are known, but below the fold the cards stay placeholders.
    expect(await screen.findByText('Cargando vacantes…')).toBeInTheDocument();
    await vi.waitFor(() => expect(observed.some((o) => o.target)).toBe(true));
    expect(screen.queryByRole('region', { name: 'Vacantes disponibles' })).not.toBeInTheDocument();

    act(() => {
      for (const o of observed.filter((x) => x.target)) {
        o.callback(
          [{ isIntersecting: true, target: o.target } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        );
      }
    });
    expect(
      await screen.findByRole('region', { name: 'Vacantes disponibles' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(5);
  });
});
