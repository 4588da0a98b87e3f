import type { BulkTagOutcome } from '@bolsa/domain';
import { fieldsOf, id, listOf, pick, text } from './fields.js';

/** One row of a bulk tag change's answer (issue 23). */
export interface BulkTagRowDto {
  candidateId: string;
  name: string | null;
  outcome: BulkTagOutcome;
  /** The candidate's tag ids after the action. */
  tagIds: string[];
  message: string;
}

export interface BulkTagAnswerDto {
  dryRun: boolean;
  total: number;
  rows: BulkTagRowDto[];
}

const OUTCOMES: Record<string, BulkTagOutcome> = {
  cambiado: 'changed',
  changed: 'changed',
  sincambios: 'unchanged',
  unchanged: 'unchanged',
  nopermitido: 'refused',
  refused: 'refused',
  noencontrado: 'notFound',
  notfound: 'notFound',
};

const outcomeOf = (raw: unknown): BulkTagOutcome | null => {
  const t = text(raw)
    ?.toLowerCase()
    .replace(/[-_\s]/g, '');
  return t ? (OUTCOMES[t] ?? null) : null;
};

/**
 * POST /internal/candidatos/etiquetas-masivo's answer: `resultados[]` (id, nombre, resultado,
 * etiquetaIds, mensaje), `total`, `simulado`. A row whose outcome or id cannot be read is dropped:
 * the totals are counted from the rows the screen shows.
 */
export function normaliseBulkTagAnswer(raw: unknown): BulkTagAnswerDto {
  const f = fieldsOf(raw);
  const rows: BulkTagRowDto[] = [];
  for (const r of listOf(pick(f, 'resultados', 'results'))) {
    const g = fieldsOf(r);
    const candidateId = id(pick(g, 'id', 'postulanteId', 'candidatoId'));
    const outcome = outcomeOf(pick(g, 'resultado', 'outcome'));
    if (!candidateId || !outcome) continue;
    rows.push({
      candidateId,
      name: text(pick(g, 'nombre', 'inputNombre')),
      outcome,
      tagIds: listOf(pick(g, 'etiquetaIds', 'etiquetas'))
        .map(id)
        .filter((t): t is string => t !== null),
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
