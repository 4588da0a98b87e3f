import { fieldsOf, id, listOf, pick, text } from './fields.js';

export interface BranchDto {
  id: string;
  name: string;
}

export function normaliseBranch(raw: unknown): BranchDto | null {
  const f = fieldsOf(raw);
  const bid = id(pick(f, 'id', 'sedeId', 'idSede'));
  const name = text(pick(f, 'nombre', 'sedeNombre', 'nombreSede', 'name'));
  return bid && name ? { id: bid, name } : null;
}

/** GET /sedes: bare, or under `sedes`, `data`, `items`… */
export function normaliseBranchList(raw: unknown): BranchDto[] {
  return listOf(raw, 'sedes')
    .map(normaliseBranch)
    .filter((b): b is BranchDto => b !== null);
}
