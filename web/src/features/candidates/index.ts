// The candidate pipeline's screens (issue 11). The route table loads each lazily from its own file.
export { CandidateHistoryPage } from './history/CandidateHistoryPage';
export { CandidatesByVacancyPage } from './by-vacancy/CandidatesByVacancyPage';
export { CandidatesInboxPage } from './inbox/CandidatesInboxPage';
