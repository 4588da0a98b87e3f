import type { ApplicationFormValues, DocumentKey } from './form-values';

/**
 * What a visitor wrote in a vacancy's form before logging in from it (issue 20): the form
 * reopens after the login with it. Kept in this page's memory only, never in Web Storage (no
 * personal data there, ARCHITECTURE principle 4), and used once.
 */
export interface ApplicationDraft {
  values: ApplicationFormValues;
  /** Files chosen and not in the profile: sent again by the form that takes the draft. */
  files: Partial<Record<DocumentKey, File>>;
}

const drafts = new Map<string, ApplicationDraft>();

export function keepDraft(vacancyId: string, draft: ApplicationDraft): void {
  drafts.set(vacancyId, draft);
}

/** The draft of this vacancy's form, if any. */
export function peekDraft(vacancyId: string): ApplicationDraft | null {
  return drafts.get(vacancyId) ?? null;
}

/** Once the form has taken it: a draft is used once. */
export function forgetDraft(vacancyId: string): void {
  drafts.delete(vacancyId);
}

/** Every draft (tests: a form unmounted by one test keeps its draft, which the next must not see). */
export function forgetAllDrafts(): void {
  drafts.clear();
}
