import type { AuditVerification } from '@bolsa/domain';
import { fieldsOf, id, pick, text } from './fields.js';
import { pageEnvelope } from './paging.js';

/** One audit row as every tier of the BFF reads it. */
export interface AuditEntryDto {
  id: string;
  at: string;
  /** USER (a staff account), TOKEN (an API token), SYSTEM. */
  actorKind: 'USER' | 'TOKEN' | 'SYSTEM';
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  address: string | null;
  requestId: string | null;
  /** The row's `detalle` as the api keeps it (domain's describeAuditDetail words it). */
  detail: unknown;
}

export interface AuditPage {
  items: AuditEntryDto[];
  totalCount: number;
  page: number;
  pageSize: number;
}

const ACTOR_KINDS: Record<string, AuditEntryDto['actorKind']> = {
  usuario: 'USER',
  user: 'USER',
  token: 'TOKEN',
  sistema: 'SYSTEM',
  system: 'SYSTEM',
};

/** One row of GET /internal/auditoria (or a line of its export); null without an id, a time or an action. */
export function normaliseAuditEntry(raw: unknown): AuditEntryDto | null {
  const f = fieldsOf(raw);
  const rowId = id(pick(f, 'id'));
  const at = text(pick(f, 'fecha', 'at'));
  const action = text(pick(f, 'accion', 'action'));
  if (!rowId || !at || !action || Number.isNaN(Date.parse(at))) return null;
  const kind = text(pick(f, 'actorTipo', 'actor_tipo'))?.toLowerCase() ?? 'sistema';
  return {
    id: rowId,
    at: new Date(at).toISOString(),
    actorKind: ACTOR_KINDS[kind] ?? 'SYSTEM',
    actorId: id(pick(f, 'actorId', 'actor_id')),
    actorName: text(pick(f, 'actorNombre', 'actor_nombre')),
    action,
    targetKind: text(pick(f, 'objetivoTipo', 'objetivo_tipo')),
    targetId: text(String(pick(f, 'objetivoId', 'objetivo_id') ?? '')),
    address: text(pick(f, 'direccion')),
    requestId: text(pick(f, 'solicitud')),
    detail: pick(f, 'detalle') ?? null,
  };
}

export function normaliseAuditPage(raw: unknown, asked: { page: number; pageSize: number }): AuditPage {
  const env = pageEnvelope(raw, asked);
  if (!env) return { items: [], totalCount: 0, ...asked };
  return {
    items: env.items.map(normaliseAuditEntry).filter((e): e is AuditEntryDto => e !== null),
    totalCount: env.totalCount,
    page: env.page,
    pageSize: env.pageSize,
  };
}

/** POST /internal/auditoria/verificar; anything unreadable is not 'ok'. */
export function normaliseAuditVerification(raw: unknown): AuditVerification | null {
  const f = fieldsOf(raw);
  const count = Number(pick(f, 'count', 'total'));
  if (!Number.isInteger(count) || count < 0) return null;
  if (pick(f, 'ok') === true) return { ok: true, count };
  const brokenId = Number(pick(f, 'brokenId'));
  const brokenAt = text(pick(f, 'brokenAt'));
  if (!Number.isInteger(brokenId) || !brokenAt) return null;
  return { ok: false, count, brokenId, brokenAt };
}

/** X-Total-Count of the export, or null. */
export const auditExportTotal = (raw: unknown): number | null => {
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(n) && n >= 0 ? n : null;
};
