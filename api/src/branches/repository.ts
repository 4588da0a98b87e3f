import type { Db } from '../db/database.js';

export interface BranchJson {
  id: number;
  nombre: string;
}

// Sorted here, not in SQL, so the order is Spanish whatever collation the database was created with.
const spanish = new Intl.Collator('es', { sensitivity: 'base' });

export async function listBranches(db: Db): Promise<BranchJson[]> {
  const rows = await db.selectFrom('sedes').select(['id', 'nombre']).execute();
  return rows.sort((a, b) => spanish.compare(a.nombre, b.nombre) || a.id - b.id);
}
