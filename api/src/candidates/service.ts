import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ApplicationFileType, Db, ProfileFileType } from '../db/database.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import { insertProfileFile, insertStartingProfile } from '../profiles/index.js';
import type { FileStore } from '../storage/index.js';
import * as repo from './repository.js';
import type { GuestApplication, NewCandidate, RegistrationConflict } from './repository.js';

export type { RegistrationConflict } from './repository.js';

export interface AccountDeps {
  db: Db;
  files: FileStore;
}

export type RegistrationResult =
  { ok: true; id: number; linked: number } | { ok: false; conflict: RegistrationConflict };

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

/** The profile file kind each application file stands for. */
const PROFILE_KIND: Record<ApplicationFileType, ProfileFileType> = {
  fotografia: 'fotografia',
  curriculum: 'curriculum',
  carta: 'dpi',
  policiales: 'policiales',
  penales: 'penales',
};

/** A guest application's file copied to a key of the new profile's own. */
interface CopiedFile {
  type: ProfileFileType;
  key: string;
  name: string;
  mime: string;
  size: number;
}

/**
 * Copies of the guest application's files under fresh profile keys, before the transaction (a
 * copy must not hold the database connection, which PGlite shares). The application keeps its
 * own files; a file already gone from the store is left out.
 */
async function copyGuestFiles(deps: AccountDeps, guest: GuestApplication): Promise<CopiedFile[]> {
  const copies: CopiedFile[] = [];
  try {
    for (const f of guest.files) {
      const type = PROFILE_KIND[f.tipo as ApplicationFileType];
      if (!type || copies.some((c) => c.type === type)) continue;
      const key = `postulantes/perfiles/${randomUUID()}${path.extname(f.clave).toLowerCase()}`;
      if (await deps.files.copy(f.clave, key)) copies.push({ type, key, name: f.nombre, mime: f.mime, size: f.tamano });
    }
  } catch (err) {
    await discard(deps, copies);
    throw err;
  }
  return copies;
}

const discard = (deps: AccountDeps, copies: readonly CopiedFile[]) =>
  Promise.allSettled(copies.map((c) => deps.files.remove(c.key)));

const isUniqueViolation = (err: unknown): boolean => (err as { code?: unknown })?.code === '23505';

const rows = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * Creates the account and, in the same transaction, links earlier guest applications sent with
 * the same CUI and the same e-mail; the most recent of them starts the new profile (phone,
 * address, experiences, references, and copies of its photo and CV), so the guest does not type
 * them again (issue 20). The copies are made first and removed again when the registration is
 * refused or fails. A concurrent registration that wins the race on the unique e-mail or DPI is
 * reported as the conflict it now is, never as a server error. `password` is hashed here, once
 * every check of the input passed.
 */
export async function register(
  deps: AccountDeps,
  c: Omit<NewCandidate, 'claveHash'>,
  password: string,
): Promise<RegistrationResult> {
  const candidate = { ...c, claveHash: await hashPassword(password) };
  const guest = await repo.latestGuestApplication(deps.db, c.email, c.dpi);
  const copies = guest ? await copyGuestFiles(deps, guest) : [];
  let result: RegistrationResult & { carried?: boolean };
  try {
    result = await deps.db.transaction().execute(async (trx) => {
      const conflict = await repo.findRegistrationConflict(trx, c.email, c.dpi);
      if (conflict) return { ok: false, conflict } as const;
      const id = await repo.insertCandidate(trx, candidate);
      const linked = await repo.linkGuestApplications(trx, id, c.email, c.dpi);
      // Only an application this registration linked speaks for the new account.
      const carried = guest !== null && linked.includes(guest.id);
      if (carried) {
        await insertStartingProfile(trx, id, {
          telefono: guest.telefono,
          direccion: guest.direccion,
          experiencias: rows(guest.experiencias),
          referidosP: rows(guest.referidosP),
          referidosL: rows(guest.referidosL),
        });
        for (const f of copies) await insertProfileFile(trx, { userId: id, ...f });
      }
      return { ok: true, id, linked: linked.length, carried } as const;
    });
  } catch (err) {
    await discard(deps, copies);
    if (!isUniqueViolation(err)) throw err;
    // The other registration has committed by now, so the ordinary check names the conflict.
    const conflict = await repo.findRegistrationConflict(deps.db, c.email, c.dpi);
    const constraint = String((err as { constraint?: unknown }).constraint ?? '');
    return { ok: false, conflict: conflict ?? (constraint.includes('dpi') ? 'dpi_titular' : 'email_dpi_mismatch') };
  }
  if (!result.ok || !result.carried) await discard(deps, copies);
  return result.ok ? { ok: true, id: result.id, linked: result.linked } : result;
}

export const findCandidateSession = (db: Db, id: number) => repo.findCandidateSession(db, id);
