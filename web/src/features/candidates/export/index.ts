// The export buttons of the candidate lists (issue 23): what the list screens use of this folder.
export { CandidateExportButtons, EXPORT_NOTHING } from './CandidateExportButtons';
