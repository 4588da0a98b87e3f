import type { RoleId } from '@bolsa/domain';
import type { Role } from '../generated/resolvers.js';

export const ROLE_ENUM: Record<RoleId, Role> = { 1: 'ADMIN', 2: 'MANAGER', 3: 'VIEWER', 4: 'CANDIDATE' };
export const ROLE_ID: Record<Role, RoleId> = { ADMIN: 1, MANAGER: 2, VIEWER: 3, CANDIDATE: 4 };
