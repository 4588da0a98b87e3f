import { graphql } from '../../gql';

/** Retention of personal data (issue 24), administrators only. */
export const RETENTION_PREVIEW = graphql(`
  query RetentionPreview {
    retentionPreview {
      policy {
        months
        guestDocumentMonths
        noticeDays
        description
      }
      nextRunAt
      anonymise
      notices
      guestDocuments
      headline
      noticesLine
      guestDocumentsLine
      confirmation
      upcomingTotal
      upcoming {
        id
        name
        vacancy
        state
        reason
        lastActivity
        anonymiseOn
        nextStep
      }
    }
    retentionRuns {
      id
      kind
      at
      by
      anonymised
      notices
      guestDocuments
      files
    }
  }
`);

export const RUN_RETENTION = graphql(`
  mutation RunRetention {
    runRetention {
      run {
        id
      }
      message
      error {
        __typename
        ... on OperationFailed {
          message
        }
        ... on Conflict {
          message
        }
        ... on ValidationFailed {
          message
        }
        ... on NotFound {
          message
        }
      }
    }
  }
`);
