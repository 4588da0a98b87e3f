import { ROLE_ENUM_OF_ID, ROLE_ID_OF_ENUM, roleLabelOf, type RoleId, type StaffRoleId } from '@bolsa/domain';
import type { Role } from '../../gql/graphql';

/** The schema's Role enum and the specs' role ids (1 Administrador … 4 Candidato): the domain's maps. */
export const ROLE_ID: Record<Role, RoleId> = ROLE_ID_OF_ENUM;

export const STAFF_ROLE_ENUM: Record<StaffRoleId, Role> = ROLE_ENUM_OF_ID;

export function roleLabel(role: Role): string {
  return roleLabelOf(role);
}
