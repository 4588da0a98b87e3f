import {
  ageOn,
  EDUCATION_LEVEL_ENUM_OF,
  EDUCATION_LEVELS,
  isCompleteExperience,
  isCompleteReference,
  MARITAL_STATUS_ENUM_OF,
  MARITAL_STATUS_LABEL,
  MARITAL_STATUSES,
  MAX_HISTORY_ROWS,
  salaryInput,
  type ApplicationMode,
  type ApplicationValues,
  type EducationLevel as DomainEducationLevel,
  type MaritalStatus as DomainMaritalStatus,
} from '@bolsa/domain';
import type {
  ApplicationInput,
  ApplicationProfileQuery,
  DuplicateConflict,
  EducationLevel,
  MaritalStatus,
} from '../../gql/graphql';

/*
 * The form's values are what the inputs hold (strings, '' while empty); the domain schema
 * (`applicationSchema` in domain/src/application.ts) decides what is valid, in both modes.
 */

export type DocumentKey = 'photo' | 'curriculum' | 'dpiScan' | 'policeRecord' | 'criminalRecord';
export const DOCUMENT_KEYS: readonly DocumentKey[] = [
  'photo',
  'curriculum',
  'dpiScan',
  'policeRecord',
  'criminalRecord',
];

/** The documents each mode sends (spec 1 §5.2, §6): guests the CV route, candidates all four and the photo. */
export function documentsOf(mode: ApplicationMode): readonly DocumentKey[] {
  return mode === 'guest' ? ['photo', 'curriculum'] : DOCUMENT_KEYS;
}

export interface ExperienceRow {
  company: string;
  position: string;
  from: string;
  to: string;
  description: string;
  /** Preloaded from the candidate's profile: shown, not editable or removable (spec 1 §2.6). */
  locked?: boolean;
}

export interface ReferenceRow {
  name: string;
  phone: string;
  locked?: boolean;
}

export type YesNo = '' | 'si' | 'no';

export interface ApplicationFormValues {
  name: string;
  cui: string;
  address: string;
  phone: string;
  email: string;
  maritalStatus: string;
  age: string;
  educationLevel: string;
  studying: YesNo;
  available: YesNo;
  salaryClaim: string;
  negotiable: YesNo;
  experiences: ExperienceRow[];
  personalReferences: ReferenceRow[];
  workReferences: ReferenceRow[];
}

/** A document the candidate's profile holds: it counts as present and is not asked again. */
export interface StoredDocument {
  name: string;
}

/** What a registered candidate's profile brings to the form (`prefillFromProfile`). */
export interface ApplicationPrefill {
  name?: string;
  email?: string;
  cui?: string;
  phone?: string;
  address?: string;
  age?: string;
  /** Rows from the profile; they are locked unless `locked: false` (spec 1 §2.6). */
  experiences?: ExperienceRow[];
  personalReferences?: ReferenceRow[];
  workReferences?: ReferenceRow[];
  /** Files already stored in the profile: they count as present and are not uploaded again. */
  storedDocuments?: Partial<Record<DocumentKey, StoredDocument>>;
}

/** The profile as `myProfile` answers it (the form's own query, APPLICATION_PROFILE). */
export type ApplicationProfile = NonNullable<ApplicationProfileQuery['myProfile']>;

/** The profile file that stands for each document of the form (the api references the same ones). */
const PROFILE_FILE: Record<DocumentKey, 'photo' | 'curriculum' | 'dpiFile' | 'policeRecord' | 'criminalRecord'> = {
  photo: 'photo',
  curriculum: 'curriculum',
  dpiScan: 'dpiFile',
  policeRecord: 'policeRecord',
  criminalRecord: 'criminalRecord',
};

/**
 * A logged-in candidate's form, filled from their profile: personal data (the age from the birth
 * date), experiences and references (locked), and the documents it holds. `session` answers
 * what the profile lacks (no profile yet, or it could not be read).
 */
export function prefillFromProfile(
  profile: ApplicationProfile | null | undefined,
  session: { name: string; email: string },
  today: string,
): ApplicationPrefill {
  if (!profile) return { name: session.name, email: session.email };
  const text = (v: string | null | undefined) => v?.trim() ?? '';
  const storedDocuments: Partial<Record<DocumentKey, StoredDocument>> = {};
  for (const key of DOCUMENT_KEYS) {
    const file = profile[PROFILE_FILE[key]];
    if (file) storedDocuments[key] = { name: file.name };
  }
  const birthDate = text(profile.birthDate);
  return {
    name: text(profile.fullName) || session.name,
    email: text(profile.email) || session.email,
    cui: text(profile.dpi).replace(/\D/g, ''),
    phone: text(profile.phone).replace(/\D/g, ''),
    address: text(profile.address),
    age: /^\d{4}-\d{2}-\d{2}$/.test(birthDate) ? String(ageOn(birthDate, today)) : '',
    experiences: profile.experiences.slice(0, MAX_HISTORY_ROWS).map((e) => {
      const row = {
        company: e.company,
        position: e.position,
        from: text(e.from),
        to: text(e.to),
        description: text(e.description),
      };
      // A row the application would not count as complete (older data without dates or
      // description) stays editable: locked, it could never be completed.
      return { ...row, locked: isCompleteExperience(row) };
    }),
    personalReferences: profile.personalReferences.slice(0, MAX_HISTORY_ROWS).map((r) => ({ ...r })),
    workReferences: profile.workReferences.slice(0, MAX_HISTORY_ROWS).map((r) => ({ ...r })),
    storedDocuments,
  };
}

export const emptyExperience = (): ExperienceRow => ({ company: '', position: '', from: '', to: '', description: '' });
export const emptyReference = (): ReferenceRow => ({ name: '', phone: '' });

export function initialValues(prefill: ApplicationPrefill = {}): ApplicationFormValues {
  const locked = <T extends { locked?: boolean }>(rows: T[] | undefined) =>
    (rows ?? []).map((r) => ({ ...r, locked: r.locked ?? true }));
  const experiences = locked(prefill.experiences);
  const personalReferences = locked(prefill.personalReferences);
  const workReferences = locked(prefill.workReferences);
  return {
    name: prefill.name ?? '',
    cui: prefill.cui ?? '',
    address: prefill.address ?? '',
    phone: prefill.phone ?? '',
    email: prefill.email ?? '',
    maritalStatus: '',
    age: prefill.age ?? '',
    educationLevel: '',
    studying: '',
    available: '',
    salaryClaim: '',
    negotiable: '',
    // One empty row after the profile's, to add another (while there is room).
    experiences: experiences.length >= MAX_HISTORY_ROWS ? experiences : [...experiences, emptyExperience()],
    personalReferences: personalReferences.length > 0 ? personalReferences : [emptyReference()],
    workReferences: workReferences.length > 0 ? workReferences : [emptyReference()],
  };
}

export const MAX_ROWS = MAX_HISTORY_ROWS;

const hasContent = (row: object): boolean =>
  Object.entries(row).some(([k, v]) => k !== 'locked' && typeof v === 'string' && v.trim() !== '');
const sameRow = (a: object, b: object): boolean =>
  Object.entries(a).every(([k, v]) => k === 'locked' || (b as Record<string, unknown>)[k] === v);

/**
 * The form after logging in from it (issue 20): what was written before wins over the profile's
 * values where it is not empty; the profile's locked rows stay, followed by the rows written
 * before that add something, within the row limit (and one empty row when there is room).
 */
export function mergeDraft(start: ApplicationFormValues, draft: ApplicationFormValues): ApplicationFormValues {
  const rows = <T extends { locked?: boolean }>(base: T[], written: T[], empty: () => T): T[] => {
    const kept = base.filter(hasContent);
    for (const r of written)
      if (hasContent(r) && !kept.some((k) => sameRow(r, k)) && kept.length < MAX_HISTORY_ROWS)
        kept.push({ ...r, locked: false });
    return kept.length < MAX_HISTORY_ROWS && kept.every(hasContent) ? [...kept, empty()] : kept;
  };
  const pick = <K extends keyof ApplicationFormValues>(key: K) =>
    typeof draft[key] === 'string' && (draft[key] as string).trim() !== '' ? draft[key] : start[key];
  return {
    name: pick('name'),
    cui: pick('cui'),
    address: pick('address'),
    phone: pick('phone'),
    email: pick('email'),
    maritalStatus: pick('maritalStatus'),
    age: pick('age'),
    educationLevel: pick('educationLevel'),
    studying: pick('studying'),
    available: pick('available'),
    salaryClaim: pick('salaryClaim'),
    negotiable: pick('negotiable'),
    experiences: rows(start.experiences, draft.experiences, emptyExperience),
    personalReferences: rows(start.personalReferences, draft.personalReferences, emptyReference),
    workReferences: rows(start.workReferences, draft.workReferences, emptyReference),
  };
}

// Typing filters (spec 1 §5.2).
export const digitsOnly = (raw: string, max: number) => raw.replace(/\D/g, '').slice(0, max);
/** Pretensión: the domain's typing filter (whole quetzales and centavos). */
export { salaryInput };

const yesNo = (v: YesNo): boolean | undefined => (v === 'si' ? true : v === 'no' ? false : undefined);

/** The input of the domain schema: `documents` says which files are present (uploaded or stored). */
export function toDomainInput(
  vacancyId: string,
  values: ApplicationFormValues,
  documents: Partial<Record<DocumentKey, boolean>>,
): Record<string, unknown> {
  const strip = <T extends { locked?: boolean }>({ locked: _locked, ...row }: T) => row;
  return {
    vacancyId,
    name: values.name,
    cui: values.cui,
    address: values.address,
    phone: values.phone,
    email: values.email,
    maritalStatus: values.maritalStatus,
    age: values.age,
    educationLevel: values.educationLevel,
    studying: yesNo(values.studying),
    available: yesNo(values.available),
    salaryClaim: values.salaryClaim,
    negotiable: yesNo(values.negotiable),
    experiences: values.experiences.map(strip),
    personalReferences: values.personalReferences.map(strip),
    workReferences: values.workReferences.map(strip),
    documents: {
      photo: Boolean(documents.photo),
      curriculum: Boolean(documents.curriculum),
      dpiScan: Boolean(documents.dpiScan),
      policeRecord: Boolean(documents.policeRecord),
      criminalRecord: Boolean(documents.criminalRecord),
    },
  };
}

const MARITAL: Record<DomainMaritalStatus, MaritalStatus> = MARITAL_STATUS_ENUM_OF;
const LEVEL: Record<DomainEducationLevel, EducationLevel> = EDUCATION_LEVEL_ENUM_OF;
export const MARITAL_OPTIONS = MARITAL_STATUSES.map((value) => ({
  value,
  label: MARITAL_STATUS_LABEL[value],
}));
export const LEVEL_OPTIONS = EDUCATION_LEVELS.map((value) => ({ value, label: value }));

export type UploadIds = Partial<Record<DocumentKey, string>>;

/**
 * The GraphQL input from checked values. Only complete rows are sent; `rowIndex` remembers which
 * form row each sent row came from, so that a server error on `experiences.0.from` finds its field.
 */
export function toApplicationInput(
  value: ApplicationValues,
  uploads: UploadIds,
  mode: ApplicationMode,
): { input: ApplicationInput; rowIndex: Record<'experiences' | 'personalReferences' | 'workReferences', number[]> } {
  const pick = <T>(rows: readonly T[], complete: (r: T) => boolean) => {
    const index: number[] = [];
    const kept: T[] = [];
    rows.forEach((r, i) => {
      if (complete(r)) {
        index.push(i);
        kept.push(r);
      }
    });
    return { index, kept };
  };
  const experiences = pick(value.experiences, isCompleteExperience);
  const personal = pick(value.personalReferences, isCompleteReference);
  const work = pick(value.workReferences, isCompleteReference);
  const input: ApplicationInput = {
    vacancyId: value.vacancyId,
    fullName: value.name,
    dpi: value.cui,
    address: value.address,
    phone: value.phone,
    email: value.email,
    maritalStatus: MARITAL[value.maritalStatus],
    age: value.age,
    educationLevel: LEVEL[value.educationLevel],
    studying: value.studying,
    available: value.available,
    salaryExpectation: value.salaryClaim,
    negotiable: value.negotiable,
    experiences: experiences.kept.map((e) => ({
      company: e.company,
      position: e.position,
      from: e.from,
      to: e.to,
      description: e.description,
    })),
    personalReferences: personal.kept.map((r) => ({ name: r.name, phone: r.phone })),
    workReferences: work.kept.map((r) => ({ name: r.name, phone: r.phone })),
    photoUploadId: uploads.photo ?? null,
    cvUploadId: uploads.curriculum ?? null,
    ...(mode === 'registered'
      ? {
          dpiScanUploadId: uploads.dpiScan ?? null,
          policeRecordUploadId: uploads.policeRecord ?? null,
          criminalRecordUploadId: uploads.criminalRecord ?? null,
        }
      : {}),
  };
  return {
    input,
    rowIndex: { experiences: experiences.index, personalReferences: personal.index, workReferences: work.index },
  };
}

/** GraphQL input field → form field (the contract's `ValidationFailed.fields.path`). */
const SERVER_FIELD: Record<string, string> = {
  fullName: 'name',
  dpi: 'cui',
  salaryExpectation: 'salaryClaim',
  photoUploadId: 'photo',
  cvUploadId: 'curriculum',
  dpiScanUploadId: 'dpiScan',
  policeRecordUploadId: 'policeRecord',
  criminalRecordUploadId: 'criminalRecord',
};

/** A server error path in form terms: renamed fields, and sent rows back to their form rows. */
export function formPathOf(
  serverPath: string,
  rowIndex: Record<'experiences' | 'personalReferences' | 'workReferences', number[]>,
): string {
  const [head = '', index, ...rest] = serverPath.split('.');
  const field = SERVER_FIELD[head] ?? head;
  if ((field === 'experiences' || field === 'personalReferences' || field === 'workReferences') && index) {
    const row = rowIndex[field][Number(index)] ?? Number(index);
    return [field, String(row), ...rest].join('.');
  }
  return [field, index, ...rest].filter((p) => p !== undefined).join('.');
}

/** Which field a duplicate conflict is about, to show it there and focus it. */
export function conflictField(conflict: DuplicateConflict | null | undefined): 'cui' | 'email' | null {
  switch (conflict) {
    case 'DPI':
    case 'DPI_EMAIL_MISMATCH':
      return 'cui';
    case 'EMAIL':
    case 'USUARIO':
    case 'EMAIL_DPI_MISMATCH':
      return 'email';
    default:
      return null;
  }
}

/** The domain's lower-case code of a GraphQL conflict, for `conflictMessage`. */
export const conflictCode = (conflict: DuplicateConflict | null | undefined) => conflict?.toLowerCase() ?? null;

/** The id of the input of a form path, so that the first failing field can be focused. */
export function fieldId(path: string): string {
  return `postulacion-${path.replace(/\./g, '-')}`;
}

/**
 * The element to focus for a failing path: the whole-list errors ('experiences') point at the
 * first row's first field.
 */
export function focusPathOf(path: string): string {
  if (path === 'experiences') return 'experiences.0.company';
  if (path === 'personalReferences' || path === 'workReferences') return `${path}.0.name`;
  return path;
}
