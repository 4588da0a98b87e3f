/** Role ids of spec 1 §6 / spec 2 §6. 4 is the candidate; 1–3 are staff. */
export const ROLE = { ADMIN: 1, MANAGER: 2, VIEWER: 3, CANDIDATE: 4 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export type StaffRoleId = 1 | 2 | 3;

export const ROLE_LABEL: Record<RoleId, string> = {
  1: 'Administrador',
  2: 'Gestor',
  3: 'Visualizador',
  4: 'Candidato',
};

/** The role assumed when a user object carries none (spec 2 §6). */
export const DEFAULT_ROLE: StaffRoleId = 3;

export function isStaffRole(role: number | null | undefined): role is StaffRoleId {
  return role === 1 || role === 2 || role === 3;
}
