import '../../test/backoffice-env';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewerMock } from '../../test/vacancy-fixtures';
import { InterviewSchedulingPage } from './InterviewSchedulingPage';
import { INTERVIEW_PARTICIPANTS, INTERVIEW_SCREEN } from './operations';

const mocks: Mocks = [
  viewerMock('MANAGER'),
  {
    request: { query: INTERVIEW_SCREEN, variables: { id: '41' } },
    result: {
      data: {
        candidate: {
          __typename: 'Candidate',
          id: '41',
          fullName: 'María José Pérez Gómez',
          email: 'maria.perez@example.com',
          phone: '55551234',
          state: 'POST_TESTS',
          dataErased: false,
        },
        branches: [{ __typename: 'Branch', id: '1', name: 'Sede Central' }],
      },
    },
  },
  {
    request: { query: INTERVIEW_PARTICIPANTS },
    result: {
      data: {
        adminEmails: [
          { __typename: 'AdminEmail', id: '1', email: 'jefa@ejemplo.org.gt', name: 'Jefa de enfermería', active: true },
        ],
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  },
];

describe('interview scheduling screen', () => {
  it(
    'the participants hint says the truth: typed addresses, also external ones, are invited too',
    { timeout: 20_000 },
    async () => {
      renderWithProviders(
        <Routes>
          <Route path="/panel/asignacionentrevista/:id" element={<InterviewSchedulingPage />} />
        </Routes>,
        { mocks, route: '/panel/asignacionentrevista/41' },
      );
      await screen.findByRole('heading', { level: 1, name: 'Crear Reunión de Teams' });
      await screen.findByText('jefa@ejemplo.org.gt');
      expect(screen.queryByText(/Solo se invitará/)).toBeNull();
      const hint = screen.getByText(/Recibirán la invitación los correos internos que marques/);
      expect(hint.textContent).toContain('«Otros participantes»');
      expect(hint.textContent).toContain('también de fuera de la organización');
      expect(screen.getByLabelText('Otros participantes')).toBeTruthy();
    },
  );
});
