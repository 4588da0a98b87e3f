// The audit log (issue 24, item 2): what each recorded action is called, how the panel words it,
// the verification's answer and the filter's rules. Every tier asks here.
import { CANDIDATE_EXPORT_LIST_LABEL } from './candidate-export.js';
import { CANDIDATE_STATE_LABEL, canonicalState } from './candidate.js';
import { DOCUMENT_KIND_INFO, documentKindOf } from './document-kinds.js';
import { EMAIL_TEMPLATE_ACTION_LABEL, emailTemplateDefinition } from './email-templates.js';
import { formatDate } from './format.js';
import { RETENTION_UI } from './retention.js';
import { ROLE_LABEL, type RoleId } from './roles.js';
import { SCORECARD_RECOMMENDATION_LABEL } from './scorecard.js';
import { toGuatemalaWallClock } from './time.js';

/** Every action the log records, as stored (`accion`), with the words the panel shows. */
export const AUDIT_ACTION_LABEL = {
  'sesion.ingreso': 'Inicio de sesión',
  'sesion.fallida': 'Inicio de sesión fallido',
  'sesion.salida': 'Cierre de sesión',
  'usuario.crear': 'Usuario creado',
  'usuario.editar': 'Usuario editado',
  'usuario.rol': 'Cambio de rol',
  'usuario.clave': 'Cambio de contraseña',
  'usuario.desactivar': 'Usuario desactivado',
  'usuario.activar': 'Usuario activado',
  'usuario.eliminar': 'Usuario eliminado',
  'token.crear': 'Token de API creado',
  'token.revocar': 'Token de API revocado',
  'plaza.crear': 'Plaza creada',
  'plaza.editar': 'Plaza editada',
  'plaza.eliminar': 'Plaza eliminada',
  'candidato.estado': 'Cambio de estado',
  'candidato.estado_masivo': 'Cambio de estado masivo',
  'candidato.reactivar': 'Candidato reactivado',
  'candidato.eliminar': 'Candidato eliminado',
  'nota.crear': 'Nota agregada',
  'nota.editar': 'Nota editada',
  'nota.eliminar': 'Nota eliminada',
  'etiqueta.definir': 'Etiqueta definida',
  'etiqueta.asignar': 'Etiquetas asignadas',
  'etiqueta.asignar_masivo': 'Etiquetas asignadas en bloque',
  'archivo.abrir': 'Archivo abierto',
  'exportacion.candidatos': 'Exportación de candidatos',
  'auditoria.exportar': 'Exportación de la bitácora',
  'auditoria.retencion': 'Depuración de la bitácora',
  'plantilla.editar': 'Plantilla de correo editada',
  'plantilla.restaurar': 'Plantilla de correo restaurada',
  'retencion.ejecutar': 'Ejecución de retención',
  'evaluacion.registrar': 'Evaluación de entrevista registrada',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABEL;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABEL) as AuditAction[];

export const isAuditAction = (v: unknown): v is AuditAction => typeof v === 'string' && v in AUDIT_ACTION_LABEL;

/** What an action was done to (ids only, never personal data). */
export const AUDIT_TARGET_LABEL = {
  usuario: 'Usuario',
  token: 'Token de API',
  plaza: 'Plaza',
  postulante: 'Candidato',
  nota: 'Nota',
  etiqueta: 'Etiqueta',
  archivo: 'Archivo',
  exportacion: 'Exportación',
  plantilla: 'Plantilla',
  auditoria: 'Bitácora',
  retencion: 'Retención',
} as const;
export type AuditTargetKind = keyof typeof AUDIT_TARGET_LABEL;
export const isAuditTargetKind = (v: unknown): v is AuditTargetKind => typeof v === 'string' && v in AUDIT_TARGET_LABEL;

/** Who acted: a staff account, an API token, or the system itself (a scheduled job, a failed log-in). */
export const AUDIT_ACTOR_KINDS = ['usuario', 'token', 'sistema'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
export const AUDIT_ACTOR_LABEL: Record<AuditActorKind, string> = {
  usuario: 'Usuario',
  token: 'Token de API',
  sistema: 'Sistema',
};

/** How long rows are kept (AUDIT_RETENTION_MONTHS), the page size and the export's cap. */
export const AUDIT_LIMITS = {
  retentionMonthsDefault: 24,
  retentionMonthsMin: 1,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  exportRowsMax: 100_000,
  /** Rows read per batch by the verification (it never holds the whole log). */
  verifyBatch: 1_000,
  detailBytesMax: 2_000,
} as const;

/** The hash the first row of the log points back to. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

export const AUDIT_MESSAGES = {
  dateInvalid: 'Fecha inválida. Usa el formato dd/mm/aaaa.',
  rangeInvalid: 'La fecha inicial debe ser anterior o igual a la final.',
  actionInvalid: 'Acción desconocida.',
  targetInvalid: 'Objetivo inválido.',
  // The filter's 'Número' when no row can have it (0, or past the database's integers).
  targetNumberInvalid: 'Ningún registro tiene ese número.',
  loadError: 'No se pudo cargar la bitácora. Intenta de nuevo.',
  empty: 'No hay registros con estos filtros.',
  verifyError: 'No se pudo verificar la bitácora. Intenta de nuevo.',
  exportTooLarge: `La exportación admite hasta ${AUDIT_LIMITS.exportRowsMax} registros; acota los filtros.`,
} as const;

/** 'dd/mm/yyyy HH:mm' in Guatemala. */
export function formatAuditInstant(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const w = toGuatemalaWallClock(ms);
  return `${formatDate(w.date)} ${w.time}`;
}

/** The verification's answer, as the panel words it. */
export type AuditVerification =
  { ok: true; count: number } | { ok: false; count: number; brokenId: number; brokenAt: string };

/**
 * The chain's head as the api publishes it outside the database (its log, at start-up and hourly
 * when it moved): a row's id, hash and date. A verification given anchors also reports a row whose
 * hash is no longer the one published, or a published row that is gone, which a chain rewritten
 * from the database's own rights would otherwise hide (docs/decisions/2026-11-27-audit-log.md).
 */
export interface AuditAnchor {
  id: number;
  hash: string;
  fecha: string;
}

export function auditVerificationMessage(v: AuditVerification): string {
  if (v.ok)
    return `La bitácora está íntegra: ${v.count} ${v.count === 1 ? 'registro verificado' : 'registros verificados'}.`;
  return `Registro alterado: #${v.brokenId} del ${formatAuditInstant(v.brokenAt)}.`;
}

/**
 * What identifies a target of each kind in the filter: an e-mail template by its key (chosen by
 * name), the log itself by nothing, every other kind by its row number.
 */
export function auditTargetIdInput(kind: string | null | undefined): 'template' | 'number' | null {
  if (!kind || kind === 'auditoria') return null;
  return kind === 'plantilla' ? 'template' : 'number';
}

/** 'Plaza #12', 'Candidato #40', 'Plantilla «Postulación recibida»', '—' when the action has no target. */
export function describeAuditTarget(kind: string | null, id: string | null): string {
  if (!kind) return '—';
  const label = isAuditTargetKind(kind) ? AUDIT_TARGET_LABEL[kind] : kind;
  if (!id) return label;
  const template = auditTargetIdInput(kind) === 'template' ? emailTemplateDefinition(id) : null;
  return template ? `${label} «${template.name}»` : `${label} #${id}`;
}

export const auditActionLabel = (action: string): string =>
  isAuditAction(action) ? AUDIT_ACTION_LABEL[action] : action;

/** The words of a row's `detalle` keys (ADR 2026-11-27-audit-log); an unknown key is shown as it is. */
const AUDIT_DETAIL_LABEL: Record<string, string> = {
  de: 'De',
  a: 'A',
  motivo: 'Motivo',
  rol: 'Rol',
  destacado: 'Destacada',
  candidatosEliminados: 'Candidatos eliminados',
  postulanteId: 'Candidato',
  antes: 'Antes',
  despues: 'Después',
  ambito: 'Ámbito',
  tipo: 'Tipo',
  lista: 'Lista',
  plazaId: 'Plaza',
  filas: 'Filas',
  formato: 'Formato',
  eliminados: 'Eliminados',
  meses: 'Meses',
  antesDe: 'Antes de',
  primerId: 'Primer registro',
  como: 'Cómo',
  version: 'Versión',
  anonimizados: 'Anonimizados',
  avisos: 'Avisos',
  documentos: 'Documentos',
  archivos: 'Archivos',
  entrevistaId: 'Entrevista',
  evaluacionId: 'Evaluación',
  recomendacion: 'Recomendación',
  edicion: 'Edición',
  criteriosEvaluacion: 'Criterios de evaluación',
};

const DETAIL_ORDER = Object.keys(AUDIT_DETAIL_LABEL);

/** Keys whose value is an id: '#12'. */
const ID_KEYS = new Set(['postulanteId', 'plazaId', 'primerId', 'version', 'entrevistaId', 'evaluacionId']);

/** Codes a detail stores, in the words the screens use ('CONTRATAR' → 'Contratar'). */
const DETAIL_VALUE_LABEL: Partial<Record<string, Record<string, string>>> = {
  recomendacion: SCORECARD_RECOMMENDATION_LABEL,
  ambito: { perfil: 'Perfil', postulacion: 'Postulación' },
  como: EMAIL_TEMPLATE_ACTION_LABEL,
};

function detailValue(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'sí' : 'no';
  if (Array.isArray(v)) return v.length ? v.map((x) => detailValue(key, x)).join(', ') : 'ninguna';
  if ((key === 'rol' || key === 'de' || key === 'a') && typeof v === 'number' && v in ROLE_LABEL)
    return ROLE_LABEL[v as RoleId];
  if (key === 'de' || key === 'a') {
    const state = canonicalState(v);
    if (state) return CANDIDATE_STATE_LABEL[state];
  }
  if (key === 'lista' && typeof v === 'string' && v in CANDIDATE_EXPORT_LIST_LABEL)
    return CANDIDATE_EXPORT_LIST_LABEL[v as keyof typeof CANDIDATE_EXPORT_LIST_LABEL];
  if (key === 'antesDe' && typeof v === 'string') return formatAuditInstant(v) || v;
  if (typeof v === 'string') {
    const label = DETAIL_VALUE_LABEL[key]?.[v];
    if (label) return label;
    // 'tipo': a document opened ('fotografia') or a retention run ('diaria').
    if (key === 'tipo') {
      const kind = documentKindOf(v);
      if (kind) return DOCUMENT_KIND_INFO[kind].label;
      if (RETENTION_UI.kind[v]) return RETENTION_UI.kind[v];
    }
  }
  if (ID_KEYS.has(key) && (typeof v === 'number' || typeof v === 'string')) return `#${v}`;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v as string | number);
}

/**
 * A row's `detalle` in words, for the panel and the CSV: 'De: Postulado · A: En seguimiento',
 * 'Motivo: contraseña incorrecta', 'Filas: 12 · Formato: xlsx'; '' without one. The detail holds no
 * personal data (only states, counts, ids and codes), so it can be shown as it is.
 */
export function describeAuditDetail(detail: unknown): string {
  if (!detail || typeof detail !== 'object' || Array.isArray(detail)) return '';
  // In the labels' order ('De' before 'A'): a jsonb column gives its keys back in an order of its own.
  const rank = (k: string) => {
    const i = DETAIL_ORDER.indexOf(k);
    return i < 0 ? DETAIL_ORDER.length : i;
  };
  return Object.entries(detail as Record<string, unknown>)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([k, v]) => `${AUDIT_DETAIL_LABEL[k] ?? k}: ${detailValue(k, v)}`)
    .join(' · ');
}

/** The CSV export's columns. */
export const AUDIT_CSV_HEADINGS = [
  'Registro',
  'Fecha',
  'Tipo de actor',
  'Actor',
  'Acción',
  'Objetivo',
  'Detalle',
  'Dirección',
  'Solicitud',
] as const;

export interface AuditCsvRow {
  id: number;
  at: string;
  actorKind: string;
  actorName: string | null;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  /** The row's `detalle` as stored (describeAuditDetail words it). */
  detail: unknown;
  address: string | null;
  requestId: string | null;
}

/** The actor kinds as stored and as GraphQL names them. */
const ACTOR_LABEL_ANY: Record<string, string> = {
  ...AUDIT_ACTOR_LABEL,
  USER: AUDIT_ACTOR_LABEL.usuario,
  TOKEN: AUDIT_ACTOR_LABEL.token,
  SYSTEM: AUDIT_ACTOR_LABEL.sistema,
};

export const auditCsvCells = (r: AuditCsvRow): (string | number)[] => [
  r.id,
  formatAuditInstant(r.at),
  ACTOR_LABEL_ANY[r.actorKind] ?? r.actorKind,
  r.actorName ?? '',
  auditActionLabel(r.action),
  describeAuditTarget(r.targetKind, r.targetId),
  describeAuditDetail(r.detail),
  r.address ?? '',
  r.requestId ?? '',
];

/** 'bitacora-2026-11-27.csv' (the date in Guatemala). */
export const auditExportFileName = (now: Date = new Date()): string => `bitacora-${toGuatemalaWallClock(now).date}.csv`;

/** The filters of the log as the panel holds them (Guatemala days 'YYYY-MM-DD'). */
export interface AuditLogFilterInput {
  actor?: string | null;
  action?: string | null;
  targetKind?: string | null;
  targetId?: string | null;
  from?: string | null;
  to?: string | null;
}

/** The CSV link of the filtered log (served by the BFF, recorded by the api). */
export function auditExportUrl(f: AuditLogFilterInput): string {
  const q = new URLSearchParams();
  for (const k of ['actor', 'action', 'targetKind', 'targetId', 'from', 'to'] as const) {
    const v = f[k]?.trim();
    if (v) q.set(k, v);
  }
  const s = q.toString();
  return `/reports/auditoria.csv${s ? `?${s}` : ''}`;
}
