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
