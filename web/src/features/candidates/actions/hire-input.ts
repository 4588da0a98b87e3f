import { hireSchema, rejectSchema, TRANSITION_MESSAGES } from '@bolsa/domain';

export interface HireValues {
  /** 'YYYY-MM-DD' from the date picker, or null. */
  date: string | null;
  /** 'HH:MM' from the time input. */
  time: string;
  place: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; fields: Record<string, string> };

/**
 * The hire dialog's check (spec 3 §4.5, domain's hireSchema): all three fields or
 * 'Debes completar fecha, hora y lugar', marking each missing field.
 */
export function parseHire(values: HireValues): Parsed<{ date: string; time: string; place: string }> {
  const result = hireSchema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !fields[key]) fields[key] = issue.message;
  }
  const missing = Object.values(fields).some((m) => m === TRANSITION_MESSAGES.hireFieldsRequired);
  return {
    ok: false,
    message: missing
      ? TRANSITION_MESSAGES.hireFieldsRequired
      : (Object.values(fields)[0] ?? TRANSITION_MESSAGES.hireFieldsRequired),
    fields,
  };
}

/** The reject dialog's optional observation, trimmed; null when empty. */
export function parseRejectObservation(raw: string): Parsed<string | null> {
  const result = rejectSchema.safeParse({ observation: raw });
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? '';
    return { ok: false, message, fields: { observation: message } };
  }
  return { ok: true, value: result.data.observation || null };
}
