import { graphql } from '../../gql';

/** The funnel report (issue 12): per vacancy and overall, over an application-date range. */
export const FUNNEL_REPORT = graphql(`
  query FunnelReport($from: Date!, $to: Date!, $vacancyId: ID) {
    funnelReport(from: $from, to: $to, vacancyId: $vacancyId) {
      from
      to
      csvUrl
      overall {
        ...FunnelRowFields
      }
      vacancies {
        ...FunnelRowFields
      }
    }
  }

  fragment FunnelRowFields on FunnelRow {
    vacancyId
    vacancyName
    total
    hired
    rejected
    medianDaysToHire
    byState {
      state
      count
    }
    steps {
      state
      reached
      conversion
      medianDays
    }
  }
`);

/** Options of the 'Plaza' filter: every vacancy, any status. */
export const FUNNEL_VACANCY_OPTIONS = graphql(`
  query FunnelVacancyOptions {
    adminVacancies(pageSize: 100, sort: { field: NAME, direction: ASC }) {
      items {
        id
        name
      }
    }
  }
`);
