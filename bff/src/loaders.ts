import DataLoader from 'dataloader';
import type { StaffUserDto } from './normalise/staff-user.js';
import type { StaffUsersClient } from './upstream/staff-users.js';

export interface Loaders {
  /** Staff users by id, from the shared short-lived staff directory (Creada Por / Editado Por). */
  users: DataLoader<string, StaffUserDto | null>;
}

export function createLoaders(clients: { staffUsers: StaffUsersClient }): Loaders {
  return {
    users: new DataLoader(async (ids) => {
      const byId = new Map((await clients.staffUsers.directory.get()).map((u) => [u.id, u]));
      return ids.map((i) => byId.get(i) ?? null);
    }),
  };
}
