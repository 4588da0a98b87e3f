import data from './guatemala-municipios.json' with { type: 'json' };

export interface DepartmentRecord {
  codigo: string;
  nombre: string;
}
export interface MunicipalityRecord {
  codigo: string;
  nombre: string;
  departamentoCodigo: string;
}

/** Guatemala's 22 departments and 340 municipalities with INE codes (shared/data). */
export const DEPARTMENTS: readonly DepartmentRecord[] = data.departamentos;
export const MUNICIPALITIES: readonly MunicipalityRecord[] = data.municipios;

const MUNICIPALITY_CODES = new Set(MUNICIPALITIES.map((m) => m.codigo));

export const CUI_INVALID = 'El CUI/DPI no es válido. Revisa los 13 dígitos.';

/**
 * A Guatemalan CUI (the DPI number): 13 digits; the 9th a check digit equal to
 * Σ dᵢ·(i+2) over the first 8 digits, mod 11, 10 written as 0; the last 4 digits a
 * department code 01–22 and a municipality that exists in it.
 */
export function isValidCui(raw: string): boolean {
  if (!/^\d{13}$/.test(raw)) return false;
  const digits = [...raw].map(Number);
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += digits[i]! * (i + 2);
  const check = (sum % 11) % 10;
  if (check !== digits[8]) return false;
  return MUNICIPALITY_CODES.has(raw.slice(9));
}

const DEPARTMENT_CODES = new Set(DEPARTMENTS.map((d) => d.codigo));

export { GEOGRAPHY_MESSAGES } from './geography-messages.js';

/** Whether an INE municipality code ('0101') exists. */
export const municipalityExists = (code: unknown): boolean =>
  typeof code === 'string' && MUNICIPALITY_CODES.has(code.trim());
/** Whether an INE department code ('01') exists. */
export const departmentExists = (code: unknown): boolean =>
  typeof code === 'string' && DEPARTMENT_CODES.has(code.trim());

export function municipalityOf(code: string): MunicipalityRecord | null {
  return MUNICIPALITIES.find((m) => m.codigo === code) ?? null;
}
export function departmentOf(code: string): DepartmentRecord | null {
  return DEPARTMENTS.find((d) => d.codigo === code) ?? null;
}

/**
 * A vacancy's lugar (spec 1 §3): 'municipioId:departamentoId' when both codes exist, otherwise
 * free text (or nothing).
 */
export function parseLugar(
  raw: unknown,
):
  | { kind: 'municipality'; municipalityId: string; departmentId: string }
  | { kind: 'text'; text: string }
  | { kind: 'none' } {
  const s = typeof raw === 'string' ? raw.trim() : '';
  if (!s) return { kind: 'none' };
  const m = /^(\d{3,4}):(\d{1,2})$/.exec(s);
  if (m && municipalityExists(m[1]) && departmentExists(m[2])) {
    return { kind: 'municipality', municipalityId: m[1]!, departmentId: m[2]! };
  }
  return { kind: 'text', text: s };
}
