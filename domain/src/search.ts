/**
 * The one accent- and case-insensitive folding of the product, for every search box and every
 * comparison of spellings ('Técnica' = 'TECNICA', 'inducción' = 'INDUCCION'): Unicode NFD,
 * combining marks removed, lower case, runs of white space made one space, trimmed.
 */
export function foldSearch(s: string | null | undefined): string {
  return (s ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Characters that join the parts of an e-mail address or a user name ('maria.ramirez',
 * 'ana_lopez', 'j-perez', 'ana+bolsa', 'x@y'). Inside a search word each stands for any one
 * character, so a name typed the way an address spells it finds the person too:
 * 'maria.ramirez' finds 'María Ramírez' and 'maria.ramirez@…', while a whole address
 * ('carga.1@example.com') still finds only its own row.
 */
export const SEARCH_JOINERS = '._@+-';
const JOINER = /[._@+-]/g;

/** The folded words of a search box; a row matches when it holds every one. */
export function searchWords(raw: string | null | undefined): string[] {
  return foldSearch(raw).split(' ').filter(Boolean);
}

/**
 * A folded search word as the SQL LIKE pattern of a substring match ('%word%'): LIKE's own
 * '%' and the escape character '\' taken literally, each joiner any one character ('_').
 */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%]/g, '\\$&').replace(JOINER, '_')}%`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The same match as `likePattern`, in JavaScript (haystack folded here). */
export function wordMatches(haystack: string | null | undefined, word: string): boolean {
  const pattern = foldSearch(word).split(JOINER).map(escapeRegExp).join('[\\s\\S]');
  return new RegExp(pattern, 'u').test(foldSearch(haystack));
}

/** Whether `haystack` contains `needle`, ignoring accents and case, joiners standing for any character. */
export function matchesSearch(haystack: string | null | undefined, needle: string | null | undefined): boolean {
  return wordMatches(haystack, foldSearch(needle));
}
