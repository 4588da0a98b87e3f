import { graphql } from '../../gql';
// Spreads `...PipelineCandidate` (and `...CandidateErrorFields`) from lib/candidate-fragments.ts.

/** What the scheduling screen needs: the candidate card, the participants list and the sedes. */
export const INTERVIEW_SCREEN = graphql(`
  query InterviewScreen($id: ID!) {
    candidate(id: $id) {
      id
      fullName
      email
      phone
      state
      dataErased
    }
    branches {
      id
      name
    }
  }
`);

/** The participants checklist (spec 3 §2.5): active internal e-mails only. */
export const INTERVIEW_PARTICIPANTS = graphql(`
  query InterviewParticipants {
    adminEmails {
      id
      email
      name
      active
    }
  }
`);

export const SCHEDULE_INTERVIEW = graphql(`
  mutation ScheduleInterview($input: InterviewInput!) {
    scheduleInterview(input: $input) {
      meetingLink
      interview {
        id
        mode
        date
        from
        to
        branchName
        address
        room
        meetingLink
      }
      candidate {
        ...PipelineCandidate
      }
      error {
        __typename
        ...ValidationFailedFields
        ... on InterviewFailed {
          message
          details
        }
        ... on NotAuthorisedOrganiser {
          refusal: title
          message
        }
        ... on TransitionNotAllowed {
          message
        }
        ... on NotFound {
          message
        }
      }
    }
  }
`);
