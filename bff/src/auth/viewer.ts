import type { RoleId } from '@bolsa/domain';

/** Who is calling: resolved from the session cookie or an API token (next issue); null when anonymous. */
export interface Viewer {
  id: string;
  role: RoleId;
  name: string;
}
