/**
 * The profile's files: the form's file parts and their rules, checked from the bytes; stored
 * under fresh keys, made current inside the caller's transaction, and the old ones removed once
 * no row names them. Applications and document requests use them too (index.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  acceptsKind,
  DOCUMENT_KIND_INFO,
  documentKindOf,
  FILE_MESSAGES,
  MAX_FILE_BYTES,
  SNIFFED_MIME,
  storedExtension,
  UPLOAD_RULES,
  type DocumentKindInfo,
  type UploadPurpose,
} from '@bolsa/domain';
import { sniffKind } from '@bolsa/domain/sniff';
import type { Transaction } from 'kysely';
import type { Database, Db, ProfileFileType } from '../db/database.js';
import { boundedPhoto } from '../files/index.js';
import { safeDisplayName, type FileStore } from '../storage/index.js';
import type { UploadedFile } from '../multipart.js';
import * as repo from './profile-repository.js';
import type { ProfileFileRow } from './profile-repository.js';

export interface ProfileDeps {
  db: Db;
  files: FileStore;
}

/**
 * The file parts of POST /PerfilCandidato/completar-perfil (spec 1 §7): the document each holds
 * (domain document-kinds.ts: its stored tipo, its slot in the form) and the upload purpose whose
 * rules it follows (domain files.ts); `path` is where the api reports a problem with it.
 */
export const PROFILE_PARTS = {
  FileFotografia: { document: DOCUMENT_KIND_INFO.PHOTO, purpose: 'candidate-photo', path: 'photo' },
  Curriculum: { document: DOCUMENT_KIND_INFO.CURRICULUM, purpose: 'candidate-document', path: 'curriculum' },
  DpiArchivo: { document: DOCUMENT_KIND_INFO.DPI, purpose: 'candidate-document', path: 'dpiFile' },
  AntecedentesPoliciales: {
    document: DOCUMENT_KIND_INFO.POLICE_RECORD,
    purpose: 'candidate-document',
    path: 'policeRecord',
  },
  AntecedentesPenales: {
    document: DOCUMENT_KIND_INFO.CRIMINAL_RECORD,
    purpose: 'candidate-document',
    path: 'criminalRecord',
  },
} as const satisfies Record<string, { document: DocumentKindInfo; purpose: UploadPurpose; path: string }>;
export type ProfilePart = keyof typeof PROFILE_PARTS;
export const isProfilePart = (name: string): name is ProfilePart => Object.hasOwn(PROFILE_PARTS, name);

/** EliminarAdjuntosJson entries in any spelling of a document (domain document-kinds.ts), as the stored tipo. */
export const removableType = (raw: string): ProfileFileType | null => {
  const kind = documentKindOf(raw);
  return kind ? DOCUMENT_KIND_INFO[kind].profileType : null;
};
/** The profile's current file of a kind, or null. */
export const fileOf = (files: ProfileFileRow[], type: ProfileFileType) => files.find((f) => f.tipo === type) ?? null;

export interface FieldIssue {
  path: string;
  message: string;
}

/** The files received with the form, each under its part's name. */
export type ReceivedFiles = { part: ProfilePart; file: UploadedFile }[];

/** A received file whose size and real type (from its bytes) passed the profile's rules. */
export interface CheckedFile {
  part: ProfilePart;
  data: Buffer;
  name: string;
  mime: string;
  ext: string;
}

/** The profile's file rules: ≤ 5 MB, PDF for documents and JPEG/PNG for the photo, judged from the bytes. */
export async function checkFiles(files: ReceivedFiles): Promise<{ ok: CheckedFile[]; issues: FieldIssue[] }> {
  const ok: CheckedFile[] = [];
  const issues: FieldIssue[] = [];
  for (const { part, file } of files) {
    const spec = PROFILE_PARTS[part];
    const rule = UPLOAD_RULES[spec.purpose];
    if (file.data.length > MAX_FILE_BYTES) {
      issues.push({ path: spec.path, message: rule.tooLarge.message });
      continue;
    }
    let kind = await sniffKind(file.data);
    if (!kind || !acceptsKind(spec.purpose, kind)) {
      issues.push({ path: spec.path, message: rule.invalid.message });
      continue;
    }
    let data = file.data;
    if (spec.purpose === 'candidate-photo') {
      // Decoded whole with the pixel limit, kept as the bounded JPEG (files/photo.ts).
      const photo = await boundedPhoto(data);
      if (!photo.ok) {
        const message = photo.reason === 'pixels' ? FILE_MESSAGES.imageTooManyPixels : FILE_MESSAGES.imageUnreadable;
        issues.push({ path: spec.path, message });
        continue;
      }
      [data, kind] = [photo.data, 'jpeg'];
    }
    ok.push({
      part,
      data,
      name: safeDisplayName(file.originalName),
      mime: SNIFFED_MIME[kind],
      ext: storedExtension(kind),
    });
  }
  return { ok, issues };
}

/** Removes stored files no row names any more (run after the commit that let go of them). */
export async function removeUnused(deps: ProfileDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      if (!(await repo.keyInUse(deps.db, key))) await deps.files.remove(key);
    } catch {
      // A file left behind is found by the orphan sweep; the save itself has committed.
    }
  }
}

/** A checked file stored under a fresh key, not yet any row's. */
export interface WrittenFile {
  type: ProfileFileType;
  key: string;
  file: CheckedFile;
}

/**
 * New files go to fresh keys first: nothing current changes until the caller's transaction
 * commits (on failure it calls discardWritten).
 */
export async function storeNewFiles(deps: ProfileDeps, files: CheckedFile[]): Promise<WrittenFile[]> {
  const written: WrittenFile[] = [];
  try {
    for (const file of files) {
      const key = `postulantes/perfiles/${randomUUID()}.${file.ext}`;
      await deps.files.put(key, file.data, file.mime);
      written.push({ type: PROFILE_PARTS[file.part].document.profileType, key, file });
    }
  } catch (err) {
    await discardWritten(deps, written);
    throw err;
  }
  return written;
}

export async function discardWritten(deps: ProfileDeps, written: readonly WrittenFile[]): Promise<void> {
  await Promise.allSettled(written.map((w) => deps.files.remove(w.key)));
}

/**
 * Inside the caller's transaction, with the account locked: the written files become the
 * profile's current ones of their kinds and `remove`'s kinds go. Answers the keys let go of
 * (removeUnused after the commit) and the new rows' ids by kind.
 */
export async function replaceProfileFiles(
  trx: Transaction<Database>,
  userId: number,
  written: readonly WrittenFile[],
  remove: ReadonlySet<ProfileFileType> = new Set(),
): Promise<{ old: string[]; ids: Map<ProfileFileType, number> }> {
  // Re-read under the lock: another save may have replaced a file meanwhile.
  const current = await repo.listProfileFiles(trx, userId);
  const old: string[] = [];
  const types = new Set<ProfileFileType>([...remove, ...written.map((w) => w.type)]);
  for (const type of types) {
    const existing = fileOf(current, type);
    if (existing) {
      await repo.deleteProfileFile(trx, existing.id);
      old.push(existing.clave);
    }
  }
  const ids = new Map<ProfileFileType, number>();
  for (const w of written)
    ids.set(
      w.type,
      await repo.insertProfileFile(trx, {
        userId,
        type: w.type,
        key: w.key,
        name: w.file.name,
        mime: w.file.mime,
        size: w.file.data.length,
      }),
    );
  return { old, ids };
}
