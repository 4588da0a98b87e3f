import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import { CandidateAreaPage } from './CandidateAreaPage';
import { MY_APPLICATIONS, MY_PROFILE } from './operations';
import { completeProfile, file, newProfile } from './test-fixtures';

function mocks(profile: ReturnType<typeof newProfile> | Error): Mocks {
  return [
    profile instanceof Error
      ? { request: { query: MY_PROFILE }, error: profile, maxUsageCount: Number.POSITIVE_INFINITY }
      : {
          request: { query: MY_PROFILE },
          result: { data: { myProfile: profile } },
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
    {
      request: { query: MY_APPLICATIONS },
      result: { data: { myApplications: [] } },
      maxUsageCount: Number.POSITIVE_INFINITY,
    },
  ];
}

describe('/perfil', () => {
  it("lists what is missing and 'Completar ahora' opens the form on the profile tab", async () => {
    const user = userEvent.setup();
    renderWithProviders(<CandidateAreaPage />, {
      mocks: mocks(newProfile()),
      route: '/perfil',
      viewer: viewer('CANDIDATE'),
    });
    const banner = await screen.findByRole('region', { name: 'Tu perfil está incompleto' });
    expect(within(banner).getByText('Antecedentes penales')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Mis Postulaciones' })).toHaveAttribute('aria-selected', 'true');
    for (const link of screen.getAllByRole('link', { name: 'Ver vacantes' })) expect(link).toHaveAttribute('href', '/');
    await user.click(within(banner).getByRole('button', { name: 'Completar ahora' }));
    expect(screen.getByRole('tab', { name: 'Mi Perfil' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('form', { name: 'Editar perfil' })).toBeInTheDocument();
  });

  it("shows the read view with 'Editar' and no banner for a complete profile", async () => {
    const user = userEvent.setup();
    renderWithProviders(<CandidateAreaPage />, {
      mocks: mocks(completeProfile()),
      route: '/perfil?tab=perfil',
      viewer: viewer('CANDIDATE'),
    });
    await screen.findByRole('button', { name: 'Editar' });
    expect(screen.queryByRole('region', { name: 'Tu perfil está incompleto' })).toBeNull();
    const cv = screen.getByRole('link', { name: /^Ver Currículum/ });
    expect(cv).toHaveAttribute('href', '/files/candidatos/perfil/11');
    expect(cv).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: 'Descargar mis datos' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await screen.findByRole('dialog', { name: 'Eliminar mi cuenta' })).toBeInTheDocument();
  });

  it("gives focus to the view's heading when 'Editar' opens the form and when 'Cancelar' closes it, not to the page's body", async () => {
    const user = userEvent.setup();
    renderWithProviders(<CandidateAreaPage />, {
      mocks: mocks(completeProfile()),
      route: '/perfil?tab=perfil',
      viewer: viewer('CANDIDATE'),
    });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await screen.findByRole('form', { name: 'Editar perfil' });
    expect(screen.getByRole('heading', { name: 'Editar perfil' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await screen.findByRole('button', { name: 'Editar' });
    expect(screen.getByRole('heading', { name: 'Mi Perfil' })).toHaveFocus();
  });

  it("says 'No se pudo abrir el archivo' instead of opening a url that is not the server's file route", async () => {
    const user = userEvent.setup();
    const cv = file('11', 'CURRICULUM', 'Currículum');
    renderWithProviders(<CandidateAreaPage />, {
      mocks: mocks(completeProfile({ curriculum: { ...cv, url: 'https://almacen.example.com/cv.pdf' } })),
      route: '/perfil?tab=perfil',
      viewer: viewer('CANDIDATE'),
    });
    await user.click(await screen.findByRole('button', { name: 'Ver Currículum' }));
    expect(await screen.findByText('No se pudo abrir el archivo')).toBeInTheDocument();
    expect(screen.getByText('El servidor no devolvió una URL válida.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Ver Currículum/ })).toBeNull();
  });

  it("says 'No se pudo cargar la información del usuario' when the profile cannot be loaded", async () => {
    renderWithProviders(<CandidateAreaPage />, {
      mocks: mocks(new Error('boom')),
      route: '/perfil?tab=perfil',
      viewer: viewer('CANDIDATE'),
    });
    expect(await screen.findByText('No se pudo cargar la información del usuario')).toBeInTheDocument();
  });
});
