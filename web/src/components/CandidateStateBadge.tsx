import { Badge, type BadgeProps } from '@mantine/core';
import { CANDIDATE_STATE_LABEL, stateFromEnum, type CandidateState } from '@bolsa/domain';

/** One colour per pipeline state, the same on the candidate's cards and in the staff panel. */
export const CANDIDATE_STATE_COLOR: Record<CandidateState, string> = {
  postulado: 'gray',
  'en seguimiento': 'blue',
  'pre-pruebas': 'yellow',
  'post-pruebas': 'orange',
  entrevista: 'grape',
  inducción: 'indigo',
  contratado: 'green',
  rechazado: 'red',
};

/**
 * Mantine's light yellow and orange write shade 9 on a pale tint: under 4.5:1 (axe), so darker
 * text. Light green's text is darkened once in the theme (cssVariablesResolver).
 */
const DARK_TEXT: ReadonlySet<CandidateState> = new Set(['pre-pruebas', 'post-pruebas']);

/**
 * A state is never cut to 'EN SEGUI…': Mantine's badge clips its label, so a table short of room
 * squeezed the Estado column first (the inbox once rows carry tags, a vacancy's applicants).
 * The longest label ('EN SEGUIMIENTO') is about 8 rem: it fits a 360 px screen.
 */
const WHOLE = { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } as const;

/** The state badge (spec 1 §2.7, spec 3 §2.1–2.2). `state` is the GraphQL enum value (APPLIED…REJECTED). */
export function CandidateStateBadge({
  state,
  ...props
}: { state: string | null } & Omit<BadgeProps, 'color' | 'children'>) {
  const s = stateFromEnum(state);
  return (
    <Badge
      color={s ? CANDIDATE_STATE_COLOR[s] : 'gray'}
      variant="light"
      c={s && DARK_TEXT.has(s) ? 'dark.7' : undefined}
      styles={WHOLE}
      {...props}
    >
      {s ? CANDIDATE_STATE_LABEL[s] : 'Sin definir'}
    </Badge>
  );
}
