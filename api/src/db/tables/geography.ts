import type { Generated } from 'kysely';

export interface DepartamentosTable {
  codigo: string;
  nombre: string;
}

export interface MunicipiosTable {
  codigo: string;
  nombre: string;
  departamento_codigo: string;
}

export interface SedesTable {
  id: Generated<number>;
  nombre: string;
  direccion: string | null;
  es_demo: Generated<boolean>;
}
