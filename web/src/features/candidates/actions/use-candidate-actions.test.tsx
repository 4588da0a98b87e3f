import '../../../test/backoffice-env';
import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type Mocks } from '../../../test/render';
import { useStaffRole } from '../../session';
import { viewerMock } from '../../../test/vacancy-fixtures';
import { MOVE_TO_INDUCTION, REJECT_CANDIDATE, START_FOLLOW_UP } from './operations';
import { useCandidateActions, type CandidateActionTarget } from './use-candidate-actions';

function Harness({ c }: { c: CandidateActionTarget }) {
  const a = useCandidateActions();
  const { role } = useStaffRole();
  return (
    <>
      <span data-testid="role">{role ?? ''}</span>
      <Button onClick={() => void a.startFollowUp(c)}>seguimiento</Button>
      <Button onClick={() => a.moveToInduction(c)}>induccion</Button>
      <Button onClick={() => a.openHire(c)}>contratar</Button>
      <Button onClick={() => a.openReject(c)}>rechazar</Button>
      <span data-testid="busy">{a.busyId ?? ''}</span>
      {a.dialogs}
    </>
  );
}

const target = (over: Partial<CandidateActionTarget> = {}): CandidateActionTarget => ({
  id: '9',
  fullName: 'Carlos Pérez',
  email: 'carlos@example.com',
  state: 'APPLIED',
  allowedStates: ['FOLLOW_UP', 'REJECTED'],
  ...over,
});

function setup(c: CandidateActionTarget, mocks: Mocks = [], role: 'MANAGER' | 'VIEWER' = 'MANAGER') {
  const user = userEvent.setup();
  renderWithProviders(<Harness c={c} />, { mocks: [viewerMock(role), ...mocks] });
  return user;
}

async function dialog(title: string) {
  return within(await screen.findByRole('dialog', { name: title }));
}

describe('useCandidateActions (spec 3 §4.5, §8)', () => {
  it("refuses to hire outside inducción: 'Acción bloqueada'", async () => {
    const user = setup(target({ state: 'INTERVIEW', allowedStates: ['INDUCTION', 'REJECTED'] }));
    await user.click(screen.getByRole('button', { name: 'contratar' }));
    const d = await dialog('Acción bloqueada');
    expect(d.getByText("Solo se puede contratar cuando el candidato está en 'inducción'.")).toBeInTheDocument();
  });

  it("says 'Candidato en Inducción' when already there", async () => {
    const user = setup(target({ state: 'INDUCTION', allowedStates: ['HIRED', 'REJECTED'] }));
    await user.click(screen.getByRole('button', { name: 'induccion' }));
    await dialog('Candidato en Inducción');
  });

  it("lists the allowed states under 'Cambio no permitido'", async () => {
    const user = setup(target({ state: 'FOLLOW_UP', allowedStates: ['PRE_TESTS', 'INTERVIEW', 'REJECTED'] }));
    await user.click(screen.getByRole('button', { name: 'induccion' }));
    const d = await dialog('Cambio no permitido');
    expect(
      d.getByText("Desde 'En seguimiento' solo se permite pasar a: Pre-pruebas, Entrevista, Rechazado."),
    ).toBeInTheDocument();
  });

  it("asks before 'Mover a inducción' (an e-mail goes out), then moves and says 'Movido a Inducción'", async () => {
    const c = target({ state: 'INTERVIEW', allowedStates: ['INDUCTION', 'REJECTED'] });
    const user = setup(c, [
      {
        request: { query: MOVE_TO_INDUCTION, variables: { id: '9', expectedState: 'INTERVIEW' } },
        result: {
          data: {
            moveToInduction: {
              __typename: 'CandidatePayload',
              emailQueued: true,
              candidate: { __typename: 'Candidate', id: '9', state: 'INDUCTION', allowedStates: ['HIRED', 'REJECTED'] },
              error: null,
            },
          },
        },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'induccion' }));
    const d = await dialog('¿Mover a inducción?');
    expect(
      d.getByText(
        'Carlos Pérez pasará a la etapa de inducción y se le enviará un correo (carlos@example.com) para avisarle.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Movido a Inducción')).not.toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Mover a inducción' }));
    expect(await screen.findByText('Movido a Inducción')).toBeInTheDocument();
  });

  it("shows 'No se completó la acción' with the server's message when follow-up fails", async () => {
    const user = setup(target(), [
      {
        request: { query: START_FOLLOW_UP, variables: { id: '9', expectedState: 'APPLIED' } },
        result: {
          data: {
            startFollowUp: {
              __typename: 'CandidatePayload',
              emailQueued: false,
              candidate: null,
              error: {
                __typename: 'OperationFailed',
                message: 'Error interno del servidor.',
                status: 500,
                detail: null,
              },
            },
          },
        },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'seguimiento' }));
    const d = await dialog('No se completó la acción');
    expect(d.getByText('Error interno del servidor.')).toBeInTheDocument();
  });

  it("falls back to the spec's wording when follow-up gets no answer", async () => {
    const user = setup(target(), [
      {
        request: { query: START_FOLLOW_UP, variables: { id: '9', expectedState: 'APPLIED' } },
        error: new Error('socket hang up'),
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'seguimiento' }));
    const d = await dialog('No se completó la acción');
    expect(d.getByText('Ocurrió un error al enviar la notificación/cambiar el estado.')).toBeInTheDocument();
  });

  it("rejects with an observation; without an e-mail it says 'No se pudo enviar el correo' and still moves it", async () => {
    const user = setup(target({ email: null }), [
      {
        request: {
          query: REJECT_CANDIDATE,
          variables: { id: '9', observation: 'Gracias por participar', expectedState: 'APPLIED' },
        },
        result: {
          data: {
            rejectCandidate: {
              __typename: 'CandidatePayload',
              emailQueued: false,
              candidate: { __typename: 'Candidate', id: '9', state: 'REJECTED', allowedStates: [] },
              error: null,
            },
          },
        },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'rechazar' }));
    const d = await dialog('Rechazar a Carlos Pérez');
    await user.type(d.getByRole('textbox', { name: /Observación/ }), ' Gracias por participar ');
    await user.click(d.getByRole('button', { name: 'Rechazar' }));
    const mail = await dialog('No se pudo enviar el correo');
    expect(mail.getByText(/Se rechazó de todas formas y se movió al Historial/)).toBeInTheDocument();
    expect(await screen.findByText('Candidato rechazado')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Rechazar a Carlos Pérez' })).not.toBeInTheDocument();
  });

  it("tells a viewer 'Solo lectura'", async () => {
    const user = setup(target({ allowedStates: [] }), [], 'VIEWER');
    // The role arrives with the session query.
    await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('VIEWER'));
    await user.click(screen.getByRole('button', { name: 'seguimiento' }));
    const d = await dialog('Solo lectura');
    expect(d.getByText('Tu rol no permite iniciar seguimiento para este candidato.')).toBeInTheDocument();
  });
});
