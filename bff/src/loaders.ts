import DataLoader from 'dataloader';
import { normaliseStaffUser, type StaffUserDto } from './normalise/staff-user.js';
import type { Services } from './context.js';

export interface Loaders {
  /** Staff users by id: one GET /usuario per request however many rows ask (Creada Por / Editado Por). */
  users: DataLoader<string, StaffUserDto | null>;
}

export function createLoaders(services: Services): Loaders {
  return {
    users: new DataLoader(async (ids) => {
      const all = (await services.accounts.users())
        .map((u) => normaliseStaffUser(u, services.config.roleRules))
        .filter((u): u is StaffUserDto => u !== null);
      const byId = new Map(all.map((u) => [u.id, u]));
      return ids.map((i) => byId.get(i) ?? null);
    }),
  };
}
