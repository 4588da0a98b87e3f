import {
  DOCUMENT_KIND_INFO,
  documentKindOf,
  isCompleteExperience,
  isCompleteReference,
  PROFILE_FILE_LABEL,
  PROFILE_FILES,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  type CandidateProfileInput,
  type DocumentKind,
  type ProfileFile,
  type ProfileSnapshot,
  PERSONAL_DATA_TITLE,
} from '@bolsa/domain';
import type { ProfileFieldsFragment, ProfileInput } from '../../gql/graphql';

/*
 * The profile form (spec 1 §5.3): what its inputs hold (strings, '' while empty), how the stored
 * profile fills it, what the domain schema is asked to judge, and the mutation's input. The rules
 * themselves are the domain's `candidateProfileSchema`.
 */

export interface ExperienceRow {
  company: string;
  position: string;
  from: string;
  to: string;
  description: string;
}

export interface ReferenceRow {
  name: string;
  phone: string;
}

export interface ProfileFormValues {
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
  observations: string;
  experiences: ExperienceRow[];
  personalReferences: ReferenceRow[];
  workReferences: ReferenceRow[];
}

/** The photo and the four documents, as the form's file slots. */
export type ProfileFileKey = 'photo' | ProfileFile;
export const PROFILE_FILE_KEYS: readonly ProfileFileKey[] = ['photo', ...PROFILE_FILES];

export const FILE_LABEL: Record<ProfileFileKey, string> = {
  photo: DOCUMENT_KIND_INFO.PHOTO.label,
  ...PROFILE_FILE_LABEL,
};

/** The schema's document kind (EliminarAdjuntosJson) of a form slot: the vocabulary knows the slots' names. */
const documentKind = (key: ProfileFileKey): DocumentKind => documentKindOf(key)!;

export const emptyExperience = (): ExperienceRow => ({ company: '', position: '', from: '', to: '', description: '' });
export const emptyReference = (): ReferenceRow => ({ name: '', phone: '' });

/** At least `n` rows: the stored ones, then empty ones. */
function padded<T>(rows: T[], n: number, empty: () => T): T[] {
  return rows.length >= n ? rows : [...rows, ...Array.from({ length: n - rows.length }, empty)];
}

/** What the form starts with: the stored profile, at least 3 experience rows and one row per reference kind. */
export function initialProfileValues(p: ProfileFieldsFragment | null | undefined): ProfileFormValues {
  return {
    firstName: p?.firstName ?? '',
    secondName: p?.secondName ?? '',
    firstSurname: p?.firstSurname ?? '',
    secondSurname: p?.secondSurname ?? '',
    marriedSurname: p?.marriedSurname ?? '',
    email: p?.email ?? '',
    phone: p?.phone ?? '',
    dpi: p?.dpi ?? '',
    birthDate: p?.birthDate ?? '',
    address: p?.address ?? '',
    observations: p?.observations ?? '',
    experiences: padded(
      (p?.experiences ?? []).map((e) => ({
        company: e.company,
        position: e.position,
        from: e.from ?? '',
        to: e.to ?? '',
        description: e.description ?? '',
      })),
      PROFILE_LIMITS.rowsShown,
      emptyExperience,
    ),
    personalReferences: padded(
      (p?.personalReferences ?? []).map((r) => ({ name: r.name, phone: r.phone })),
      1,
      emptyReference,
    ),
    workReferences: padded(
      (p?.workReferences ?? []).map((r) => ({ name: r.name, phone: r.phone })),
      1,
      emptyReference,
    ),
  };
}

/** A stored file of the profile, by slot. */
export function storedFile(p: ProfileFieldsFragment | null | undefined, key: ProfileFileKey) {
  return p?.[key] ?? null;
}

/** Per slot: is there a file once saved (stored and not marked for deletion, or a new one chosen)? */
export function filesPresent(
  p: ProfileFieldsFragment | null | undefined,
  chosen: Partial<Record<ProfileFileKey, boolean>>,
  removing: ReadonlySet<ProfileFileKey>,
): Record<ProfileFileKey, boolean> {
  return Object.fromEntries(
    PROFILE_FILE_KEYS.map((k) => [k, Boolean(chosen[k]) || (Boolean(storedFile(p, k)) && !removing.has(k))]),
  ) as Record<ProfileFileKey, boolean>;
}

/** What the domain's `candidateProfileSchema` judges. */
export function toDomainInput(
  values: ProfileFormValues,
  present: Record<ProfileFileKey, boolean>,
  profileComplete: boolean,
): CandidateProfileInput {
  return {
    ...values,
    hasPhoto: present.photo,
    files: {
      curriculum: present.curriculum,
      dpiFile: present.dpiFile,
      policeRecord: present.policeRecord,
      criminalRecord: present.criminalRecord,
    },
    profileComplete,
  };
}

const blankExperience = (e: ExperienceRow) => !Object.values(e).some((v) => v.trim());
const blankReference = (r: ReferenceRow) => !r.name.trim() && !r.phone.trim();

/** The message for a reference row with only a name or only a phone (the api takes whole rows only). */
export const REFERENCE_ROW_INCOMPLETE = 'Completa el nombre y el teléfono (8 dígitos) de esta referencia.';

/**
 * Rows the domain lets pass but the mutation cannot carry: an experience beyond the first two that
 * is started but not finished, a reference with only a name or only a phone. Without this they
 * would be dropped silently on saving.
 */
export function partialRowErrors(values: ProfileFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  values.experiences.forEach((e, i) => {
    if (i >= 2 && !blankExperience(e) && !isCompleteExperience(e))
      errors[`experiences.${i}`] = PROFILE_MESSAGES.experienceRowIncomplete(i + 1);
  });
  for (const list of ['personalReferences', 'workReferences'] as const)
    values[list].forEach((r, i) => {
      if (!blankReference(r) && !isCompleteReference(r)) errors[`${list}.${i}.name`] = REFERENCE_ROW_INCOMPLETE;
    });
  return errors;
}

export type UploadIds = Partial<Record<ProfileFileKey, string>>;

/** The mutation's input: whole rows only, new files by upload id, documents to delete by kind. */
export function toProfileInput(
  values: ProfileFormValues,
  uploads: UploadIds,
  removing: ReadonlySet<ProfileFileKey>,
): ProfileInput {
  const opt = (s: string) => (s.trim() ? s.trim() : null);
  return {
    firstName: values.firstName.trim(),
    secondName: opt(values.secondName),
    firstSurname: values.firstSurname.trim(),
    secondSurname: opt(values.secondSurname),
    marriedSurname: opt(values.marriedSurname),
    phone: values.phone,
    dpi: values.dpi,
    birthDate: values.birthDate,
    address: values.address.trim(),
    // Always sent: for the api an absent (null) observation means 'keep what is stored', so a
    // cleared one must go as '' or it comes back after the save.
    observations: values.observations.trim(),
    experiences: values.experiences.filter(isCompleteExperience).map((e) => ({
      company: e.company.trim(),
      position: e.position.trim(),
      from: e.from,
      to: e.to,
      description: e.description.trim(),
    })),
    personalReferences: values.personalReferences
      .filter(isCompleteReference)
      .map((r) => ({ name: r.name.trim(), phone: r.phone })),
    workReferences: values.workReferences
      .filter(isCompleteReference)
      .map((r) => ({ name: r.name.trim(), phone: r.phone })),
    photoUploadId: uploads.photo ?? null,
    curriculumUploadId: uploads.curriculum ?? null,
    dpiFileUploadId: uploads.dpiFile ?? null,
    policeRecordUploadId: uploads.policeRecord ?? null,
    criminalRecordUploadId: uploads.criminalRecord ?? null,
    // A document replaced by a new file is not also deleted.
    removeDocuments: PROFILE_FILE_KEYS.filter((k) => removing.has(k) && !uploads[k]).map(documentKind),
  };
}

/** The server names fields by the mutation's input ('photoUploadId', 'documents'); the form by its own. */
const SERVER_PATHS: Record<string, string> = {
  photoUploadId: 'photo',
  documents: 'files',
  curriculumUploadId: 'curriculum',
  dpiFileUploadId: 'dpiFile',
  policeRecordUploadId: 'policeRecord',
  criminalRecordUploadId: 'criminalRecord',
};
export function formPathOf(serverPath: string): string {
  const [head = '', ...rest] = serverPath.split('.');
  return [SERVER_PATHS[head] ?? head, ...rest].join('.');
}

/** The form's sections, in the order they appear: the first failing one is scrolled to. */
export const PROFILE_SECTIONS = [
  { id: 'photo', title: 'Fotografía' },
  { id: 'personal', title: PERSONAL_DATA_TITLE },
  { id: 'experiences', title: 'Experiencia laboral' },
  { id: 'references', title: 'Referencias' },
  { id: 'documents', title: 'Documentos' },
] as const;
export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number]['id'];

/** The section a field path ('experiences.1.from', 'hasPhoto', 'files') belongs to. */
export function sectionOfPath(path: string): ProfileSectionId {
  const head = path.split('.')[0] ?? '';
  if (head === 'hasPhoto' || head === 'photo') return 'photo';
  if (head === 'experiences') return 'experiences';
  if (head === 'personalReferences' || head === 'workReferences') return 'references';
  if (head === 'files' || (PROFILE_FILES as readonly string[]).includes(head)) return 'documents';
  return 'personal';
}

/** The first failing section, in the order of the form. */
export function firstFailingSection(errors: Record<string, unknown>): ProfileSectionId | null {
  const failing = new Set(
    Object.entries(errors)
      .filter(([, m]) => Boolean(m))
      .map(([p]) => sectionOfPath(p)),
  );
  return PROFILE_SECTIONS.find((s) => failing.has(s.id))?.id ?? null;
}

/** The first failing path in the order of the form (sections first, then the order of the fields). */
export function firstFailingPath(errors: Record<string, unknown>): string | null {
  const section = firstFailingSection(errors);
  return Object.keys(errors).find((p) => errors[p] && sectionOfPath(p) === section) ?? null;
}

/** The gate's and the banner's view of a stored profile (spec 1 §5.4). */
export function snapshotOf(p: ProfileFieldsFragment): ProfileSnapshot {
  return {
    profileComplete: p.complete,
    firstName: p.firstName,
    firstSurname: p.firstSurname,
    email: p.email,
    phone: p.phone,
    dpi: p.dpi,
    address: p.address,
    curriculumId: p.curriculum?.id,
    dpiFileId: p.dpiFile?.id,
    policeRecordId: p.policeRecord?.id,
    criminalRecordId: p.criminalRecord?.id,
    photo: p.photo?.id,
    experiences: p.experiences.map((e) => ({
      company: e.company,
      position: e.position,
      from: e.from ?? '',
      to: e.to ?? '',
      description: e.description ?? '',
    })),
    personalReferences: p.personalReferences,
    workReferences: p.workReferences,
  };
}
