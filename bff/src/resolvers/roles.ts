import { ROLE_ENUM_OF_ID, ROLE_ID_OF_ENUM, type RoleId } from '@bolsa/domain';
import type { Role } from '../generated/resolvers.js';

/** GraphQL's Role enum ↔ the specs' role ids (the mapping itself lives in domain/). */
export const ROLE_ENUM: Record<RoleId, Role> = ROLE_ENUM_OF_ID;
export const ROLE_ID: Record<Role, RoleId> = ROLE_ID_OF_ENUM;
