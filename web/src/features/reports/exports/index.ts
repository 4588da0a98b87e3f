// The export log of the reports page (issue 23).
export { CandidateExportLog } from './CandidateExportLog';
