// What the app may use of the candidate area (issue 10). The page itself is loaded on demand by
// the route table; the gate is mounted for every candidate and loads its code when one signs in.
export { CandidateProfileGate } from './CandidateProfileGate';
