// What other features may use of the candidate and recruiter accounts.
export { LoginPromptProvider, useLoginPrompt } from './LoginPrompt';
// The registration's captcha (image, and its accessible proof-of-work alternative, loaded lazily),
// also asked for by the application form's duplicate check past its per-address limit (issue 22).
export { CaptchaChallenge, type Challenge } from './CaptchaChallenge';
export { LazyProofOfWorkCaptcha } from './lazy-proof-of-work';
