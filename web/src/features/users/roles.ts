import type { Role } from '../../gql/graphql';

/** Staff roles a user or token can have, as the selects offer them. */
export const STAFF_ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: 'ADMIN', label: 'Administrador' },
  { value: 'MANAGER', label: 'Gestor' },
  { value: 'VIEWER', label: 'Visualizador' },
];

/** New users are Visualizador (spec 2 §9). */
export const DEFAULT_STAFF_ROLE: Role = 'VIEWER';

export function asRole(value: string | null): Role {
  return STAFF_ROLE_OPTIONS.find((o) => o.value === value)?.value ?? DEFAULT_STAFF_ROLE;
}
