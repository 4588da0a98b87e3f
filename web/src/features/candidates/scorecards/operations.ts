import { graphql } from '../../../gql';

export const SCORECARD_FIELDS = graphql(`
  fragment ScorecardFields on Scorecard {
    id
    author
    recommendation
    comments
    createdAt
    editedAt
    mine
    ratings {
      criterion
      score
    }
  }
`);

/** The 'Evaluaciones de entrevista' section of the candidate detail (issue 24). */
export const CANDIDATE_SCORECARDS = graphql(`
  query CandidateScorecards($id: ID!) {
    candidate(id: $id) {
      id
      interviews {
        id
        mode
        date
        from
        to
        scorecardCriteria
        scorecardOpen
        viewerCanScore
        scorecards {
          ...ScorecardFields
        }
        scorecardSummary {
          count
          overall
          criteria {
            criterion
            average
          }
          recommendations {
            recommendation
            count
          }
        }
      }
    }
  }
`);

export const SUBMIT_SCORECARD = graphql(`
  mutation SubmitScorecard($input: ScorecardInput!) {
    submitScorecard(input: $input) {
      scorecard {
        ...ScorecardFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

/** A vacancy's own scorecard criteria, on the vacancy's edit page. */
export const VACANCY_SCORECARD_CRITERIA = graphql(`
  query VacancyScorecardCriteria($vacancyId: ID!) {
    vacancyScorecardCriteria(vacancyId: $vacancyId)
  }
`);

export const SET_VACANCY_SCORECARD_CRITERIA = graphql(`
  mutation SetVacancyScorecardCriteria($vacancyId: ID!, $criteria: [String!]!) {
    setVacancyScorecardCriteria(vacancyId: $vacancyId, criteria: $criteria) {
      criteria
      error {
        ...MutationErrorFields
      }
    }
  }
`);
