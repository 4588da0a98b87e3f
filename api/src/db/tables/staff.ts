import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

export interface UsuariosTable {
  id: Generated<number>;
  nombre: string;
  usuario: string;
  clave_hash: string | null;
  idrol: Generated<number>;
  estatus: Generated<boolean>;
  creado_en: Timestamp;
  es_demo: Generated<boolean>;
}

export interface ApiTokensTable {
  id: Generated<number>;
  nombre: string;
  idrol: number;
  /** SHA-256 of the token, 64 lower-case hex characters. */
  hash: string;
  creado_en: Timestamp;
  usado_en: ColumnType<Date | string | null, string | null | undefined, string | null>;
  revocado: Generated<boolean>;
}
