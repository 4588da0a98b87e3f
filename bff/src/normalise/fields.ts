/**
 * Field access that tolerates the upstream's inconsistent spellings: keys are matched ignoring
 * case, underscores and hyphens, so `nombreVacante`, `NombreVacante` and `nombre_vacante` are one.
 */
export type Fields = ReadonlyMap<string, unknown>;

const fold = (k: string) => k.toLowerCase().replace(/[_-]/g, '');
/**
 * Folded spellings, remembered: the same few hundred field names come back on every answer (a
 * page of ten candidates folded ~400 keys, ~5 % of the BFF's CPU for the inbox). Bounded, because
 * some objects are keyed by data (counts per tag id).
 */
const folded = new Map<string, string>();
const FOLDED_MAX = 2_000;
function keyOf(k: string): string {
  let key = folded.get(k);
  if (key === undefined) {
    key = fold(k);
    if (folded.size < FOLDED_MAX) folded.set(k, key);
  }
  return key;
}

export function fieldsOf(raw: unknown): Fields {
  const m = new Map<string, unknown>();
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [k, v] of Object.entries(raw)) {
      const key = keyOf(k);
      if (!m.has(key) || m.get(key) === null || m.get(key) === undefined) m.set(key, v);
    }
  }
  return m;
}

/** The first present (non-null, non-undefined) value among the given spellings. */
export function pick(f: Fields, ...names: string[]): unknown {
  for (const n of names) {
    const v = f.get(keyOf(n));
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}

/** Trimmed text, or null when absent or blank. */
export function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/** An identifier as a string ('12' for 12 or '12'), or null. */
export function id(v: unknown): string | null {
  const t = text(v);
  if (t === null || t === '0' || t.toLowerCase() === 'null') return null;
  return t;
}

/** Entries of a list answer, which may come bare or wrapped ({ data: [...] }, { items: [...] }). */
export function listOf(raw: unknown, ...wrappers: string[]): unknown[] {
  if (Array.isArray(raw)) return raw;
  const f = fieldsOf(raw);
  for (const w of [...wrappers, 'data', 'items', 'result', 'value']) {
    const v = pick(f, w);
    if (Array.isArray(v)) return v;
  }
  return [];
}
