import DataLoader from 'dataloader';
import type { CandidateDto } from './normalise/candidate.js';
import type { StaffUserDto } from './normalise/staff-user.js';
import type { CandidatesClient } from './upstream/candidates.js';
import type { StaffUsersClient } from './upstream/staff-users.js';

export interface Loaders {
  /** Staff users by id, from the shared short-lived staff directory (Creada Por / Editado Por). */
  users: DataLoader<string, StaffUserDto | null>;
  /** A candidate's detail by id, once per request (list rows asking for detail-only fields). */
  candidates: DataLoader<string, CandidateDto | null>;
}

export function createLoaders(clients: { staffUsers: StaffUsersClient; candidates: CandidatesClient }): Loaders {
  return {
    users: new DataLoader(async (ids) => {
      const byId = new Map((await clients.staffUsers.directory.get()).map((u) => [u.id, u]));
      return ids.map((i) => byId.get(i) ?? null);
    }),
    candidates: new DataLoader(
      async (ids) => Promise.all(ids.map((i) => clients.candidates.get(i).catch((err: unknown) => err as Error))),
      // A page has at most 100 rows; the api has one detail endpoint, so each id is one call.
      { maxBatchSize: 100 },
    ),
  };
}
