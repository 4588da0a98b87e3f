import { graphql } from '../../gql';
// Spreads `...PipelineCandidate` (and `...CandidateErrorFields`) from lib/candidate-fragments.ts.

export const ASSIGNED_TEST_FIELDS = graphql(`
  fragment AssignedTestFields on AssignedTest {
    id
    name
    type
    category
    templateId
    assignedAt
    deadline
    completedAt
    state
    sentAt
    observations
    credentials
    link
    downloadUrl
    resultText
    resultScore
  }
`);

/** The screen's data: the candidate card, its assigned tests and the active templates (spec 3 §2.4). */
export const CANDIDATE_TESTS = graphql(`
  query CandidateTests($id: ID!) {
    candidate(id: $id) {
      id
      fullName
      email
      phone
      state
    }
    assignedTests(candidateId: $id) {
      ...AssignedTestFields
    }
    testTemplates {
      id
      name
      description
      type
      category
      active
      downloadUrl
    }
  }
`);

export const ASSIGN_TEST = graphql(`
  mutation AssignTest($input: AssignTestInput!) {
    assignTest(input: $input) {
      test {
        ...AssignedTestFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const SET_ASSIGNED_TEST_STATE = graphql(`
  mutation SetAssignedTestState($id: ID!, $state: AssignedTestState!) {
    setAssignedTestState(id: $id, state: $state) {
      test {
        ...AssignedTestFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const RECORD_TEST_RESULT = graphql(`
  mutation RecordTestResult($id: ID!, $text: String, $score: Float) {
    recordTestResult(id: $id, text: $text, score: $score) {
      test {
        ...AssignedTestFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const DELETE_ASSIGNED_TEST = graphql(`
  mutation DeleteAssignedTest($id: ID!) {
    deleteAssignedTest(id: $id) {
      ok
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const SEND_TESTS = graphql(`
  mutation SendTests($candidateId: ID!) {
    sendTests(candidateId: $candidateId) {
      ok
      candidate {
        ...PipelineCandidate
      }
      error {
        ...CandidateErrorFields
      }
    }
  }
`);

export const CONFIRM_TESTS_COMPLETED = graphql(`
  mutation ConfirmTestsCompleted($candidateId: ID!) {
    confirmTestsCompleted(candidateId: $candidateId) {
      emailQueued
      candidate {
        ...PipelineCandidate
      }
      error {
        ...CandidateErrorFields
      }
    }
  }
`);
