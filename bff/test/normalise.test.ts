import { describe, expect, it } from 'vitest';
import fixtures from './fixtures/legacy-vacancies.json' with { type: 'json' };
import { normaliseBranch } from '../src/normalise/branch.js';
import { normaliseDepartment, normaliseMunicipality } from '../src/normalise/geography.js';
import { imageUrl, normaliseVacancy, parsePlace } from '../src/normalise/vacancy.js';

const vacancies = fixtures.map(normaliseVacancy);

describe('normaliseVacancy accepts every spelling the specs name', () => {
  it('reads nombreVacante, nombre and nombre_vacante as the name', () => {
    expect(vacancies.slice(0, 3).map((v) => v?.name)).toEqual([
      'Enfermera Auxiliar',
      'Médico General',
      'Recepcionista',
    ]);
  });

  it("reads status '1', 1, true and 'True' as active, anything else inactive", () => {
    expect(vacancies.slice(0, 7).map((v) => v?.active)).toEqual([true, true, true, true, false, false, true]);
  });

  it('reads destacado as boolean, "True", "1", 0 and "false"', () => {
    expect(vacancies.slice(0, 5).map((v) => v?.featured)).toEqual([true, true, true, false, false]);
  });

  it('splits requirement and benefit lists sent as arrays or messy bracketed or quoted text', () => {
    expect(vacancies[0]?.requirements).toEqual(['Título de auxiliar', 'Colegiado activo']);
    expect(vacancies[0]?.benefits).toEqual(['Planilla', 'Seguro médico']);
    expect(vacancies[1]?.requirements).toEqual(['Colegiado activo', 'Experiencia de 2 años']);
    expect(vacancies[1]?.benefits).toEqual(['Planilla', 'Bono 14']);
    expect(vacancies[2]?.requirements).toEqual(['Diversificado', 'Atención al cliente', 'Office']);
    expect(vacancies[2]?.benefits).toEqual([]);
    expect(vacancies[3]?.requirements).toEqual(['Perito contador', 'CPA']);
  });

  it('reads lugar as a municipio:departamento pair (padding numeric codes) or free text', () => {
    expect(vacancies[0]?.place).toEqual({ kind: 'ine', municipalityId: '1601', departmentId: '16' });
    expect(vacancies[1]?.place).toEqual({ kind: 'text', text: 'Trabajo de campo en comunidades' });
    expect(vacancies[2]?.place).toEqual({ kind: 'ine', municipalityId: '0101', departmentId: '01' });
    expect(parsePlace('  ')).toBeNull();
  });

  it('reads dates in ISO, ISO with time or zone, and dd/mm/yyyy', () => {
    expect(vacancies[0]?.publishedAt).toBe('2026-11-01');
    expect(vacancies[0]?.endsAt).toBe('2026-12-31');
    expect(vacancies[1]?.endsAt).toBe('2026-12-15');
    expect(vacancies[2]?.publishedAt).toBe('2026-11-05');
  });

  it('treats a blank description as none and trims the rest', () => {
    expect(vacancies[0]?.description).toBe('Atención a pacientes.');
    expect(vacancies[1]?.description).toBeNull();
  });

  it('drops records without an id or a name', () => {
    expect(vacancies.slice(7)).toEqual([null, null]);
  });

  it('serves api file paths under /images/ and base64 images as data URLs', () => {
    expect(imageUrl(vacancies[0]!)).toBe('/images/plazas/a1.webp');
    expect(imageUrl(vacancies[2]!)).toBe('data:image/jpeg;base64,iVBORw0KGgo=');
    expect(imageUrl({ image: '/archivos/candidatos/1/dpi.pdf', imageBase64: null })).toBeNull();
    expect(imageUrl({ image: '/archivos/plazas/../candidatos/x', imageBase64: null })).toBeNull();
  });
});

describe('branch and geography normalisers', () => {
  it('reads branches as id/nombre in any case', () => {
    expect(
      [{ id: 1, nombre: 'Central' }, { Id: '2', Nombre: ' Cobán ' }, { nombre: 'sin id' }].map(normaliseBranch),
    ).toEqual([{ id: '1', name: 'Central' }, { id: '2', name: 'Cobán' }, null]);
  });

  it('reads department options as code/Code and remarks/Remarks', () => {
    expect(
      [
        { code: '01', remarks: 'Guatemala' },
        { Code: 16, Remarks: 'Alta Verapaz' },
      ].map(normaliseDepartment),
    ).toEqual([
      { id: '01', name: 'Guatemala' },
      { id: '16', name: 'Alta Verapaz' },
    ]);
  });

  it('reads municipalities with string or numeric codes', () => {
    expect(
      normaliseMunicipality({
        municipioId: 101,
        municipioNombre: 'Guatemala',
        departamentoId: 1,
        departamentoNombre: 'Guatemala',
      }),
    ).toEqual({ id: '0101', name: 'Guatemala', departmentId: '01', departmentName: 'Guatemala' });
    expect(normaliseMunicipality({ MunicipioId: '1601', MunicipioNombre: 'Cobán' })).toEqual({
      id: '1601',
      name: 'Cobán',
      departmentId: '16',
      departmentName: null,
    });
  });
});
