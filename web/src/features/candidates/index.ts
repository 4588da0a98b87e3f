// What other features and the router may use of the candidate pipeline (architecture principle 9).
export { CANDIDATE_LIST_FIELDS, refreshCandidateViews } from './actions/cache';
export { stepButtons, type CandidateStep, type StepButton } from './actions/steps';
export {
  useCandidateActions,
  type CandidateActionOptions,
  type CandidateActions,
  type CandidateActionTarget,
} from './actions/use-candidate-actions';
export { CandidatesByVacancyPage } from './by-vacancy/CandidatesByVacancyPage';
export { CandidateDetail, DETAIL_MESSAGES } from './detail/CandidateDetail';
export { CandidateHistoryPage } from './history/CandidateHistoryPage';
export { CandidatesInboxPage } from './inbox/CandidatesInboxPage';
// Interview scorecards (issue 24): a vacancy's own criteria, on the vacancy's edit page.
export { VacancyCriteria } from './scorecards';
