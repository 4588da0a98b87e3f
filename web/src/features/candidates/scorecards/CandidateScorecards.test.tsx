import '../../../test/backoffice-env';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORECARD_CRITERIA, SCORECARD_MESSAGES as M } from '@bolsa/domain';
import { renderWithProviders, type Mocks } from '../../../test/render';
import { viewer } from '../../../test/session';
import { CandidateScorecards } from './CandidateScorecards';
import { CANDIDATE_SCORECARDS, SUBMIT_SCORECARD } from './operations';

const criteria = [...DEFAULT_SCORECARD_CRITERIA];
const card = (score: number, recommendation: string, mine: boolean) => ({
  __typename: 'Scorecard' as const,
  id: mine ? '2' : '1',
  author: mine ? 'Gabriel Gestor' : 'Ana Administradora',
  recommendation,
  comments: mine ? null : 'Buena actitud',
  createdAt: '2026-11-27T15:04:00.000Z',
  editedAt: null,
  mine,
  ratings: criteria.map((criterion) => ({ __typename: 'ScorecardRating' as const, criterion, score })),
});
const interview = (over: Record<string, unknown> = {}) => ({
  __typename: 'Interview' as const,
  id: '7',
  mode: 'VIRTUAL',
  date: '2026-11-26',
  from: '09:00',
  to: '10:00',
  scorecardCriteria: criteria,
  scorecardOpen: true,
  viewerCanScore: true,
  scorecards: [],
  scorecardSummary: {
    __typename: 'ScorecardSummary' as const,
    count: 0,
    overall: null,
    criteria: criteria.map((criterion) => ({
      __typename: 'ScorecardCriterionAverage' as const,
      criterion,
      average: null,
    })),
    recommendations: ['CONTRATAR', 'NO_CONTRATAR', 'DUDOSO'].map((recommendation) => ({
      __typename: 'ScorecardRecommendationCount' as const,
      recommendation,
      count: 0,
    })),
  },
  ...over,
});
const listMock = (interviews: unknown[]): Mocks[number] => ({
  request: { query: CANDIDATE_SCORECARDS, variables: { id: '41' } },
  result: { data: { candidate: { __typename: 'Candidate', id: '41', interviews } } },
});

describe("'Evaluaciones de entrevista' on the candidate detail (issue 24)", { timeout: 30_000 }, () => {
  it('shows the empty state; a participant fills the card by keyboard, with the domain messages first', async () => {
    const user = userEvent.setup();
    const withCard = interview({
      scorecards: [card(4, 'CONTRATAR', true)],
      scorecardSummary: {
        ...interview().scorecardSummary,
        count: 1,
        overall: 4,
        criteria: criteria.map((criterion) => ({ __typename: 'ScorecardCriterionAverage', criterion, average: 4 })),
        recommendations: interview().scorecardSummary.recommendations.map((r) => ({
          ...r,
          count: r.recommendation === 'CONTRATAR' ? 1 : 0,
        })),
      },
    });
    renderWithProviders(<CandidateScorecards candidateId="41" />, {
      viewer: viewer('MANAGER'),
      mocks: [
        listMock([interview()]),
        {
          request: {
            query: SUBMIT_SCORECARD,
            variables: {
              input: {
                interviewId: '7',
                ratings: criteria.map((criterion) => ({ criterion, score: 4 })),
                recommendation: 'CONTRATAR',
                comments: null,
              },
            },
          },
          result: {
            data: {
              submitScorecard: { __typename: 'ScorecardPayload', scorecard: card(4, 'CONTRATAR', true), error: null },
            },
          },
        },
        listMock([withCard]),
      ],
    });
    expect(await screen.findByText(M.empty)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: M.fill }));
    const dialog = await screen.findByRole('dialog', { name: M.fill });
    await user.click(within(dialog).getByRole('button', { name: M.save }));
    expect(await within(dialog).findByText(M.ratingRequired(criteria[0]!))).toBeTruthy();
    expect(within(dialog).getByText(M.recommendationRequired)).toBeTruthy();
    // Keyboard: focus the first radio of each group, arrow right three times → 4.
    for (const c of criteria) {
      const group = within(dialog).getByRole('radiogroup', { name: new RegExp(c) });
      within(group).getByRole('radio', { name: '1' }).focus();
      await user.keyboard(' {ArrowRight}{ArrowRight}{ArrowRight}');
    }
    within(within(dialog).getByRole('radiogroup', { name: /Recomendación/ }))
      .getByRole('radio', { name: 'Contratar' })
      .focus();
    await user.keyboard(' ');
    await user.click(within(dialog).getByRole('button', { name: M.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: M.edit })).toBeTruthy();
    expect(screen.getByText('Gabriel Gestor')).toBeTruthy();
    expect(screen.getByText('Contratar: 1')).toBeTruthy();
  });

  it('role 3 reads the cards and averages without the button', async () => {
    renderWithProviders(<CandidateScorecards candidateId="41" />, {
      viewer: viewer('VIEWER'),
      mocks: [
        listMock([
          interview({
            viewerCanScore: false,
            scorecards: [card(3, 'DUDOSO', false)],
            scorecardSummary: { ...interview().scorecardSummary, count: 1, overall: 3 },
          }),
        ]),
      ],
    });
    expect(await screen.findByText('Ana Administradora')).toBeTruthy();
    expect(screen.getByText('Buena actitud')).toBeTruthy();
    expect(screen.getByText(M.overall)).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.fill })).toBeNull();
    expect(screen.queryByRole('button', { name: M.edit })).toBeNull();
  });
});
