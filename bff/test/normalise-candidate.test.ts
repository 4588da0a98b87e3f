import { describe, expect, it } from 'vitest';
import fixtures from './fixtures/legacy-candidates.json' with { type: 'json' };
import { normaliseCandidate } from '../src/normalise/candidate.js';
import { documentKindOf } from '@bolsa/domain';
import { normaliseCandidateFile } from '../src/normalise/candidate-file.js';

const list = fixtures.map((f) => normaliseCandidate(f));
const detail = fixtures.map((f) => normaliseCandidate(f, { detail: true }));

describe('normaliseCandidate accepts the spellings of spec 3 §3', () => {
  it('reads camelCase, UPPER-CASE and short names alike, and drops a row without id', () => {
    expect(list.map((c) => c?.fullName ?? null)).toEqual([
      'Rosa María Xuc Tzul',
      'Pedro Sic',
      'Lucía',
      'Datos eliminados a solicitud del candidato',
      'Desconocida',
      null,
    ]);
    expect(list[1]).toMatchObject({ id: '12', email: 'pedro@example.com', vacancyId: '5' });
  });

  it('reads legacy states through the domain; an unknown one as postulado', () => {
    expect(list.slice(0, 5).map((c) => c?.state)).toEqual([
      'en seguimiento',
      'en seguimiento',
      'entrevista',
      'inducción',
      'postulado',
    ]);
  });

  it('reads plazasAplicadas, or the flat vacancy fields when there is no list', () => {
    expect(list[0]?.vacancies).toEqual([
      {
        vacancyId: '3',
        name: 'Auxiliar de enfermería',
        position: 'Auxiliar',
        appliedAt: '2026-10-01',
        branchId: null,
        branchName: 'Sede Central',
        place: 'Cobán',
      },
    ]);
    expect(list[1]?.vacancies[0]).toMatchObject({ vacancyId: '5', name: 'Piloto' });
    expect(list[0]).toMatchObject({ registered: true, userId: '4' });
  });

  it('reads the form values: 1/0, "si"/"no", Q amounts, ages as text', () => {
    expect(detail[1]?.detail).toMatchObject({
      availableImmediately: true,
      negotiable: false,
      studying: false,
      salaryExpectation: 4500.5,
      age: 31,
    });
  });

  it('reads experiences and both kinds of references', () => {
    expect(detail[1]?.detail?.experiences).toEqual([
      { company: 'Transportes GT', position: 'Piloto', from: '2019-01-01', to: '1900-01-01', description: null },
    ]);
    expect(detail[1]?.detail?.references).toEqual([
      { kind: 'PERSONAL', name: 'Ana Coc', phone: '55667788' },
      { kind: 'WORK', name: 'Ing. Luis Paz', phone: '22110099' },
    ]);
  });

  it('builds the files with the authorised route; the photo apart; rows without id dropped', () => {
    const d = detail[1]!.detail!;
    expect(d.photo).toMatchObject({ id: '42', kind: 'PHOTO', url: '/files/candidatos/postulacion/42' });
    expect(d.documents).toEqual([
      {
        id: '40',
        kind: 'CURRICULUM',
        label: 'Currículum',
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        size: 1234,
        uploadedAt: '2026-10-02',
        url: '/files/candidatos/postulacion/40',
      },
      expect.objectContaining({ id: '41', kind: 'POLICE_RECORD', label: 'Antecedentes policiales', size: 99 }),
    ]);
  });

  it('never shows personal data of an erased candidate, whatever the api sent', () => {
    expect(detail[3]).toMatchObject({
      fullName: 'Datos eliminados a solicitud del candidato',
      email: null,
      dataErased: true,
    });
    expect(detail[3]?.detail).toMatchObject({ dpi: null, documents: [], references: [] });
  });
});

describe('candidate files', () => {
  it('reads document kinds in any spelling', () => {
    expect(
      [
        'curriculum',
        'CV',
        'carta',
        'carta_presentacion',
        'dpi',
        'Policiales',
        'antecedentes_penales',
        'foto',
        'otro',
      ].map(documentKindOf),
    ).toEqual(['CURRICULUM', 'CURRICULUM', 'DPI', 'DPI', 'DPI', 'POLICE_RECORD', 'CRIMINAL_RECORD', 'PHOTO', null]);
  });
  it('uses the profile scope for profile files', () => {
    expect(normaliseCandidateFile({ id: 7, tipo: 'dpi' }, 'perfil')?.url).toBe('/files/candidatos/perfil/7');
  });
});
