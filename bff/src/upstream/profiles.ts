import { FormData } from 'undici';
import { unexpected } from '../errors.js';
import {
  normaliseCandidateProfile,
  normaliseExportFiles,
  normaliseFileOwner,
  normaliseMyApplicationList,
  normaliseProfileSave,
  type ExportedFileDto,
  type CandidateFileOwnerDto,
  type CandidateProfileDto,
  type MyApplicationDto,
} from '../normalise/candidate-profile.js';
import { failure, isRecordId, type Failure } from './failure.js';
import { stagedQuery, type StagedFile } from './files.js';
import type { Upstream } from './http.js';

/** The profile in the BFF's words; the client writes the spec's multipart field names. */
export interface ProfileWriteDto {
  firstName: string;
  secondName: string;
  firstSurname: string;
  secondSurname: string;
  marriedSurname: string;
  email: string;
  phone: string;
  dpi: string;
  birthDate: string;
  address: string;
  observations: string | null;
  experiences: { company: string; position: string; from: string; to: string; description: string }[];
  personalReferences: { name: string; phone: string }[];
  workReferences: { name: string; phone: string }[];
  /** Stored documents to delete: 'fotografia' | 'curriculum' | 'dpi' | 'policiales' | 'penales'. */
  remove: string[];
}

export type ProfileFileSlot = 'photo' | 'curriculum' | 'dpiFile' | 'policeRecord' | 'criminalRecord';

/** A file on this machine's disk, streamed to the api (never read whole into memory). */

export type SaveProfileResult =
  | { ok: true; profile: CandidateProfileDto | null }
  | { ok: false; kind: 'invalid'; message: string | null; fields: { path: string; message: string }[] }
  | { ok: false; kind: 'failed'; failure: Failure };

const FILE_PART: Record<ProfileFileSlot, string> = {
  photo: 'FileFotografia',
  curriculum: 'Curriculum',
  dpiFile: 'DpiArchivo',
  policeRecord: 'AntecedentesPoliciales',
  criminalRecord: 'AntecedentesPenales',
};

export type FileScope = 'perfil' | 'postulacion';

/**
 * Mi perfil, mis postulaciones and 'Mis datos' (spec 1 §7: /PerfilCandidato/*, /mis-postulaciones),
 * and the internal calls of the candidate file route. Callers pass the session's own user id.
 */
export class ProfilesClient {
  constructor(private readonly http: Upstream) {}

  /** GET /PerfilCandidato/profile/{userId}; null when the account is gone. */
  async profile(userId: string): Promise<CandidateProfileDto | null> {
    if (!isRecordId(userId)) return null;
    const r = await this.http.send(`/PerfilCandidato/profile/${userId}`);
    if (!r.ok) {
      if (r.failure.kind === 'not-found') return null;
      throw unexpected(r.failure);
    }
    return normaliseCandidateProfile(r.value, userId);
  }

  /** GET /mis-postulaciones/{userId} → postulaciones[]. */
  async applications(userId: string): Promise<MyApplicationDto[]> {
    if (!isRecordId(userId)) return [];
    const r = await this.http.send(`/mis-postulaciones/${userId}`);
    if (!r.ok) {
      if (r.failure.kind === 'not-found') return [];
      throw unexpected(r.failure);
    }
    return normaliseMyApplicationList(r.value);
  }

  /** POST /internal/mis-postulaciones/{userId}/vistas: the states shown now are the ones seen. */
  async markSeen(userId: string): Promise<boolean> {
    if (!isRecordId(userId)) return false;
    const r = await this.http.send(`/internal/mis-postulaciones/${userId}/vistas`, { method: 'POST' });
    if (!r.ok && r.failure.kind !== 'not-found') throw unexpected(r.failure);
    return r.ok;
  }

  /** POST /PerfilCandidato/completar-perfil; its files were staged in the api, so only their ids go. */
  async save(
    userId: string,
    p: ProfileWriteDto,
    files: Partial<Record<ProfileFileSlot, StagedFile>>,
  ): Promise<SaveProfileResult> {
    const form = new FormData();
    form.append('UserId', userId);
    form.append('PrimerNombre', p.firstName);
    form.append('SegundoNombre', p.secondName);
    form.append('PrimerApellido', p.firstSurname);
    form.append('SegundoApellido', p.secondSurname);
    form.append('ApellidoCasada', p.marriedSurname);
    form.append('Email', p.email);
    form.append('Telefono', p.phone.replace(/\D/g, ''));
    form.append('Dpi', p.dpi.replace(/\D/g, ''));
    form.append('FechaNacimiento', p.birthDate);
    form.append('DireccionCompleta', p.address);
    if (p.observations !== null) form.append('Observaciones', p.observations);
    form.append(
      'ExperienciasJson',
      JSON.stringify(
        p.experiences.map((e) => ({
          Empresa: e.company,
          Puesto: e.position,
          Desde: e.from,
          Hasta: e.to,
          Descripcion: e.description,
        })),
      ),
    );
    form.append('ReferidosPJson', JSON.stringify(p.personalReferences.map((r) => ({ RefNp: r.name, RefTp: r.phone }))));
    form.append('ReferidosLJson', JSON.stringify(p.workReferences.map((r) => ({ RefNl: r.name, RefTl: r.phone }))));
    form.append('EliminarAdjuntosJson', JSON.stringify(p.remove));
    const r = await this.http.send('/PerfilCandidato/completar-perfil', {
      method: 'POST',
      query: stagedQuery(Object.entries(files).map(([slot, f]) => [FILE_PART[slot as ProfileFileSlot], f])),
      form,
      timeoutMs: 60_000,
    });
    if (!r.ok) {
      if (r.failure.kind === 'invalid')
        return { ok: false, kind: 'invalid', message: r.failure.message, fields: r.failure.fields ?? [] };
      return { ok: false, kind: 'failed', failure: r.failure };
    }
    const saved = normaliseProfileSave(r.value, userId);
    if (saved.refused) return { ok: false, kind: 'failed', failure: failure('unconfirmed') };
    return { ok: true, profile: saved.profile };
  }

  /** Who owns a candidate file, and what it is (internal). Null when there is no such file. */
  async fileOwner(scope: FileScope, fileId: string): Promise<CandidateFileOwnerDto | null> {
    if (!isRecordId(fileId)) return null;
    const r = await this.http.send(`/internal/archivos-candidatos/${scope}/${fileId}`, { timeoutMs: 10_000 });
    if (!r.ok) {
      if (r.failure.kind === 'not-found' || r.failure.kind === 'invalid') return null;
      throw unexpected(r.failure);
    }
    return normaliseFileOwner(r.value, scope);
  }

  /** The file's bytes as a raw upstream response (the caller streams it on). */
  fileContent(scope: FileScope, fileId: string) {
    return this.http.raw(`/internal/archivos-candidatos/${scope}/${fileId}/contenido`, { timeoutMs: 60_000 });
  }

  /** Records a staff opening of a file (archivos_accesos); staffUserId null for an API token. */
  /** `by`: a staff member's id, or an API token's viewer id (`token:<id>`). */
  async recordAccess(by: string | null, scope: FileScope, fileId: string): Promise<boolean> {
    const token = by?.startsWith('token:') ? by.slice('token:'.length) : null;
    const staffUserId = token === null ? by : null;
    const r = await this.http.send('/internal/archivos-accesos', {
      method: 'POST',
      json: {
        usuarioId: staffUserId && isRecordId(staffUserId) ? Number(staffUserId) : null,
        ...(token && isRecordId(token) ? { tokenId: Number(token) } : {}),
        scope,
        archivoId: Number(fileId),
      },
      timeoutMs: 10_000,
    });
    return r.ok;
  }

  /** Everything held about the account (profile, applications, file list), for 'Mis datos'. */
  async exportData(userId: string): Promise<{
    data: unknown;
    files: ExportedFileDto[];
  } | null> {
    if (!isRecordId(userId)) return null;
    const r = await this.http.send(`/internal/usuarios-candidatos/${userId}/exportar`, { timeoutMs: 30_000 });
    if (!r.ok) {
      if (r.failure.kind === 'not-found') return null;
      throw unexpected(r.failure);
    }
    return { data: r.value, files: normaliseExportFiles(r.value) };
  }

  /** Erases the account: personal data, files and the account itself. */
  async erase(userId: string): Promise<{ ok: true } | { ok: false; failure: Failure }> {
    if (!isRecordId(userId)) return { ok: false, failure: failure('not-found') };
    const r = await this.http.send(`/internal/usuarios-candidatos/${userId}/eliminar`, {
      method: 'POST',
      timeoutMs: 60_000,
    });
    return r.ok ? { ok: true } : { ok: false, failure: r.failure };
  }
}
