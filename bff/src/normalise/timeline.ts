import { canonicalState, requestedKinds, type CandidateState, type RequestableKind } from '@bolsa/domain';
import { fieldsOf, id, listOf, pick, text, type Fields } from './fields.js';

export interface TimelineDto {
  states: {
    at: string;
    from: CandidateState | null;
    to: CandidateState;
    userId: string | null;
    note: string | null;
  }[];
  emails: {
    at: string;
    subject: string;
    status: 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';
    attempts: number;
    sentAt: string | null;
  }[];
  accesses: { at: string; userId: string | null; type: string | null; tokenName: string | null }[];
  /** What happened to the candidate's assigned tests (ASSIGNED, SENT, COMPLETED …). */
  tests: { at: string; userId: string | null; action: string; testName: string }[];
  /** Document-update requests: REQUESTED (with the comment) and FULFILLED. */
  documentRequests: {
    at: string;
    userId: string | null;
    action: 'REQUESTED' | 'FULFILLED';
    documents: RequestableKind[];
    comment: string | null;
  }[];
}

export const emptyTimeline = (): TimelineDto => ({
  states: [],
  emails: [],
  accesses: [],
  tests: [],
  documentRequests: [],
});

/** The outbox's delivery status in Spanish or English, any case. */
const EMAIL_STATUS: Record<string, TimelineDto['emails'][number]['status']> = {
  pendiente: 'PENDING',
  pending: 'PENDING',
  enviando: 'SENDING',
  sending: 'SENDING',
  enviado: 'SENT',
  sent: 'SENT',
  fallido: 'FAILED',
  failed: 'FAILED',
};

const at = (x: Fields) => text(pick(x, 'en', 'fecha', 'at')) ?? '';

/**
 * GET /internal/candidatos/{id}/linea-de-tiempo: history rows (`estados`), e-mails with delivery
 * status (`correos`), file openings (`accesos`), test events (`pruebas`) and document requests
 * (`solicitudesDocumentos`, formerly `documentos`), each field in Spanish or English.
 */
export function normaliseTimeline(raw: unknown): TimelineDto {
  const f = fieldsOf(raw);
  return {
    states: listOf(pick(f, 'estados')).flatMap((r) => {
      const h = fieldsOf(r);
      const to = canonicalState(pick(h, 'estadoNuevo', 'to'));
      if (!to) return [];
      return [
        {
          at: at(h),
          from: canonicalState(pick(h, 'estadoAnterior', 'from')),
          to,
          userId: id(pick(h, 'usuarioId', 'userId')),
          note: text(pick(h, 'nota', 'note')),
        },
      ];
    }),
    emails: listOf(pick(f, 'correos')).map((r) => {
      const c = fieldsOf(r);
      return {
        at: at(c),
        subject: text(pick(c, 'asunto', 'subject')) ?? '',
        status: EMAIL_STATUS[text(pick(c, 'estado', 'status'))?.toLowerCase() ?? ''] ?? 'PENDING',
        attempts: Number(pick(c, 'intentos', 'attempts')) || 0,
        sentAt: text(pick(c, 'enviadoEn', 'sentAt')),
      };
    }),
    accesses: listOf(pick(f, 'accesos')).map((r) => {
      const a = fieldsOf(r);
      return {
        at: at(a),
        userId: id(pick(a, 'usuarioId', 'userId')),
        type: text(pick(a, 'tipo', 'type')),
        tokenName: text(pick(a, 'tokenNombre', 'tokenName')),
      };
    }),
    tests: listOf(pick(f, 'pruebas')).map((r) => {
      const e = fieldsOf(r);
      return {
        at: at(e),
        userId: id(pick(e, 'usuarioId', 'userId')),
        action: text(pick(e, 'accion', 'action')) ?? 'ASSIGNED',
        testName: text(pick(e, 'nombrePrueba', 'testName')) ?? '',
      };
    }),
    documentRequests: listOf(pick(f, 'solicitudesDocumentos', 'documentos')).map((r) => {
      const e = fieldsOf(r);
      const action = text(pick(e, 'accion', 'action'))?.toUpperCase();
      return {
        at: at(e),
        userId: id(pick(e, 'usuarioId', 'userId')),
        action: action === 'FULFILLED' || action === 'CUMPLIDA' ? ('FULFILLED' as const) : ('REQUESTED' as const),
        documents: requestedKinds(listOf(pick(e, 'documentos', 'documents')).map(text)),
        comment: text(pick(e, 'comentario', 'comment')),
      };
    }),
  };
}
