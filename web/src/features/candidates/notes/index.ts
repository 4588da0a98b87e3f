// Notes on a candidate (issue 23): the detail's 'Notas' section.
export { CandidateNotes } from './CandidateNotes';
