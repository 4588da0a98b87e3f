import { ROLE, ROLE_LABEL, type RoleId, type StaffRoleId } from '@bolsa/domain';
import type { Role } from '../../gql/graphql';

/** The schema's Role enum and the specs' role ids (1 Administrador … 4 Candidato). */
export const ROLE_ID: Record<Role, RoleId> = {
  ADMIN: ROLE.ADMIN,
  MANAGER: ROLE.MANAGER,
  VIEWER: ROLE.VIEWER,
  CANDIDATE: ROLE.CANDIDATE,
};

export const STAFF_ROLE_ENUM: Record<StaffRoleId, Role> = { 1: 'ADMIN', 2: 'MANAGER', 3: 'VIEWER' };

export function roleLabel(role: Role): string {
  return ROLE_LABEL[ROLE_ID[role]];
}
