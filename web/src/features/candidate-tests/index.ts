// What the router may use of the candidate's tests (architecture principle 9: only through this file).
export { CandidateTestsPage } from './CandidateTestsPage';
