import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BENEFITS, DEFAULT_REQUIREMENTS, NO_DESCRIPTION } from '@bolsa/domain';
import { VACANCY_NOT_FOUND, VacancyDetailModal } from './VacancyDetailModal';
import { detail, detailMock } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

function dialog() {
  return screen.getByRole('dialog', { name: 'Detalles del empleo' });
}

describe('VacancyDetailModal', () => {
  it('shows the defaults, the description fallback and dd/mm/yyyy dates', async () => {
    const v = detail('7', { name: 'Enfermera auxiliar', publishedAt: '2025-03-07', endsAt: '2025-04-30' });
    renderWithProviders(<VacancyDetailModal vacancyId="7" opened onClose={() => {}} />, {
      mocks: [detailMock('7', v)],
    });

    expect(await screen.findByRole('heading', { name: 'Enfermera auxiliar' })).toBeInTheDocument();
    const d = dialog();
    expect(within(d).getByText('Información del puesto')).toBeInTheDocument();
    expect(within(d).getByText(NO_DESCRIPTION)).toBeInTheDocument();
    for (const r of DEFAULT_REQUIREMENTS) expect(within(d).getByText(r)).toBeInTheDocument();
    expect(within(d).getByRole('heading', { name: 'Ofrecemos' })).toBeInTheDocument();
    for (const b of DEFAULT_BENEFITS) expect(within(d).getByText(b)).toBeInTheDocument();
    expect(within(d).getByText('07/03/2025')).toBeInTheDocument();
    expect(within(d).getByText('30/04/2025')).toBeInTheDocument();
    expect(within(d).getByText('Sede Central')).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Aplicar Ahora' })).toBeInTheDocument();
    expect(document.title).toContain('Enfermera auxiliar');
  });

  it('shows the vacancy’s own description, requirements and benefits when it has them', async () => {
    const v = detail('8', {
      description: 'Atención a pacientes en clínica.',
      requirements: ['Título de enfermería'],
      benefits: ['Seguro médico'],
    });
    renderWithProviders(<VacancyDetailModal vacancyId="8" opened onClose={() => {}} />, {
      mocks: [detailMock('8', v)],
    });
    expect(await screen.findByText('Atención a pacientes en clínica.')).toBeInTheDocument();
    expect(screen.getByText('Título de enfermería')).toBeInTheDocument();
    expect(screen.getByText('Seguro médico')).toBeInTheDocument();
    expect(screen.queryByText(NO_DESCRIPTION)).not.toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_REQUIREMENTS[0])).not.toBeInTheDocument();
  });

  it('publishes schema.org JobPosting data while open', async () => {
    const v = detail('9', {
      name: 'Médico general',
      endsAt: '2025-05-01',
      municipality: { __typename: 'Municipality', id: '0101', name: 'Guatemala' } as never,
      department: { __typename: 'Department', id: '01', name: 'Guatemala' } as never,
    });
    renderWithProviders(<VacancyDetailModal vacancyId="9" opened onClose={() => {}} />, {
      mocks: [detailMock('9', v)],
    });
    await screen.findByRole('heading', { name: 'Médico general' });
    const script = document.querySelector('script[type="application/ld+json"]');
    expect(script).not.toBeNull();
    const data = JSON.parse(script!.textContent ?? '{}') as { [key: string]: unknown } & {
      jobLocation: { address: Record<string, string> };
      hiringOrganization: { name: string };
    };
    expect(data['@type']).toBe('JobPosting');
    expect(data.title).toBe('Médico general');
    expect(data.datePosted).toBe('2025-03-07');
    expect(data.validThrough).toContain('2025-05-01');
    expect(data.employmentType).toBe('FULL_TIME');
    expect(data.directApply).toBe(false);
    expect(data.jobLocation.address).toMatchObject({
      addressLocality: 'Guatemala',
      addressRegion: 'Guatemala',
      addressCountry: 'GT',
    });
    expect(data.hiringOrganization.name).toBeTruthy();
  });

  it('says so when the vacancy does not exist, with a way back to the board', async () => {
    const onClose = vi.fn();
    renderWithProviders(<VacancyDetailModal vacancyId="404" opened onClose={onClose} />, {
      mocks: [detailMock('404', null)],
    });
    expect(await screen.findByText(VACANCY_NOT_FOUND)).toBeInTheDocument();
    screen.getByRole('button', { name: 'Ver vacantes disponibles' }).click();
    expect(onClose).toHaveBeenCalled();
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
  });
});
