import { DEFAULT_STAFF_ROLE_ENUM, STAFF_ROLE_OPTIONS as DOMAIN_STAFF_ROLE_OPTIONS } from '@bolsa/domain';
import type { Role } from '../../gql/graphql';

/** Staff roles a user or token can have, as the selects offer them (the domain's list). */
export const STAFF_ROLE_OPTIONS: { value: Role; label: string }[] = DOMAIN_STAFF_ROLE_OPTIONS.map(
  ({ value, label }) => ({
    value,
    label,
  }),
);

/** New users are Visualizador (spec 2 §9). */
export const DEFAULT_STAFF_ROLE: Role = DEFAULT_STAFF_ROLE_ENUM;

/** The select's value as a role; the selects never deselect, so anything else is the default. */
export function asRole(value: string | null): Role {
  return STAFF_ROLE_OPTIONS.find((o) => o.value === value)?.value ?? DEFAULT_STAFF_ROLE;
}
