// Interview scorecards (issue 24): the candidate detail's section and the vacancy's criteria.
export { CandidateScorecards } from './CandidateScorecards';
export { VacancyCriteria } from './VacancyCriteria';
