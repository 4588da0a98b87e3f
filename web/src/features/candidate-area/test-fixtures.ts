import type { CandidateFileFieldsFragment, ProfileFieldsFragment } from '../../gql/graphql';

/** `o` as the server sends it, with its __typename (the generated types leave it out). */
export const typed = <T extends object>(typename: string, o: T): T => ({ __typename: typename, ...o }) as T;

/** A stored file as myProfile answers it. */
export function file(
  id: string,
  kind: CandidateFileFieldsFragment['kind'],
  label: string,
): CandidateFileFieldsFragment {
  return typed<CandidateFileFieldsFragment>('CandidateFile', {
    id,
    kind,
    label,
    name: `${label.toLowerCase().replace(/\s+/g, '-')}.${kind === 'PHOTO' ? 'png' : 'pdf'}`,
    mimeType: kind === 'PHOTO' ? 'image/png' : 'application/pdf',
    size: 1024,
    uploadedAt: '2026-11-01T10:00:00Z',
    url: `/files/candidatos/perfil/${id}`,
  });
}

/** A complete profile (spec 1 §5.4); `over` takes fields away or changes them. */
export function completeProfile(over: Partial<ProfileFieldsFragment> = {}): ProfileFieldsFragment {
  return typed<ProfileFieldsFragment>('CandidateProfile', {
    userId: 'c1',
    firstName: 'Ana',
    secondName: 'María',
    firstSurname: 'López',
    secondSurname: null,
    marriedSurname: null,
    fullName: 'Ana María López',
    email: 'ana.lopez@example.com',
    phone: '55551234',
    dpi: '2476459660101',
    birthDate: '1995-04-12',
    address: '3a calle 4-10 zona 1, Cobán',
    observations: null,
    registeredAt: '2026-10-01T10:00:00Z',
    complete: true,
    photo: file('10', 'PHOTO', 'Fotografía'),
    curriculum: file('11', 'CURRICULUM', 'Currículum'),
    dpiFile: file('12', 'DPI', 'DPI'),
    policeRecord: file('13', 'POLICE_RECORD', 'Antecedentes policiales'),
    criminalRecord: file('14', 'CRIMINAL_RECORD', 'Antecedentes penales'),
    experiences: [
      typed('ProfileExperience', {
        company: 'Clínica Cobán',
        position: 'Enfermera',
        from: '2018-01-01',
        to: '2020-12-31',
        description: 'Atención a pacientes',
      }),
      typed('ProfileExperience', {
        company: 'Hospital Regional',
        position: 'Auxiliar',
        from: '2021-01-01',
        to: '2024-06-30',
        description: 'Turnos de noche',
      }),
    ],
    personalReferences: [typed('ProfileReference', { name: 'Rosa Pérez', phone: '44443333' })],
    workReferences: [typed('ProfileReference', { name: 'Dr. Juan Caal', phone: '77776666' })],
    ...over,
  });
}

/** A newly registered candidate: names, e-mail and DPI only. */
export function newProfile(): ProfileFieldsFragment {
  return completeProfile({
    complete: false,
    phone: null,
    birthDate: null,
    address: null,
    photo: null,
    curriculum: null,
    dpiFile: null,
    policeRecord: null,
    criminalRecord: null,
    experiences: [],
    personalReferences: [],
    workReferences: [],
  });
}
