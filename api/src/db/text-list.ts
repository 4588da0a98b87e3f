/**
 * A jsonb list of text as the rows hold it (participants, criteria, requirements). It arrives
 * parsed from both drivers; anything not a list of text (a hand-edited row) degrades to [].
 */
export function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
}
