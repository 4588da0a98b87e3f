/** Candidate application states (spec 3 §4.1) with the legacy spellings the server may send. */
export const CANDIDATE_STATES = [
  'postulado',
  'en seguimiento',
  'pre-pruebas',
  'post-pruebas',
  'entrevista',
  'inducción',
  'contratado',
  'rechazado',
] as const;
export type CandidateState = (typeof CANDIDATE_STATES)[number];

const ALIASES: Record<string, CandidateState> = {
  'en revision': 'en seguimiento',
  'en revisión': 'en seguimiento',
  'pruebas tecnicas': 'en seguimiento',
  'pruebas técnicas': 'en seguimiento',
  'en entrevista': 'entrevista',
  induccion: 'inducción',
};

/** Canonical state for any spelling the server may send; unknown values yield null. */
export function canonicalState(raw: unknown): CandidateState | null {
  if (typeof raw !== 'string') return null;
  const s = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  if ((CANDIDATE_STATES as readonly string[]).includes(s)) return s as CandidateState;
  return ALIASES[s] ?? null;
}

/** The six steps of the candidate's tracker (spec 1 §2.7). */
export const TRACKER_STEPS = [
  'Postulado',
  'En seguimiento',
  'Pre-pruebas',
  'Post-pruebas',
  'Entrevista',
  'Inducción',
] as const;

export const STATE_MESSAGE: Record<CandidateState, string> = {
  postulado: 'Tu postulación ha sido recibida. GTH se contactará contigo.',
  'en seguimiento': 'Tu perfil está en seguimiento por GTH.',
  'pre-pruebas': 'Se te han asignado pruebas. Revisa tu correo.',
  'post-pruebas': 'Estamos evaluando tus resultados. Te contactaremos pronto.',
  entrevista: '¡Estás en etapa de entrevista! GTH se comunicará contigo.',
  inducción: 'Etapa previa a contratación. GTH tomará la decisión final.',
  contratado: '¡Felicidades! Has sido seleccionado para el puesto.',
  rechazado: 'Gracias por tu interés. Te invitamos a postularte a otras vacantes.',
};
export const STATE_MESSAGE_FALLBACK = 'GTH se contactará contigo próximamente.';

export function stateMessage(raw: unknown): string {
  const s = canonicalState(raw);
  return s ? STATE_MESSAGE[s] : STATE_MESSAGE_FALLBACK;
}
