import { fieldsOf, id, listOf, pick, text } from './fields.js';

export interface ApiTokenDto {
  id: string;
  name: string;
  roleId: 1 | 2 | 3;
  createdAt: string;
  lastUsedAt: string | null;
  revoked: boolean;
}

export function normaliseApiToken(raw: unknown): ApiTokenDto | null {
  const f = fieldsOf(raw);
  const tid = id(pick(f, 'id'));
  const r = Number(pick(f, 'idrol'));
  if (!tid) return null;
  return {
    id: tid,
    name: text(pick(f, 'nombre')) ?? 'API',
    roleId: r === 1 || r === 2 ? r : 3,
    createdAt: text(pick(f, 'creado_en', 'creadoEn')) ?? '',
    lastUsedAt: text(pick(f, 'usado_en', 'usadoEn')),
    revoked: pick(f, 'revocado') === true,
  };
}

/** GET /internal/api-tokens: bare, or under `data`, `items`… */
export function normaliseApiTokenList(raw: unknown): ApiTokenDto[] {
  return listOf(raw)
    .map(normaliseApiToken)
    .filter((t): t is ApiTokenDto => t !== null);
}
