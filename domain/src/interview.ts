import { branchIdSchema, BRANCH_MESSAGES } from './branch.js';
import { toIsoDate } from './format.js';
import { toGuatemalaWallClock, type WallClock } from './time.js';
import { clockTime, entityId, fromUnknown, isEmail, LIMITS, oneOf, optionalText, text, z } from './schema.js';

/**
 * Interview scheduling (spec 3 §2.5, §3, §5): the two modes, the form's rules, and how
 * participants are merged. Used by the scheduling screen, the bff's interview resolvers and the
 * api's /entrevista routes.
 */
export const INTERVIEW_MODES = ['VIRTUAL', 'PRESENCIAL'] as const;
export type InterviewMode = (typeof INTERVIEW_MODES)[number];
export const INTERVIEW_MODE_LABEL: Record<InterviewMode, string> = {
  VIRTUAL: 'Virtual (Teams)',
  PRESENCIAL: 'Presencial',
};
export const INTERVIEW_HEADING: Record<InterviewMode, string> = {
  VIRTUAL: 'Crear Reunión de Teams',
  PRESENCIAL: 'Programar Entrevista Presencial',
};

export const INTERVIEW_MESSAGES = {
  dateRequired: 'La fecha es obligatoria',
  datePast: 'La fecha no puede ser en el pasado',
  // Spec 3 §5 forbids a past date; an hour already gone today is in the past too (not quoted).
  startPast: 'La hora desde no puede ser en el pasado',
  dateFormat: 'Usa un formato válido (yyyy-MM-dd).',
  timeInvalidVirtual: 'Formato de hora inválido',
  timeInvalidInPerson: 'Hora inválida (HH:mm).',
  endAfterStart: 'Hora hasta debe ser mayor que hora desde',
  candidateEmailInvalid: 'Email del candidato es inválido',
  participantsRequired: 'Debe especificar al menos un participante',
  participantsTooMany: 'Puedes invitar como máximo 50 participantes.',
  branchRequired: BRANCH_MESSAGES.interviewRequired,
  addressRequired: 'La dirección es obligatoria',
  modeInvalid: 'La modalidad de la entrevista no es válida.',
  unauthorizedTitle: 'No autorizado',
  unauthorized: 'No puedes crear reuniones de Teams.',
  timeout: 'Timeout - La solicitud tardó demasiado tiempo',
  serverError: 'Error del servidor',
  inPersonFailed: 'No se pudo programar',
  checkData: 'Revisa los datos',
  copyManual: 'Copia manual',
  errorTitle: 'Error al crear la reunión',
  created: '¡Reunión de Teams creada exitosamente!',
  scheduled: 'Entrevista programada',
  scheduledInPerson: 'Entrevista presencial programada',
  linkCopied: 'Link copiado',
  // Spec 3 §2.5's hint says only internal addresses are invited, but the same section and §5 also
  // invite the free-text participants: the hint says what happens.
  participantsHint:
    'Recibirán la invitación los correos internos que marques (creados en Mantenimiento de Correos) y los que escribas en «Otros participantes», también de fuera de la organización.',
} as const;

export const MAX_PARTICIPANTS = 50;

/**
 * Participants (spec 3 §5): the picked internal addresses plus free text split by comma,
 * semicolon or newline, lower-cased, de-duplicated; entries that are not e-mails are dropped.
 */
export function mergeParticipants(picked: readonly string[], freeText = ''): string[] {
  const all = [...picked, ...freeText.split(/[,;\n]/)]
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s && isEmail(s));
  return [...new Set(all)];
}

/** Whether the organiser may create a Teams meeting: their e-mail is of the organisation's domain. */
export function canOrganiseTeamsMeeting(organiserEmail: string | null | undefined, domain: string): boolean {
  const d = domain.toLowerCase().replace(/^@/, '');
  return !!organiserEmail && organiserEmail.trim().toLowerCase().endsWith(`@${d}`);
}

/**
 * The interview input (spec 3 §3 'Interview payload'), by mode. Date today or later (and today, a
 * start not before this minute), end after start, participants required in virtual mode, branch
 * and address in person. `now` is Guatemala's clock.
 */
export function interviewSchema(now: WallClock = toGuatemalaWallClock(new Date())) {
  const M = INTERVIEW_MESSAGES;
  const { date: today, time: earliest } = now;
  const common = {
    candidateId: entityId(),
    candidateName: text({ max: LIMITS.name, required: M.checkData }),
    candidateEmail: text({ max: LIMITS.email, required: M.candidateEmailInvalid, tooLong: M.candidateEmailInvalid })
      .refine(isEmail, M.candidateEmailInvalid)
      .transform((v) => v.toLowerCase()),
    date: fromUnknown((raw, ctx): string => {
      if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) {
        ctx.addIssue({ code: 'custom', message: M.dateRequired });
        return z.NEVER;
      }
      const iso = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.trim()) ? toIsoDate(raw) : null;
      if (!iso || iso > '2100-12-31') {
        ctx.addIssue({ code: 'custom', message: M.dateFormat });
        return z.NEVER;
      }
      if (iso < today) {
        ctx.addIssue({ code: 'custom', message: M.datePast });
        return z.NEVER;
      }
      return iso;
    }),
    observations: optionalText({ max: LIMITS.note, multiline: true }),
    participants: z
      .array(text({ max: LIMITS.email }), { error: M.participantsRequired })
      .max(MAX_PARTICIPANTS, M.participantsTooMany)
      .default([])
      .transform((p) => mergeParticipants(p)),
  };
  const virtual = z.object({
    ...common,
    mode: z.literal('VIRTUAL', { error: M.modeInvalid }),
    start: clockTime({ required: M.timeInvalidVirtual }),
    end: clockTime({ required: M.timeInvalidVirtual }),
    participants: common.participants.refine((p) => p.length > 0, M.participantsRequired),
  });
  const inPerson = z.object({
    ...common,
    mode: z.literal('PRESENCIAL', { error: M.modeInvalid }),
    start: clockTime({ required: M.timeInvalidInPerson }),
    end: clockTime({ required: M.timeInvalidInPerson }),
    branchId: branchIdSchema(M.branchRequired),
    address: text({ max: LIMITS.note, multiline: true, required: M.addressRequired }),
    room: optionalText({ max: LIMITS.name }),
    interviewer: optionalText({ max: LIMITS.name }),
  });
  return z
    .discriminatedUnion('mode', [virtual, inPerson], { error: M.modeInvalid })
    .refine((v) => v.date !== today || v.start >= earliest, { path: ['start'], message: M.startPast })
    .refine((v) => v.end > v.start, { path: ['end'], message: M.endAfterStart });
}
export type InterviewInput = z.input<ReturnType<typeof interviewSchema>>;

export const interviewModeSchema = oneOf(INTERVIEW_MODES, INTERVIEW_MESSAGES.modeInvalid);
