/** The stored profile as the api answers it (spec 1 §3), the photo's and a document's url. */
import { candidateFileUrl, isProfileComplete } from '@bolsa/domain';
import type { Db, ProfileFileType } from '../db/database.js';
import * as repo from './profile-repository.js';
import type { AccountRow, ProfileFileRow, ProfileRow } from './profile-repository.js';
import { fileOf } from './profile-files.js';

const list = (v: unknown): Record<string, unknown>[] => {
  let x = v;
  if (typeof x === 'string') {
    try {
      x = JSON.parse(x);
    } catch {
      return [];
    }
  }
  return Array.isArray(x) ? x.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object') : [];
};
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** What the gate reads (spec 1 §5.4) of a stored profile. */
export function snapshot(account: AccountRow, profile: ProfileRow | null, files: ProfileFileRow[]) {
  const idOf = (t: ProfileFileType) => {
    const f = fileOf(files, t);
    return f ? String(f.id) : null;
  };
  return {
    profileComplete: profile?.perfil_completado ?? false,
    firstName: account.primer_nombre,
    firstSurname: account.primer_apellido,
    email: account.email,
    phone: profile?.telefono ?? null,
    dpi: account.dpi,
    address: profile?.direccion_completa ?? null,
    curriculumId: idOf('curriculum'),
    dpiFileId: idOf('dpi'),
    policeRecordId: idOf('policiales'),
    criminalRecordId: idOf('penales'),
  };
}

const fileJson = (f: ProfileFileRow) => ({
  id: f.id,
  tipo: f.tipo,
  nombre: f.nombre,
  tipoContenido: f.mime,
  tamano: f.tamano,
  creado_en: f.creado_en,
  url: candidateFileUrl('perfil', f.id),
});

/** The profile as GET /PerfilCandidato/profile answers it (spec 1 §3), plus `archivos`. */
export function profileResponse(account: AccountRow, profile: ProfileRow | null, files: ProfileFileRow[]) {
  const snap = snapshot(account, profile, files);
  const photo = fileOf(files, 'fotografia');
  const names = [account.primer_nombre, account.segundo_nombre, account.primer_apellido, account.segundo_apellido];
  return {
    id: account.id,
    primer_nombre: account.primer_nombre,
    segundo_nombre: account.segundo_nombre,
    primer_apellido: account.primer_apellido,
    segundo_apellido: account.segundo_apellido,
    apellido_casada: account.apellido_casada,
    nombre_completo: names.filter((n) => n && n.trim()).join(' '),
    email: account.email,
    dpi: account.dpi,
    telefono: profile?.telefono ?? null,
    fecha_nacimiento: profile?.fecha_nacimiento ?? null,
    direccion_completa: profile?.direccion_completa ?? null,
    observaciones: account.observaciones,
    fecha_registro: account.fecha_registro,
    fotografia: photo ? candidateFileUrl('perfil', photo.id) : null,
    curriculum_id: snap.curriculumId,
    dpi_archivo_id: snap.dpiFileId,
    antecedentes_policiales_id: snap.policeRecordId,
    antecedentes_penales_id: snap.criminalRecordId,
    // Computed with the domain rule on every read; whatever a client sent is never stored as such.
    perfil_completado: isProfileComplete(snap),
    experiencias_json: list(profile?.experiencias_json),
    referidos_personales_json: list(profile?.referidos_p_json),
    referidos_laborales_json: list(profile?.referidos_l_json),
    archivos: files.map(fileJson),
  };
}
export type ProfileResponse = ReturnType<typeof profileResponse>;

export async function getProfile(db: Db, userId: number): Promise<ProfileResponse | null> {
  const account = await repo.findAccount(db, userId);
  if (!account) return null;
  const [profile, files] = await Promise.all([repo.findProfile(db, userId), repo.listProfileFiles(db, userId)]);
  return profileResponse(account, profile, files);
}

/** GET /PerfilCandidato/foto/{userId}: the photo's authorised url, or null. */
export async function photoUrl(db: Db, userId: number): Promise<string | null> {
  const files = await repo.listProfileFiles(db, userId);
  const photo = fileOf(files, 'fotografia');
  return photo ? candidateFileUrl('perfil', photo.id) : null;
}

/** GET /PerfilCandidato/archivo/{userId}/{dpi}/{fileId}: only the user's own file, with their DPI. */
export async function documentUrl(db: Db, userId: number, dpi: string, fileId: number): Promise<string | null> {
  const account = await repo.findAccount(db, userId);
  if (!account || account.dpi !== dpi) return null;
  const file = await repo.findProfileFile(db, fileId);
  if (!file || file.usuario_candidato_id !== userId) return null;
  return candidateFileUrl('perfil', file.id);
}
