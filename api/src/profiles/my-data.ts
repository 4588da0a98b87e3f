import type { Db } from '../db/database.js';
import * as repo from './repository.js';
import { findAccount } from './profile-repository.js';
import { removeUnused, type ProfileDeps } from './profile-files.js';
import { getProfile } from './profile-read.js';

// 'Mis datos' (the candidate's data rights): export everything held, erase the account.

/** Everything held about the account: the profile, the applications with their history, the files. */
export async function exportData(db: Db, userId: number) {
  const profile = await getProfile(db, userId);
  if (!profile) return null;
  const [applications, appFiles, history] = await Promise.all([
    repo.applicationsForExport(db, userId),
    repo.applicationFilesForExport(db, userId),
    repo.historyForExport(db, userId),
  ]);
  const { archivos, ...perfil } = profile;
  return {
    perfil,
    postulaciones: applications.map((a) => ({
      ...a,
      historial: history.filter((h) => h.postulante_id === a.id).map(({ postulante_id: _p, ...h }) => h),
    })),
    archivos: [
      ...archivos.map((f) => ({
        scope: 'perfil' as const,
        id: f.id,
        tipo: f.tipo,
        nombre: f.nombre,
        tipoContenido: f.tipoContenido,
        tamano: f.tamano,
      })),
      ...appFiles.map((f) => ({
        scope: 'postulacion' as const,
        id: f.id,
        postulanteId: f.postulante_id,
        tipo: f.tipo,
        nombre: f.nombre,
        tipoContenido: f.mime,
        tamano: f.tamano,
      })),
    ],
  };
}

/** Erases the account: personal data and files gone, applications kept as anonymous counts. */
export async function eraseAccount(deps: ProfileDeps, userId: number): Promise<{ applications: number } | null> {
  if (!(await findAccount(deps.db, userId))) return null;
  const r = await deps.db.transaction().execute((trx) => repo.eraseAccount(trx, userId));
  await removeUnused(deps, r.keys);
  return { applications: r.applications };
}
