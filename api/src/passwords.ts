import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1): about 80 ms per hash. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummy: Promise<string> | undefined;

/** A hash of a random secret with the same parameters, so an unknown account costs a real verify. */
function dummyHash(): Promise<string> {
  dummy ??= hash(randomBytes(32).toString('hex'));
  return dummy;
}

/** Computes the dummy hash ahead of the first login, so that login is not slower than the rest. */
export function primePasswords(): void {
  void dummyHash();
}

/**
 * Checks a password. Without a stored hash (unknown account, or a user without a password) it
 * still runs one argon2 verify, so the answer takes as long as for a real account.
 * A malformed stored hash counts as a wrong password, never as a server error.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
