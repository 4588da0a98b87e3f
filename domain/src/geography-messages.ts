/**
 * The words of the municipality and department catalogue, apart from geography.ts so that a screen
 * can say them without loading the list of municipalities (exported from the package's index).
 */
export const GEOGRAPHY_MESSAGES = {
  municipalityNotFound: 'Municipio no encontrado',
  departmentNotFound: 'Departamento no encontrado',
  municipalitiesLoadFailed: 'No se pudieron cargar los municipios',
  noMunicipalityMatch: 'No se encontraron municipios con ese término',
} as const;
