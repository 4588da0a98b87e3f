import { candidateProfileSchema } from '@bolsa/domain';
import { describe, expect, it } from 'vitest';
import {
  filesPresent,
  firstFailingPath,
  firstFailingSection,
  formPathOf,
  initialProfileValues,
  partialRowErrors,
  REFERENCE_ROW_INCOMPLETE,
  sectionOfPath,
  toDomainInput,
  toProfileInput,
} from './profile-form';
import { profileGaps } from './profile-gaps';
import { completeProfile, newProfile } from './test-fixtures';

const TODAY = '2026-11-23';

describe('the profile form values', () => {
  it('shows at least 3 experience rows and one row per kind of reference, filled from the stored profile', () => {
    const fresh = initialProfileValues(newProfile());
    expect(fresh.experiences).toHaveLength(3);
    expect(fresh.personalReferences).toHaveLength(1);
    expect(fresh.workReferences).toHaveLength(1);
    expect(fresh.dpi).toBe('2476459660101');
    const stored = initialProfileValues(completeProfile());
    expect(stored.experiences[0]!.company).toBe('Clínica Cobán');
    expect(stored.experiences).toHaveLength(3);
    expect(stored.experiences[2]!.company).toBe('');
  });

  it('sends whole rows only, new files by upload id, and does not delete a document that is being replaced', () => {
    const values = initialProfileValues(completeProfile());
    const input = toProfileInput(values, { curriculum: 'u-cv' }, new Set(['curriculum', 'policeRecord'] as const));
    expect(input.experiences).toHaveLength(2);
    expect(input.personalReferences).toEqual([{ name: 'Rosa Pérez', phone: '44443333' }]);
    expect(input.curriculumUploadId).toBe('u-cv');
    expect(input.photoUploadId).toBeNull();
    expect(input.removeDocuments).toEqual(['POLICE_RECORD']);
    expect(input.secondSurname).toBeNull();
  });

  it('sends cleared observations as an empty text, which the api stores (null would keep the old ones)', () => {
    const values = initialProfileValues({ ...completeProfile(), observations: 'Disponible fines de semana' });
    expect(toProfileInput(values, {}, new Set()).observations).toBe('Disponible fines de semana');
    values.observations = '   ';
    expect(toProfileInput(values, {}, new Set()).observations).toBe('');
  });

  it('counts a stored file as present unless marked for deletion, and a chosen file always', () => {
    const p = completeProfile();
    const present = filesPresent(p, { dpiFile: true }, new Set(['curriculum', 'dpiFile'] as const));
    expect(present).toEqual({
      photo: true,
      curriculum: false,
      dpiFile: true,
      policeRecord: true,
      criminalRecord: true,
    });
  });

  it('flags a started third experience and a reference with only a name', () => {
    const values = initialProfileValues(completeProfile());
    values.experiences[2] = { company: 'Farmacia', position: '', from: '', to: '', description: '' };
    values.workReferences.push({ name: 'Luis', phone: '' });
    expect(partialRowErrors(values)).toEqual({
      'experiences.2': 'Completa todos los campos en la experiencia 3.',
      'workReferences.1.name': REFERENCE_ROW_INCOMPLETE,
    });
  });

  it('judges with the domain schema: the messages of spec 1 §5.3', () => {
    const values = initialProfileValues(completeProfile());
    values.phone = '5555123';
    values.address = 'zona 1 Cb';
    values.experiences[1] = { ...values.experiences[1]!, from: '2020-06-01' };
    const p = completeProfile();
    const result = candidateProfileSchema(TODAY).safeParse(toDomainInput(values, filesPresent(p, {}, new Set()), true));
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain('El teléfono debe tener exactamente 8 dígitos');
    expect(messages).toContain('La dirección debe tener al menos 10 caracteres');
    expect(messages).toContain('Las fechas de Clínica Cobán y Hospital Regional se traslapan.');
  });

  it('finds the first failing section in the order of the form', () => {
    expect(sectionOfPath('hasPhoto')).toBe('photo');
    expect(sectionOfPath('files')).toBe('documents');
    expect(sectionOfPath('experiences.1.from')).toBe('experiences');
    expect(sectionOfPath('workReferences')).toBe('references');
    expect(sectionOfPath('birthDate')).toBe('personal');
    const errors = { files: 'Faltan archivos: DPI', 'experiences.0': 'x', phone: 'y' };
    expect(firstFailingSection(errors)).toBe('personal');
    expect(firstFailingPath(errors)).toBe('phone');
    expect(firstFailingSection({})).toBeNull();
    expect(formPathOf('photoUploadId')).toBe('photo');
    expect(formPathOf('documents')).toBe('files');
    expect(formPathOf('experiences.1.to')).toBe('experiences.1.to');
  });
});

describe('the incomplete-profile banner', () => {
  it('names what a new account lacks, in the order of the form', () => {
    const gaps = profileGaps(newProfile());
    expect(gaps.complete).toBe(false);
    expect(gaps.showBanner).toBe(true);
    expect(gaps.missing).toEqual([
      'Fotografía',
      'Teléfono',
      'Dirección',
      'Experiencia laboral',
      'Referencias',
      'Currículum',
      'DPI escaneado',
      'Antecedentes policiales',
      'Antecedentes penales',
    ]);
  });

  it('is not shown for a complete profile; a missing photo shows it without blocking', () => {
    expect(profileGaps(completeProfile())).toEqual({ complete: true, showBanner: false, missing: [] });
    const noPhoto = profileGaps(completeProfile({ photo: null }));
    expect(noPhoto).toEqual({ complete: true, showBanner: true, missing: ['Fotografía'] });
  });

  it('blocks when the server says the profile is not complete even with every field', () => {
    expect(profileGaps(completeProfile({ complete: false })).complete).toBe(false);
  });
});
