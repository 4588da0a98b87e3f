import { useQuery } from '@apollo/client/react';
import { can, roleFromEnum } from '@bolsa/domain';
import type { Role } from '../../gql/graphql';
import { BACKOFFICE_VIEWER } from './operations';

export interface StaffPermissions {
  role: Role | null;
  /** Roles 1–2: create and edit vacancies, featured toggle, maintain assessments and e-mails. */
  canEdit: boolean;
  /** Role 1 only: delete vacancies, assessments and e-mails. */
  canDelete: boolean;
}

/**
 * What the session may do in the back office (spec 2 §6), from `me.role`. Until the role is
 * known every control is hidden: a Visualizador must never see one flash into view.
 */
export function useStaffRole(): StaffPermissions {
  const { data } = useQuery(BACKOFFICE_VIEWER);
  const role = data?.me?.role ?? null;
  const id = roleFromEnum(role);
  return { role, canEdit: can(id, 'vacancy.edit'), canDelete: can(id, 'vacancy.delete') };
}
