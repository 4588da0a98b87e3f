import { createHash } from 'node:crypto';

/** The content of a row that its hash covers (everything but the two hashes). */
export interface AuditContent {
  id: number;
  fecha: string;
  actorTipo: string;
  actorId: number | null;
  actorNombre: string | null;
  accion: string;
  objetivoTipo: string | null;
  objetivoId: string | null;
  direccion: string | null;
  solicitud: string | null;
  detalle: unknown;
}

/** JSON with object keys sorted at every level: jsonb reorders keys, so the order cannot be the one written. */
export function canonicalJson(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (typeof v === 'object')
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** SHA-256 (hex) of the previous row's hash followed by this row's canonical content. */
export function chainHash(previous: string, c: AuditContent): string {
  const content = canonicalJson([
    c.id,
    c.fecha,
    c.actorTipo,
    c.actorId,
    c.actorNombre,
    c.accion,
    c.objetivoTipo,
    c.objetivoId,
    c.direccion,
    c.solicitud,
    c.detalle ?? null,
  ]);
  return createHash('sha256').update(previous).update('\n').update(content).digest('hex');
}
