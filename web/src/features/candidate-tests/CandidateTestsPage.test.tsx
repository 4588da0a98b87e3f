import '../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type Mocks } from '../../test/render';
import { viewer } from '../../test/session';
import { viewerMock } from '../../test/vacancy-fixtures';
import { CandidateTestsPage } from './CandidateTestsPage';
import { CANDIDATE_TESTS, SEND_TESTS, SET_ASSIGNED_TEST_STATE } from './operations';

const ID = '15';
const SENT = '2026-11-20T15:00:00.000Z';

function test(id: string, state: 'ASIGNADA' | 'COMPLETADA' | 'CANCELADA', sentAt: string | null) {
  return {
    __typename: 'AssignedTest' as const,
    id,
    name: `Prueba ${id}`,
    type: 'PDF' as const,
    category: 'TECNICA' as const,
    templateId: '9',
    assignedAt: '2026-11-19T15:00:00.000Z',
    deadline: '2026-12-01',
    completedAt: state === 'COMPLETADA' ? '2026-11-21T15:00:00.000Z' : null,
    state,
    sentAt,
    observations: null,
    credentials: null,
    link: null,
    downloadUrl: '/files/tests/9',
    resultText: null,
    resultScore: null,
  };
}

const screenData = (tests: ReturnType<typeof test>[]): Mocks[number] => ({
  request: { query: CANDIDATE_TESTS, variables: { id: ID } },
  result: {
    data: {
      candidate: {
        __typename: 'Candidate',
        id: ID,
        fullName: 'Lesly Marisol Tun Ical',
        email: 'lesly.tun@example.com',
        phone: '55551234',
        state: 'PRE_TESTS',
      },
      assignedTests: tests,
      testTemplates: [],
    },
  },
});

function renderPage(mocks: Mocks) {
  return renderWithProviders(
    <Routes>
      <Route path="/panel/asignacionpruebas/:id" element={<CandidateTestsPage />} />
    </Routes>,
    { mocks: [viewerMock('MANAGER'), ...mocks], route: `/panel/asignacionpruebas/${ID}`, viewer: viewer('MANAGER') },
  );
}

const banner = () => screen.findByRole('region', { name: /Pruebas (pendientes de envío|enviadas)/ });

describe('the tests banner (spec 3 §2.4)', () => {
  it("counts only the tests not sent yet: after 'Enviar por correo' it no longer says they are unsent", async () => {
    const user = userEvent.setup();
    renderPage([
      screenData([test('1', 'ASIGNADA', null), test('2', 'ASIGNADA', null)]),
      {
        request: { query: SEND_TESTS, variables: { candidateId: ID } },
        result: {
          data: {
            sendTests: {
              __typename: 'SendTestsPayload',
              ok: true,
              candidate: { __typename: 'Candidate', id: ID, state: 'PRE_TESTS', allowedStates: ['POST_TESTS'] },
              error: null,
            },
          },
        },
      },
      screenData([test('1', 'ASIGNADA', SENT), test('2', 'ASIGNADA', SENT)]),
    ]);
    expect(await banner()).toHaveTextContent('Hay 2 pruebas asignadas sin enviar al candidato.');
    await user.click(within(await banner()).getByRole('button', { name: 'Enviar por correo' }));
    await waitFor(async () => expect(await banner()).not.toHaveTextContent('sin enviar'));
    expect(await banner()).toHaveTextContent('Las 2 pruebas asignadas ya se enviaron al candidato (20/11/2026).');
  });

  it("does not count a test again after 'Reactivar' when it was already sent", async () => {
    const user = userEvent.setup();
    const reactivated = test('2', 'ASIGNADA', SENT);
    renderPage([
      screenData([test('1', 'ASIGNADA', null), test('2', 'COMPLETADA', SENT)]),
      {
        request: { query: SET_ASSIGNED_TEST_STATE, variables: { id: '2', state: 'ASIGNADA' } },
        result: {
          data: { setAssignedTestState: { __typename: 'AssignedTestPayload', test: reactivated, error: null } },
        },
      },
      screenData([test('1', 'ASIGNADA', null), reactivated]),
    ]);
    expect(await banner()).toHaveTextContent('Hay 1 prueba asignada sin enviar al candidato.');
    const card = screen.getByRole('article', { name: 'Prueba 2' });
    await user.click(within(card).getByRole('button', { name: 'Reactivar' }));
    await within(screen.getByRole('article', { name: 'Prueba 2' })).findByText('Asignada');
    expect(await banner()).toHaveTextContent('Hay 1 prueba asignada sin enviar al candidato.');
  });
});
