// What other features may use of the candidate and recruiter accounts.
export { LoginPromptProvider, useLoginPrompt } from './LoginPrompt';
