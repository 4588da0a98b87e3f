import { fieldsOf, id, pick, text } from './fields.js';

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
