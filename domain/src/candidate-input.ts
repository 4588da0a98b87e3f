import { canonicalState, CANDIDATE_STATE_ENUM, TRANSITION_MESSAGES, type CandidateState } from './candidate.js';
import { clockTime, isoDate, LIMITS, oneOf, optionalText, text, z } from './schema.js';

/*
 * Inputs of the pipeline (spec 3 §4.5, issue 11): a state in any spelling, the GraphQL enum, the
 * hire and reject dialogs. Apart from candidate.ts so that the candidate's own area can show
 * states and messages without loading zod.
 */

/** A state as the api and forms receive it: any known spelling in, canonical value out. */
export const candidateStateSchema = z
  .string({ error: TRANSITION_MESSAGES.notAllowed })
  .transform((v, ctx): CandidateState => {
    const s = canonicalState(v);
    if (s) return s;
    ctx.addIssue({ code: 'custom', message: TRANSITION_MESSAGES.stateUnknown });
    return z.NEVER;
  });

/** The GraphQL enum, exactly. */
export const candidateStateEnumSchema = oneOf(CANDIDATE_STATE_ENUM, TRANSITION_MESSAGES.stateUnknown);

/** Hire dialog (spec 3 §4.5): date, time and place are all required. */
export const hireSchema = z.object({
  date: isoDate({ required: TRANSITION_MESSAGES.hireFieldsRequired }),
  time: clockTime({ required: TRANSITION_MESSAGES.hireFieldsRequired, invalid: 'Hora inválida (HH:mm).' }),
  place: text({ max: LIMITS.shortText, required: TRANSITION_MESSAGES.hireFieldsRequired }),
});
export type HireInput = z.input<typeof hireSchema>;

/** Reject dialog (spec 3 §4.5): an optional observation for the e-mail. */
export const rejectSchema = z.object({
  observation: optionalText({ max: LIMITS.note, multiline: true }),
});

/** A status-change notification's extra observations (spec 3 §3 observacionesAdicionales). */
export const stateNoteSchema = optionalText({ max: LIMITS.note, multiline: true });
