import { fieldsOf, id, listOf, pick, text } from './fields.js';

export interface DepartmentDto {
  id: string;
  name: string;
}
export interface MunicipalityDto {
  id: string;
  name: string;
  departmentId: string;
  departmentName: string | null;
}

/** INE codes are zero-padded ('01', '0101'); some upstreams send them as numbers. */
export function padCode(v: unknown, width: number): string | null {
  const t = id(v);
  if (t === null) return null;
  return /^\d+$/.test(t) ? t.padStart(width, '0') : t;
}

/** Department option: code/Code and remarks/Remarks (spec 2 §3), or codigo/nombre. */
export function normaliseDepartment(raw: unknown): DepartmentDto | null {
  const f = fieldsOf(raw);
  const code = padCode(pick(f, 'code', 'codigo', 'departamentoId', 'id'), 2);
  const name = text(pick(f, 'remarks', 'nombre', 'departamentoNombre', 'name'));
  return code && name ? { id: code, name } : null;
}

export function normaliseMunicipality(raw: unknown): MunicipalityDto | null {
  const f = fieldsOf(raw);
  const mid = padCode(pick(f, 'municipioId', 'idMunicipio', 'codigo', 'id'), 4);
  const name = text(pick(f, 'municipioNombre', 'nombreMunicipio', 'nombre', 'name'));
  const dep =
    padCode(pick(f, 'departamentoId', 'idDepartamento', 'departamentoCodigo'), 2) ??
    (mid && mid.length === 4 ? mid.slice(0, 2) : null);
  if (!mid || !name || !dep) return null;
  return {
    id: mid,
    name,
    departmentId: dep,
    departmentName: text(pick(f, 'departamentoNombre', 'nombreDepartamento')),
  };
}

/** GET /municipios: bare, or under `municipios`, `data`, `items`… */
export function normaliseMunicipalityList(raw: unknown): MunicipalityDto[] {
  return listOf(raw, 'municipios')
    .map(normaliseMunicipality)
    .filter((m): m is MunicipalityDto => m !== null);
}

/** GET /plazas/departamentos: bare, or under `departamentos`, `data`, `items`… */
export function normaliseDepartmentList(raw: unknown): DepartmentDto[] {
  return listOf(raw, 'departamentos')
    .map(normaliseDepartment)
    .filter((d): d is DepartmentDto => d !== null);
}
