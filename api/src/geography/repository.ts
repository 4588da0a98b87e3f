import type { Db } from '../db/database.js';

export interface MunicipalityJson {
  municipioId: string;
  municipioNombre: string;
  departamentoId: string;
  departamentoNombre: string;
}

export interface DepartmentOptionJson {
  code: string;
  remarks: string;
}

function municipalityQuery(db: Db) {
  return db
    .selectFrom('municipios as m')
    .innerJoin('departamentos as d', 'd.codigo', 'm.departamento_codigo')
    .select([
      'm.codigo as municipioId',
      'm.nombre as municipioNombre',
      'd.codigo as departamentoId',
      'd.nombre as departamentoNombre',
    ]);
}

// Sorted here, not in SQL: PGlite and PostgreSQL ship different collations, and Spanish order
// ('San José' before 'San Juan') should not depend on the database's locale.
const spanish = new Intl.Collator('es', { sensitivity: 'base' });

export async function listMunicipalities(db: Db): Promise<MunicipalityJson[]> {
  const rows = await municipalityQuery(db).execute();
  return rows.sort(
    (a, b) =>
      spanish.compare(a.departamentoNombre, b.departamentoNombre) ||
      spanish.compare(a.municipioNombre, b.municipioNombre) ||
      a.municipioId.localeCompare(b.municipioId),
  );
}

export async function findMunicipality(db: Db, codigo: string): Promise<MunicipalityJson | null> {
  return (await municipalityQuery(db).where('m.codigo', '=', codigo).executeTakeFirst()) ?? null;
}

export async function listDepartments(db: Db): Promise<DepartmentOptionJson[]> {
  return db.selectFrom('departamentos').select(['codigo as code', 'nombre as remarks']).orderBy('codigo').execute();
}
