import '../../../test/backoffice-env';
import { todayInGuatemala } from '@bolsa/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { viewer } from '../../../test/session';
import { CandidateExportButtons, EXPORT_NOTHING } from '.';

describe('CandidateExportButtons', { timeout: 20_000 }, () => {
  it('links each format to the list as filtered, with a dated file name', () => {
    renderWithProviders(
      <CandidateExportButtons filter={{ list: 'inbox', state: 'en seguimiento', search: 'maría josé' }} count={12} />,
      { viewer: viewer('MANAGER') },
    );
    const group = screen.getByRole('group', { name: 'Exportar la lista' });
    const csv = within(group).getByRole('link', { name: 'Exportar CSV' });
    expect(csv).toHaveAttribute(
      'href',
      '/reports/candidates.csv?list=inbox&state=FOLLOW_UP&search=mar%C3%ADa+jos%C3%A9',
    );
    expect(csv).toHaveAttribute('download', `candidatos-activos-${todayInGuatemala()}.csv`);
    const xlsx = within(group).getByRole('link', { name: 'Exportar Excel' });
    expect(xlsx.getAttribute('href')).toMatch(/^\/reports\/candidates\.xlsx\?list=inbox&state=FOLLOW_UP/);
    expect(xlsx).toHaveAttribute('title', 'Descarga los 12 candidatos de la lista con los filtros aplicados');
  });

  it("a vacancy's list carries its id; an empty list cannot be exported", () => {
    renderWithProviders(<CandidateExportButtons filter={{ list: 'vacancy', vacancyId: '7', search: '' }} count={0} />, {
      viewer: viewer('ADMIN'),
    });
    expect(screen.queryByRole('link')).toBeNull();
    for (const name of ['Exportar CSV', 'Exportar Excel']) {
      const b = screen.getByRole('button', { name });
      expect(b).toBeDisabled();
      expect(b).toHaveAttribute('title', EXPORT_NOTHING);
    }
  });

  it('role 3 sees no export', () => {
    renderWithProviders(<CandidateExportButtons filter={{ list: 'inbox' }} count={3} />, { viewer: viewer('VIEWER') });
    expect(screen.queryByText('Exportar CSV')).toBeNull();
  });
});
