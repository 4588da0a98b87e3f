/**
 * The one accent- and case-insensitive folding of the product, for every search box and every
 * comparison of spellings ('Técnica' = 'TECNICA', 'inducción' = 'INDUCCION'): Unicode NFD,
 * combining marks removed, lower case, runs of white space made one space, trimmed.
 */
export function foldSearch(s: string | null | undefined): string {
  return (s ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Whether `haystack` contains `needle`, ignoring accents and case. */
export function matchesSearch(haystack: string | null | undefined, needle: string | null | undefined): boolean {
  return foldSearch(haystack).includes(foldSearch(needle));
}
