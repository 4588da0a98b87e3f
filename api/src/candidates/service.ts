import type { Db } from '../db/database.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import * as repo from './repository.js';
import type { NewCandidate, RegistrationResult } from './repository.js';

export type { RegistrationConflict } from './repository.js';

/**
 * The account when e-mail and password match, with the guest applications it was just told
 * about. Unknown addresses (null: one the table cannot hold) still cost one argon2 verify.
 */
export async function login(db: Db, email: string | null, password: string) {
  const found = email === null ? null : await repo.findCandidateForLogin(db, email);
  const ok = await verifyPassword(found?.claveHash, password);
  if (!found || !ok) return { outcome: 'badCredentials' as const };
  if (!found.activo) return { outcome: 'inactive' as const };
  const vinculadas = await repo.announceLinkedApplications(db, found.user.id);
  return { outcome: 'ok' as const, user: found.user, vinculadas };
}

/** `password` is hashed here, once every check of the input passed. */
export async function register(
  db: Db,
  c: Omit<NewCandidate, 'claveHash'>,
  password: string,
): Promise<RegistrationResult> {
  return repo.registerCandidate(db, { ...c, claveHash: await hashPassword(password) });
}

export const findCandidateSession = (db: Db, id: number) => repo.findCandidateSession(db, id);
