import type { Db } from '../db/database.js';
import * as repo from './repository.js';

/*
 * Administrative e-mails have no rule beyond their input (domain adminEmailSchema) and the
 * unique address the table enforces: each operation is one statement of the repository.
 */
export const listAdminEmails = (db: Db, onlyActive: boolean, search: string) =>
  repo.listAdminEmails(db, onlyActive, search);
export const createAdminEmail = (db: Db, email: string, nombre: string) => repo.createAdminEmail(db, email, nombre);
export const updateAdminEmail = (db: Db, id: number, email: string, nombre: string) =>
  repo.updateAdminEmail(db, id, email, nombre);
export const setAdminEmailActive = (db: Db, id: number, activo: boolean) => repo.setAdminEmailActive(db, id, activo);
export const deleteAdminEmail = (db: Db, id: number) => repo.deleteAdminEmail(db, id);
