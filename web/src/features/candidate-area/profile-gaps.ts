import { DOCUMENT_KIND_INFO, isProfileComplete, PROFILE_FILE_LABEL, profileBannerGaps } from '@bolsa/domain';
import type { ProfileFieldsFragment } from '../../gql/graphql';
import { snapshotOf } from './profile-form';

const blank = (s: string | null | undefined) => !s || !s.trim();

export interface ProfileGaps {
  /** The gate's verdict (spec 1 §5.4): the modal 'Completa tu perfil' shows when false. */
  complete: boolean;
  /** The banner shows when true (the gate's rule plus photo, experience, reference). */
  showBanner: boolean;
  /** What the banner names as missing, in the order of the form. */
  missing: string[];
}

/**
 * What the banner of /perfil lists. The verdicts are the domain's (`isProfileComplete`,
 * `profileBannerGaps`); this only names the blank fields and files for the candidate.
 */
export function profileGaps(p: ProfileFieldsFragment): ProfileGaps {
  const snapshot = snapshotOf(p);
  const complete = isProfileComplete(snapshot);
  const gaps = profileBannerGaps(snapshot);
  const missing: string[] = [];
  if (gaps.photo) missing.push(DOCUMENT_KIND_INFO.PHOTO.label);
  const fields: [string | null | undefined, string][] = [
    [p.firstName, 'Primer nombre'],
    [p.firstSurname, 'Primer apellido'],
    [p.phone, 'Teléfono'],
    [p.dpi, 'DPI'],
    [p.address, 'Dirección'],
  ];
  for (const [value, label] of fields) if (blank(value)) missing.push(label);
  if (gaps.experience) missing.push('Experiencia laboral');
  if (gaps.reference) missing.push('Referencias');
  const files = [
    [p.curriculum, PROFILE_FILE_LABEL.curriculum],
    [p.dpiFile, PROFILE_FILE_LABEL.dpiFile],
    [p.policeRecord, PROFILE_FILE_LABEL.policeRecord],
    [p.criminalRecord, PROFILE_FILE_LABEL.criminalRecord],
  ] as const;
  for (const [file, label] of files) if (!file) missing.push(label);
  return { complete, showBanner: gaps.incomplete, missing };
}
