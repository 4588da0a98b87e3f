/**
 * What a process must keep out of its logs. The rules themselves (which keys are personal, how
 * text is scrubbed) are the domain's (domain/src/log-privacy.ts); this package only applies them,
 * so it imports none of our workspaces.
 */
export interface LogPrivacy {
  /** pino redact paths of personal keys, at the top and nested (domain LOG_REDACT_PATHS). */
  redactPaths: string[];
  /** The same keys at the top level only, for the per-request logger (domain REQUEST_LOG_REDACT_PATHS). */
  requestRedactPaths: string[];
  /** What a redacted value becomes (domain LOG_CENSOR). */
  censor: string;
  /** Removes personal data from free text: error messages and stacks (domain scrubText). */
  scrub(text: string): string;
}
