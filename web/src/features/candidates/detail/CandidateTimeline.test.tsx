import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CandidateTimelineEventFragment } from '../../../gql/graphql';
import { TestMantine } from '../../../test/render';
import { CandidateTimeline } from './CandidateTimeline';

// The machine running the tests keeps UTC; Guatemala is six hours behind it.
const events: CandidateTimelineEventFragment[] = [
  {
    __typename: 'StateChangeEvent',
    at: '2026-11-30T16:00:00.000Z',
    from: 'POST_TESTS',
    to: 'INTERVIEW',
    by: 'Gestor Demo',
    note: 'Entrevista presencial: 2026-12-03 10:00–11:00',
  },
  {
    __typename: 'StateChangeEvent',
    at: '2026-12-04T05:30:00.000Z',
    from: 'INDUCTION',
    to: 'HIRED',
    by: 'Gestor Demo',
    note: 'Fecha: 2026-12-15 08:00; lugar: Sede Central',
  },
  {
    __typename: 'InterviewEvent',
    at: '2026-11-30T16:00:01.000Z',
    scheduledBy: 'Gestor Demo',
    mode: 'PRESENCIAL',
    date: '2026-12-03',
    startsAt: '10:00',
    endsAt: '11:00',
  },
  {
    __typename: 'EmailEvent',
    at: '2026-11-30T16:00:02.000Z',
    subject: 'Invitación a entrevista: Enfermera',
    status: 'SENT',
    attempts: 1,
    sentAt: '2026-11-30T16:01:00.000Z',
  },
];

describe('candidate timeline: dates as people read them, on Guatemala’s clock (issue 20)', () => {
  it('writes every date dd/mm/yyyy and every time in Guatemala, notes included', { timeout: 10_000 }, () => {
    render(
      <TestMantine>
        <CandidateTimeline events={events} />
      </TestMantine>,
    );
    // The state change's note and the interview's own line.
    expect(screen.getAllByText('Entrevista presencial: 03/12/2026 10:00–11:00')).toHaveLength(2);
    expect(screen.getByText('Fecha: 15/12/2026 08:00; lugar: Sede Central')).toBeTruthy();
    // 05:30 UTC on 4 December is 23:30 on 3 December in Guatemala.
    expect(screen.getByText('Gestor Demo · 03/12/2026 23:30')).toBeTruthy();
    expect(screen.getAllByText('Gestor Demo · 30/11/2026 10:00')).toHaveLength(2);
    expect(screen.getByText(/30\/11\/2026 10:00 · enviado 30\/11\/2026 10:01/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
