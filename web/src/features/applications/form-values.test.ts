import { ageOn } from '@bolsa/domain';
import { describe, expect, it } from 'vitest';
import { initialValues, MAX_ROWS, mergeDraft, prefillFromProfile, type ApplicationProfile } from './form-values';

const TODAY = '2026-11-23';
const SESSION = { name: 'Ana López', email: 'ana@example.com' };

const profile = (over: Partial<ApplicationProfile> = {}): ApplicationProfile => ({
  userId: '41',
  fullName: 'Ana María López',
  email: 'ana.lopez@example.com',
  phone: '5555-6666',
  dpi: '1234 56789 0101',
  birthDate: '1995-03-10',
  address: ' Barrio El Centro ',
  photo: { id: 'f1', name: 'ana.png' },
  curriculum: null,
  dpiFile: { id: 'f3', name: 'dpi.pdf' },
  policeRecord: null,
  criminalRecord: null,
  experiences: [],
  personalReferences: [],
  workReferences: [],
  ...over,
});

describe('prefillFromProfile', () => {
  it('without a profile keeps what the session knows', () => {
    expect(prefillFromProfile(null, SESSION, TODAY)).toEqual({ name: 'Ana López', email: 'ana@example.com' });
  });

  it('takes personal data as the form types it, the age from the birth date, and the stored documents', () => {
    const p = prefillFromProfile(profile(), SESSION, TODAY);
    expect(p).toMatchObject({
      name: 'Ana María López',
      email: 'ana.lopez@example.com',
      cui: '1234567890101',
      phone: '55556666',
      address: 'Barrio El Centro',
      age: String(ageOn('1995-03-10', TODAY)),
    });
    // The profile's DPI file stands for the form's 'DPI escaneado' (the api references the same one).
    expect(p.storedDocuments).toEqual({ photo: { name: 'ana.png' }, dpiScan: { name: 'dpi.pdf' } });
    expect(prefillFromProfile(profile({ birthDate: null }), SESSION, TODAY).age).toBe('');
  });

  it('locks complete experiences and references, leaves an incomplete experience editable', () => {
    const row = { company: 'Hospital', position: 'Auxiliar', from: '2020-01-01', to: '2022-06-30' };
    const p = prefillFromProfile(
      profile({
        experiences: [
          { ...row, description: 'Consulta externa' },
          { ...row, from: '2018-01-01', to: '2019-01-01', description: null },
        ],
        personalReferences: [{ name: 'Marta Coc', phone: '44445555' }],
      }),
      SESSION,
      TODAY,
    );
    const v = initialValues(p);
    expect(v.experiences.map((e) => e.locked)).toEqual([true, false, undefined]);
    expect(v.experiences[1]).toMatchObject({ description: '', from: '2018-01-01' });
    expect(v.personalReferences).toEqual([{ name: 'Marta Coc', phone: '44445555', locked: true }]);
    // No profile work references: one empty row to fill.
    expect(v.workReferences).toEqual([{ name: '', phone: '' }]);
  });

  it('adds an empty experience only while there is room', () => {
    const full = Array.from({ length: MAX_ROWS }, (_, i) => ({
      company: `Empresa ${i}`,
      position: 'Puesto',
      from: `20${10 + i}-01-01`,
      to: `20${10 + i}-06-30`,
      description: 'Tareas',
    }));
    expect(initialValues(prefillFromProfile(profile({ experiences: full }), SESSION, TODAY)).experiences).toHaveLength(
      MAX_ROWS,
    );
  });
});

describe('mergeDraft (logging in from the form, issue 20)', () => {
  const written = {
    ...initialValues(),
    name: 'Luis Pérez',
    phone: '55551234',
    salaryClaim: '4500',
    educationLevel: 'Diversificado',
    experiences: [
      { company: 'Farmacia Central', position: 'Cajero', from: '2020-01-01', to: '2022-12-31', description: 'Caja' },
      { company: '', position: '', from: '', to: '', description: '' },
    ],
    personalReferences: [{ name: 'Rosa Xol', phone: '41112222' }],
  };

  it("keeps what was written over the profile's values and after its locked rows", () => {
    const start = initialValues({
      name: 'Luis Alberto Pérez',
      email: 'luis@example.com',
      phone: '',
      experiences: [
        { company: 'Hospital', position: 'Auxiliar', from: '2015-01-01', to: '2019-12-31', description: 'Turnos' },
      ],
      personalReferences: [{ name: 'Rosa Xol', phone: '41112222' }],
    });
    const merged = mergeDraft(start, written);
    expect(merged).toMatchObject({
      name: 'Luis Pérez',
      email: 'luis@example.com',
      phone: '55551234',
      salaryClaim: '4500',
      educationLevel: 'Diversificado',
    });
    expect(merged.experiences.map((e) => [e.company, e.locked ?? false])).toEqual([
      ['Hospital', true],
      ['Farmacia Central', false],
      ['', false],
    ]);
    // The same reference is not added twice.
    expect(merged.personalReferences.map((r) => r.name)).toEqual(['Rosa Xol', '']);
  });

  it('as a guest again, is simply what was written', () => {
    const merged = mergeDraft(initialValues(), written);
    expect(merged.experiences.map((e) => e.company)).toEqual(['Farmacia Central', '']);
    expect(merged.name).toBe('Luis Pérez');
  });
});
