// Interview scorecards (issue 24): the candidate detail's 'Evaluaciones de entrevista' section.
export { CandidateScorecards } from './CandidateScorecards';
