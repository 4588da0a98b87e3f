import { recordAudit, type AuditActor } from '../audit/index.js';
import type { Db } from '../db/database.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import * as users from './repository.js';
import type { StaffUserInput, StaffUserJson } from './repository.js';

export type { StaffUserInput, StaffUserJson } from './repository.js';

const ADMIN = 1;

/** Whether `id` is the only active administrator (the admins are locked by the caller's transaction). */
async function isLastActiveAdmin(trx: Db, id: number): Promise<boolean> {
  const admins = await users.lockActiveAdmins(trx);
  return admins.length === 1 && admins[0] === id;
}

export const listUsers = (db: Db, search: string): Promise<StaffUserJson[]> => users.listUsers(db, search);

export const findUserSession = (db: Db, id: number) => users.findUserSession(db, id);

/** The account when the e-mail and password match (unknown accounts cost the same argon2 time). */
export async function checkLogin(db: Db, usuario: string | null, clave: string) {
  const found = usuario === null ? null : await users.findUserForLogin(db, usuario);
  const ok = await verifyPassword(found?.clave_hash, clave);
  const user = found && ok ? found : null;
  // Audited either way; a failed attempt names the account only by its id when there is one —
  // never the e-mail typed.
  const self: AuditActor = { kind: 'usuario', id: found?.id ?? null };
  if (user && user.estatus)
    await recordAudit(db, { action: 'sesion.ingreso', target: { kind: 'usuario', id: user.id }, actor: self });
  else
    await recordAudit(db, {
      action: 'sesion.fallida',
      target: found ? { kind: 'usuario', id: found.id } : null,
      actor: { kind: 'sistema', id: null },
      detail: { motivo: !found ? 'cuenta desconocida' : user ? 'cuenta inactiva' : 'contraseña incorrecta' },
    });
  return user;
}

/** `clave` is hashed here, after every check of the input passed. */
export async function createUser(db: Db, input: Required<Omit<StaffUserInput, 'claveHash'>>, clave: string) {
  const claveHash = await hashPassword(clave);
  try {
    return await db.transaction().execute(async (trx) => {
      const id = await users.createUser(trx, { ...input, claveHash });
      if (id === 'duplicate') throw new Duplicate();
      await recordAudit(trx, {
        action: 'usuario.crear',
        target: { kind: 'usuario', id },
        detail: { rol: input.idrol },
      });
      return id;
    });
  } catch (err) {
    if (err instanceof Duplicate) return 'duplicate' as const;
    throw err;
  }
}

class Duplicate extends Error {}

/** One audit row per kind of change an update made (edit, role, password, status). */
async function auditUpdate(
  trx: Db,
  id: number,
  before: { idrol: number; estatus: boolean },
  input: Omit<StaffUserInput, 'claveHash'>,
  passwordChanged: boolean,
) {
  const target = { kind: 'usuario' as const, id };
  await recordAudit(trx, { action: 'usuario.editar', target });
  if (input.idrol !== undefined && input.idrol !== before.idrol)
    await recordAudit(trx, { action: 'usuario.rol', target, detail: { de: before.idrol, a: input.idrol } });
  if (passwordChanged) await recordAudit(trx, { action: 'usuario.clave', target });
  if (input.estatus !== undefined && input.estatus !== before.estatus)
    await recordAudit(trx, { action: input.estatus ? 'usuario.activar' : 'usuario.desactivar', target });
}

/**
 * The last active administrator can be renamed but not demoted or deactivated (issue 13): the
 * system would be left with nobody able to manage users.
 */
export async function updateUser(
  db: Db,
  id: number,
  input: Omit<StaffUserInput, 'claveHash'>,
  clave: string,
): Promise<'ok' | 'missing' | 'duplicate' | 'lastAdmin'> {
  const claveHash = clave ? await hashPassword(clave) : undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      const removesAdmin = (input.idrol !== undefined && input.idrol !== ADMIN) || input.estatus === false;
      if (removesAdmin && (await isLastActiveAdmin(trx, id))) return 'lastAdmin' as const;
      const before = await users.userFacts(trx, id);
      const outcome = await users.updateUser(trx, id, { ...input, ...(claveHash && { claveHash }) });
      if (outcome === 'ok' && before) await auditUpdate(trx, id, before, input, !!claveHash);
      return outcome;
    });
  } catch (err) {
    // The e-mail is taken (also when a concurrent update won); the transaction is already rolled back.
    if (users.isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

export async function toggleUser(db: Db, id: number): Promise<boolean | null | 'lastAdmin'> {
  return db.transaction().execute(async (trx) => {
    if (await isLastActiveAdmin(trx, id)) return 'lastAdmin' as const;
    const estatus = await users.toggleUser(trx, id);
    if (estatus !== null)
      await recordAudit(trx, {
        action: estatus ? 'usuario.activar' : 'usuario.desactivar',
        target: { kind: 'usuario', id },
      });
    return estatus;
  });
}

export async function deleteUser(db: Db, id: number): Promise<boolean | 'lastAdmin'> {
  return db.transaction().execute(async (trx) => {
    if (await isLastActiveAdmin(trx, id)) return 'lastAdmin' as const;
    const deleted = await users.deleteUser(trx, id);
    if (deleted) await recordAudit(trx, { action: 'usuario.eliminar', target: { kind: 'usuario', id } });
    return deleted;
  });
}

/**
 * The first administrator of an install without demo accounts (`npm run create-admin`), or a
 * locked-out administrator's recovery: creates the account, or gives an existing one with that
 * e-mail this password, role 1 and active status. `input` was checked by the domain's staff-user rules.
 */
export async function upsertAdministrator(
  db: Db,
  input: { nombre: string; usuario: string },
  clave: string,
): Promise<{ id: number; created: boolean }> {
  const claveHash = await hashPassword(clave);
  return db.transaction().execute(async (trx) => {
    const existing = await users.findUserForLogin(trx, input.usuario);
    if (existing) {
      await users.updateUser(trx, existing.id, {
        nombre: existing.nombre,
        usuario: existing.usuario,
        claveHash,
        idrol: ADMIN,
        estatus: true,
      });
      await recordAudit(trx, { action: 'usuario.clave', target: { kind: 'usuario', id: existing.id } });
      return { id: existing.id, created: false };
    }
    const id = await users.createUser(trx, { ...input, claveHash, idrol: ADMIN, estatus: true });
    if (id === 'duplicate') throw new Error('El correo ya existe');
    await recordAudit(trx, { action: 'usuario.crear', target: { kind: 'usuario', id }, detail: { rol: ADMIN } });
    return { id, created: true };
  });
}
