import { canonicalState, type CandidateState } from '@bolsa/domain';
import { fieldsOf, id, listOf, pick, text } from './fields.js';

export type RetentionStepDto = 'ANONYMISE' | 'NOTICE' | 'GUEST_DOCUMENTS';

export interface RetentionApplicationDto {
  id: string;
  name: string;
  vacancy: string | null;
  state: CandidateState;
  reason: 'rechazado' | 'sin_avance';
  lastActivity: string;
  anonymiseOn: string | null;
  nextStep: RetentionStepDto | null;
}

export interface RetentionPreviewDto {
  policy: { months: number; guestDocumentMonths: number; noticeDays: number };
  nextRunAt: string;
  anonymise: number;
  notices: number;
  guestDocuments: number;
  upcoming: RetentionApplicationDto[];
  upcomingTotal: number;
}

export interface RetentionRunDto {
  id: string;
  kind: 'DAILY' | 'MANUAL';
  at: string;
  by: string | null;
  anonymised: number;
  notices: number;
  guestDocuments: number;
  files: number;
}

const count = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(text(v));
  return Number.isInteger(n) && n >= 0 ? n : 0;
};
const instant = (v: unknown): string | null => {
  const t = text(v);
  return t && !Number.isNaN(Date.parse(t)) ? new Date(t).toISOString() : null;
};
const STEPS: Record<string, RetentionStepDto> = {
  anonimizar: 'ANONYMISE',
  avisar: 'NOTICE',
  documentos: 'GUEST_DOCUMENTS',
};

function application(raw: unknown): RetentionApplicationDto | null {
  const f = fieldsOf(raw);
  const rowId = id(pick(f, 'id'));
  const state = canonicalState(pick(f, 'estado'));
  const lastActivity = instant(pick(f, 'ultimaActividad'));
  if (!rowId || !state || !lastActivity) return null;
  return {
    id: rowId,
    name: text(pick(f, 'nombre')) ?? '',
    vacancy: text(pick(f, 'plaza')),
    state,
    reason: text(pick(f, 'motivo')) === 'sin_avance' ? 'sin_avance' : 'rechazado',
    lastActivity,
    anonymiseOn: instant(pick(f, 'anonimizarEl')),
    nextStep: STEPS[text(pick(f, 'paso')) ?? ''] ?? null,
  };
}

/** GET /internal/retencion. */
export function normaliseRetentionPreview(raw: unknown): RetentionPreviewDto | null {
  const f = fieldsOf(raw);
  const p = fieldsOf(pick(f, 'politica'));
  const nextRunAt = instant(pick(f, 'proximaEjecucion'));
  if (!nextRunAt) return null;
  return {
    policy: {
      months: count(pick(p, 'meses')),
      guestDocumentMonths: count(pick(p, 'mesesDocumentosInvitados')),
      noticeDays: count(pick(p, 'diasAviso')),
    },
    nextRunAt,
    anonymise: count(pick(f, 'anonimizados')),
    notices: count(pick(f, 'avisos')),
    guestDocuments: count(pick(f, 'documentos')),
    upcoming: listOf(pick(f, 'proximos'))
      .map(application)
      .filter((a): a is RetentionApplicationDto => a !== null),
    upcomingTotal: count(pick(f, 'total')),
  };
}

/** One run of GET /internal/retencion/ejecuciones or POST /internal/retencion/ejecutar. */
export function normaliseRetentionRun(raw: unknown): RetentionRunDto | null {
  const f = fieldsOf(raw);
  const runId = id(pick(f, 'id', 'runId'));
  const at = instant(pick(f, 'fecha'));
  if (!runId || !at) return null;
  return {
    id: runId,
    kind: text(pick(f, 'tipo')) === 'diaria' ? 'DAILY' : 'MANUAL',
    at,
    by: text(pick(f, 'usuario')),
    anonymised: count(pick(f, 'anonimizados')),
    notices: count(pick(f, 'avisos')),
    guestDocuments: count(pick(f, 'documentos')),
    files: count(pick(f, 'archivos')),
  };
}

export function normaliseRetentionRuns(raw: unknown): RetentionRunDto[] {
  return listOf(raw, 'items')
    .map(normaliseRetentionRun)
    .filter((r): r is RetentionRunDto => r !== null);
}
