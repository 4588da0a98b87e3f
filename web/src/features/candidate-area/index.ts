// What the app may use of the candidate area (issue 10). The page itself is loaded on demand by
// the route table; the gate is small and mounted for every candidate.
export { ProfileGate } from './ProfileGate';
