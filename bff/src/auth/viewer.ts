import type { RoleId } from '@bolsa/domain';

export type ViewerKind = 'STAFF' | 'CANDIDATE' | 'INTEGRATION';

/** Who is calling: from the session cookie or an API token; null when anonymous. */
export interface Viewer {
  id: string;
  kind: ViewerKind;
  /** Effective role (an administrator may preview the panel with a lower one). */
  role: RoleId;
  realRole: RoleId;
  name: string;
  email: string;
}
