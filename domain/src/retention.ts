/**
 * Retention of candidates' personal data (issue 24, item 3): who is anonymised and when, the notice
 * before, the guests' documents, and the words of the 'Retención' panel. The api's daily job and the
 * panel's preview both ask here; the api's SQL only narrows the rows these rules then decide on.
 */
import { formatDate } from './format.js';
import { countWord, pluralWord } from './words.js';
import type { CandidateState } from './candidate.js';
import { toGuatemalaWallClock } from './time.js';

/** RETENTION_MONTHS, RETENTION_GUEST_DOCUMENT_MONTHS, RETENTION_NOTICE_DAYS (api configuration). */
export interface RetentionPolicy {
  /** Months after the last activity an ended application is anonymised; 0 = off. */
  months: number;
  /** Months after the last activity a guest's ended application loses its files; 0 = off. */
  guestDocumentMonths: number;
  /** Days between the notice e-mail and the anonymisation. */
  noticeDays: number;
}

export const RETENTION_DEFAULTS: RetentionPolicy = { months: 24, guestDocumentMonths: 6, noticeDays: 30 };
export const RETENTION_LIMITS = {
  monthsMax: 1200,
  noticeDaysMax: 365,
  /** Applications listed by the preview (the counts cover all of them). */
  previewListed: 50,
  /** Runs listed by the panel. */
  runsListed: 20,
} as const;

/** An ended application: rejected, or never moved from 'postulado' in a vacancy that is closed. */
export const RETENTION_REJECTED_STATE = 'rechazado' satisfies CandidateState;
export const RETENTION_UNADVANCED_STATE = 'postulado' satisfies CandidateState;

export type RetentionReason = 'rechazado' | 'sin_avance';
export const RETENTION_REASON_LABEL: Record<RetentionReason, string> = {
  rechazado: 'Rechazado',
  sin_avance: 'Sin avance (plaza cerrada)',
};

export interface RetentionApplicationFacts {
  /** The canonical state (etapa). */
  state: string;
  /** The history records at least one move of this application. */
  everMoved: boolean;
  /** Its vacancy still takes applications (published, not past its end date). */
  vacancyOpen: boolean;
}

/**
 * Why an application's process is over for retention, or null when it is not: hired candidates and
 * open processes (any active state, or 'postulado' in a vacancy still open, or once moved) are
 * never touched.
 */
export function retentionReason(a: RetentionApplicationFacts): RetentionReason | null {
  if (a.state === RETENTION_REJECTED_STATE) return 'rechazado';
  if (a.state === RETENTION_UNADVANCED_STATE && !a.everMoved && !a.vacancyOpen) return 'sin_avance';
  return null;
}

/** `date` plus `months` calendar months (UTC; the 31st becomes the month's last day). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * 86_400_000);

/**
 * Days the month arithmetic can move a boundary: `addMonths` turns the 29th–31st into a shorter
 * month's last day, so `addMonths(now, -m)` is not the exact inverse of `addMonths(last, m) <= now`
 * (on 30 November, six months back is 30 May's inverse for anything from 30 November to its end).
 * Three days of clamping (31 → 28) plus the time of day.
 */
const MONTH_CLAMP_SLACK_DAYS = 4;

/**
 * The newest last activity a retention run at `now` must look at (the api's coarse filter):
 * anything more recent is neither due for a notice, nor for anonymisation, nor for the guests'
 * shorter period. It errs towards more rows: `retentionStep` decides each one exactly.
 */
export function retentionHorizon(now: Date, p: RetentionPolicy): Date | null {
  const dates: Date[] = [];
  if (p.months > 0) dates.push(addDays(addMonths(now, -p.months), p.noticeDays));
  if (p.guestDocumentMonths > 0) dates.push(addMonths(now, -p.guestDocumentMonths));
  if (!dates.length) return null;
  return addDays(new Date(Math.max(...dates.map((d) => d.getTime()))), MONTH_CLAMP_SLACK_DAYS);
}

export interface RetentionFacts extends RetentionApplicationFacts {
  lastActivity: Date;
  /** The notice e-mail of this application, when one was sent (a notice older than the last activity no longer counts). */
  noticeSentAt: Date | null;
  /** A guest's application (no account). */
  guest: boolean;
  /** Its files were already removed by the guests' shorter period. */
  documentsRemoved: boolean;
  /** It has stored files. */
  hasFiles: boolean;
}

export type RetentionStep = 'anonimizar' | 'avisar' | 'documentos';

/** The notice counts only when sent after the last activity: activity since then pushes the date. */
export const noticeCounts = (f: Pick<RetentionFacts, 'noticeSentAt' | 'lastActivity'>): boolean =>
  f.noticeSentAt !== null && f.noticeSentAt.getTime() >= f.lastActivity.getTime();

/**
 * The day an application will be anonymised: RETENTION_MONTHS after its last activity, never
 * sooner than RETENTION_NOTICE_DAYS after its notice (a notice not sent yet goes out at the next
 * run), and never before the next run.
 */
export function anonymisationDate(f: RetentionFacts, p: RetentionPolicy, nextRun: Date): Date | null {
  if (p.months <= 0 || retentionReason(f) === null) return null;
  const byActivity = addMonths(f.lastActivity, p.months);
  const noticed = noticeCounts(f) ? f.noticeSentAt! : nextRun;
  const byNotice = addDays(noticed, p.noticeDays);
  const due = byActivity > byNotice ? byActivity : byNotice;
  return due > nextRun ? due : nextRun;
}

/**
 * What a run at `now` does to one application: anonymise it (old enough and noticed long enough
 * ago), send its notice (RETENTION_NOTICE_DAYS before the date, once), remove a guest's files
 * (after the shorter period), or nothing.
 */
export function retentionStep(f: RetentionFacts, p: RetentionPolicy, now: Date): RetentionStep | null {
  if (retentionReason(f) === null) return null;
  if (p.months > 0) {
    const due = addMonths(f.lastActivity, p.months);
    if (noticeCounts(f)) {
      if (due <= now && addDays(f.noticeSentAt!, p.noticeDays) <= now) return 'anonimizar';
    } else if (addDays(due, -p.noticeDays) <= now) return 'avisar';
  }
  if (
    p.guestDocumentMonths > 0 &&
    f.guest &&
    f.hasFiles &&
    !f.documentsRemoved &&
    addMonths(f.lastActivity, p.guestDocumentMonths) <= now
  )
    return 'documentos';
  return null;
}

/** A run's counts (the runs table, the audit row's detail, the preview). No personal data. */
export interface RetentionCounts {
  anonimizados: number;
  avisos: number;
  documentos: number;
  archivos: number;
}

/** 'dd/mm/yyyy' of an instant, in Guatemala. */
export const retentionDay = (d: Date): string => formatDate(toGuatemalaWallClock(d).date);

/** The words of the panel page (/panel/retencion). */
export const RETENTION_UI = {
  title: 'Retención de datos',
  intro:
    'Los datos personales de candidatos cuyo proceso terminó se anonimizan automáticamente. Se conservan los conteos del embudo y los estados; se eliminan los archivos, los datos personales, las notas y las etiquetas. Los candidatos contratados y los procesos abiertos nunca se tocan.',
  loading: 'Cargando la retención…',
  loadFailed: 'No se pudo cargar la retención. Intenta de nuevo.',
  retry: 'Reintentar',
  policy: 'Política',
  nextRun: 'Próxima ejecución',
  affected: 'Próximos candidatos afectados',
  affectedEmpty: 'Ningún candidato será anonimizado en la próxima ejecución.',
  runs: 'Últimas ejecuciones',
  runsEmpty: 'Todavía no hay ejecuciones.',
  runNow: 'Ejecutar ahora',
  confirmTitle: '¿Ejecutar la retención ahora?',
  confirm: 'Ejecutar',
  cancel: 'Cancelar',
  running: 'Ejecutando…',
  runFailed: 'No se pudo ejecutar la retención. Intenta de nuevo.',
  off: 'La retención está desactivada (RETENTION_MONTHS = 0): no se anonimiza a nadie.',
  columns: {
    candidate: 'Candidato',
    vacancy: 'Plaza',
    state: 'Estado',
    reason: 'Motivo',
    lastActivity: 'Última actividad',
    when: 'Se anonimiza',
    runAt: 'Fecha',
    kind: 'Tipo',
    by: 'Por',
    anonymised: 'Anonimizados',
    notices: 'Avisos',
    documents: 'Documentos de invitados',
    files: 'Archivos',
  },
  kind: { diaria: 'Diaria', manual: 'Manual' } as Record<string, string>,
  system: 'Sistema',
  noVacancy: 'Plaza eliminada',
} as const;

/** 'Se anonimizarán 132 candidatos el 01/12/2026' (the panel's headline, as issue 24 words it). */
export function retentionHeadline(count: number, day: Date): string {
  return count === 1
    ? `Se anonimizará 1 candidato el ${retentionDay(day)}`
    : `Se anonimizarán ${count} candidatos el ${retentionDay(day)}`;
}

export function retentionNoticeLine(count: number, noticeDays: number): string {
  return `Se ${pluralWord(count, 'enviará', 'enviarán')} ${countWord(count, 'aviso', 'avisos')} por correo (${noticeDays} días antes de anonimizar)`;
}

export function retentionDocumentsLine(count: number): string {
  return `Se eliminarán los documentos de ${countWord(count, 'postulación de invitado', 'postulaciones de invitados')}`;
}

/** The policy in words. */
export function retentionPolicyText(p: RetentionPolicy): string[] {
  if (p.months <= 0) return [RETENTION_UI.off];
  const lines = [
    `Las postulaciones rechazadas, y las que nunca avanzaron de 'Postulado' en plazas cerradas, se anonimizan ${countWord(p.months, 'mes', 'meses')} después de su última actividad.`,
    `El candidato recibe un aviso por correo ${countWord(p.noticeDays, 'día', 'días')} antes; cualquier actividad posterior aplaza la fecha.`,
  ];
  lines.push(
    p.guestDocumentMonths > 0
      ? `Los documentos de los invitados (sin cuenta) se eliminan ${countWord(p.guestDocumentMonths, 'mes', 'meses')} después de su última actividad.`
      : 'Los documentos de los invitados se conservan hasta la anonimización.',
  );
  lines.push('La ejecución es diaria y queda registrada en la bitácora de auditoría.');
  return lines;
}

/** The confirmation dialog's question: how many will be anonymised. */
export function retentionConfirmText(c: { anonymise: number; notices: number; guestDocuments: number }): string {
  return `Se anonimizarán ${countWord(c.anonymise, 'candidato', 'candidatos')}, se enviarán ${countWord(c.notices, 'aviso', 'avisos')} y se eliminarán los documentos de ${countWord(c.guestDocuments, 'postulación de invitado', 'postulaciones de invitados')}. Esta acción no se puede deshacer.`;
}

/** The answer of a run, as the panel words it. */
export function retentionRunMessage(c: { anonymised: number; notices: number; guestDocuments: number }): string {
  return `Retención ejecutada: ${countWord(c.anonymised, 'candidato anonimizado', 'candidatos anonimizados')}, ${countWord(c.notices, 'aviso enviado', 'avisos enviados')}, documentos de ${countWord(c.guestDocuments, 'invitado eliminados', 'invitados eliminados')}.`;
}

/** What staff see instead of the name of an application the policy anonymised. */
export const RETENTION_ERASED_NAME = 'Datos anonimizados por la política de retención';
export const RETENTION_ERASED_DETAIL =
  'El proceso terminó y se cumplió el plazo de retención: se eliminaron los datos personales y los documentos. Se conserva solo el historial del proceso.';

/** The note the outbox keeps on queued e-mails of an anonymised application. */
export const RETENTION_ERASED_NOTE = 'Cancelado: datos anonimizados por la política de retención';
