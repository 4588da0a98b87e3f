import { canonicalState, type BulkOutcome, type CandidateState } from '@bolsa/domain';
import { fieldsOf, id, listOf, pick, text } from './fields.js';

/** One row of a bulk state change's answer (issue 23). */
export interface BulkRowDto {
  candidateId: string;
  name: string | null;
  outcome: BulkOutcome;
  from: CandidateState | null;
  to: CandidateState | null;
  emailQueued: boolean;
  message: string;
}

export interface BulkAnswerDto {
  dryRun: boolean;
  total: number;
  rows: BulkRowDto[];
}

const OUTCOMES: Record<string, BulkOutcome> = {
  movido: 'moved',
  moved: 'moved',
  'sin-cambios': 'unchanged',
  sincambios: 'unchanged',
  unchanged: 'unchanged',
  'no-permitido': 'refused',
  nopermitido: 'refused',
  refused: 'refused',
  'no-encontrado': 'notFound',
  noencontrado: 'notFound',
  notfound: 'notFound',
};

const outcomeOf = (raw: unknown): BulkOutcome | null => {
  const t = text(raw)?.toLowerCase().replace(/_/g, '-');
  return t ? (OUTCOMES[t] ?? OUTCOMES[t.replace(/-/g, '')] ?? null) : null;
};

/**
 * The envelope every bulk action of the api answers with: `resultados[]` (id, nombre, resultado,
 * mensaje and the action's own fields), `total`, `simulado`. A row whose outcome or id cannot be
 * read is dropped: the totals are counted from the rows the screen shows. `rowOf` reads the
 * action's own fields of a row.
 */
export function normaliseBulkEnvelope<O, Extra extends object>(
  raw: unknown,
  outcomeOf: (raw: unknown) => O | null,
  rowOf: (g: ReturnType<typeof fieldsOf>) => Extra,
): {
  dryRun: boolean;
  total: number;
  rows: ({ candidateId: string; name: string | null; outcome: O; message: string } & Extra)[];
} {
  const f = fieldsOf(raw);
  const rows: ({ candidateId: string; name: string | null; outcome: O; message: string } & Extra)[] = [];
  for (const r of listOf(pick(f, 'resultados', 'results'))) {
    const g = fieldsOf(r);
    const candidateId = id(pick(g, 'id', 'postulanteId', 'candidatoId'));
    const outcome = outcomeOf(pick(g, 'resultado', 'outcome'));
    if (!candidateId || !outcome) continue;
    rows.push({
      candidateId,
      name: text(pick(g, 'nombre', 'inputNombre')),
      outcome,
      ...rowOf(g),
      message: text(pick(g, 'mensaje', 'message')) ?? '',
    });
  }
  const total = Number(pick(f, 'total'));
  return {
    dryRun: pick(f, 'simulado') === true,
    total: Number.isInteger(total) && total >= 0 ? total : rows.length,
    rows,
  };
}

/**
 * POST /internal/candidatos/cambio-masivo's answer: the bulk envelope with, per row,
 * estadoAnterior, estadoNuevo and correoEncolado.
 */
export function normaliseBulkAnswer(raw: unknown): BulkAnswerDto {
  return normaliseBulkEnvelope(raw, outcomeOf, (g) => ({
    from: canonicalState(pick(g, 'estadoAnterior')),
    to: canonicalState(pick(g, 'estadoNuevo')),
    emailQueued: pick(g, 'correoEncolado') === true,
  }));
}

/** The refusal of a selection past the limit: `codigo: 'limite_excedido'` with `total`; else null. */
export function normaliseBulkLimit(body: unknown): { count: number; message: string | null } | null {
  const f = fieldsOf(body);
  if (pick(f, 'codigo', 'code') !== 'limite_excedido') return null;
  const count = Number(pick(f, 'total'));
  return { count: Number.isInteger(count) ? count : 0, message: text(pick(f, 'message', 'error', 'mensaje')) };
}
