import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { card } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PHONE_QUERY, VacancyCarousel } from './VacancyCarousel';

const original = window.matchMedia;
function screenIs(phone: boolean) {
  window.matchMedia = (query: string) => ({ ...original(query), matches: phone && query === PHONE_QUERY });
}
afterEach(() => {
  window.matchMedia = original;
});

const CARDS = [card('1', { name: 'Enfermera profesional' }), card('2', { name: 'Médico general' })];

describe('VacancyCarousel', () => {
  it('scrolls by itself on a wide screen, with a pause button', async () => {
    screenIs(false);
    renderWithProviders(<VacancyCarousel vacancies={CARDS} onApply={() => {}} onDetails={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Pausar desplazamiento automático' })).toBeInTheDocument();
  });

  it('stands still on a phone, so that a whole card is in view (no ticker, no pause button)', async () => {
    screenIs(true);
    renderWithProviders(<VacancyCarousel vacancies={CARDS} onApply={() => {}} onDetails={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Vacantes siguientes' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Pausar desplazamiento automático' })).not.toBeInTheDocument(),
    );
  });

  it('shows the list twice for the loop on a wide screen, once on a phone (no ticker there to loop)', async () => {
    screenIs(false);
    const wide = renderWithProviders(<VacancyCarousel vacancies={CARDS} onApply={() => {}} onDetails={() => {}} />);
    expect(await screen.findAllByText('Médico general')).toHaveLength(2);
    wide.unmount();

    screenIs(true);
    renderWithProviders(<VacancyCarousel vacancies={CARDS} onApply={() => {}} onDetails={() => {}} />);
    expect(await screen.findAllByText('Médico general')).toHaveLength(1);
  });

  it('on a phone, renders the phone carousel from the first render (no desktop layout first)', () => {
    screenIs(true);
    renderWithProviders(<VacancyCarousel vacancies={CARDS} onApply={() => {}} onDetails={() => {}} />);
    // Synchronously after the first render: no pause button and a single copy of each card.
    expect(screen.queryByRole('button', { name: 'Pausar desplazamiento automático' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Enfermera profesional')).toHaveLength(1);
  });

  it('speaks Spanish to screen readers: slides are Vacante N de M, no English label or status (issue 20)', async () => {
    screenIs(false);
    const { container } = renderWithProviders(
      <VacancyCarousel vacancies={CARDS} onApply={() => {}} onDetails={() => {}} />,
    );
    expect(await screen.findByRole('group', { name: 'Vacante 1 de 2' })).toHaveAttribute(
      'aria-roledescription',
      'diapositiva',
    );
    expect(screen.getByRole('group', { name: 'Vacante 2 de 2' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Vacantes disponibles' })).toHaveAttribute(
      'aria-roledescription',
      'carrusel',
    );
    expect(container.querySelector('[aria-label="Carousel slide"]')).toBeNull();
    // Mantine's own live region says 'Slide 1 of 4' in English: it is kept from assistive technology.
    await waitFor(() => {
      for (const status of container.querySelectorAll('[role="status"]')) {
        if (/Slide \d+ of/.test(status.textContent ?? '')) {
          expect(status).toHaveAttribute('aria-hidden', 'true');
          expect(status).toHaveAttribute('aria-live', 'off');
        }
      }
    });
    expect(screen.queryByRole('status', { name: /Slide/ })).toBeNull();
  });
});
