/**
 * Hostile values by GraphQL input type. `refuse: true` means a correct server must refuse the
 * value outright (so nothing may be stored); `false` means it may be cleaned and accepted
 * (e.g. a NUL byte stripped), so the suite checks only that the answer is well-formed.
 */
export interface Hostile {
  label: string;
  value: unknown;
  refuse: boolean;
}

const h = (label: string, value: unknown, refuse = true): Hostile => ({ label, value, refuse });

/** Wrong JSON types: GraphQL coercion must refuse each one, for any scalar. */
const WRONG_TYPES = [h('object', { $gt: '' })];

export const STRINGS: Hostile[] = [
  h('empty', ''),
  h('blank', '   \t '),
  h('nul', 'a\u0000b', false),
  h('huge-20k', 'x'.repeat(20_000)),
  h('control-chars', '\u0007\u001b[31m\u0008', false),
  h('number', 12345),
  ...WRONG_TYPES,
];

export const IDS: Hostile[] = [
  h('empty', ''),
  h('zero', '0'),
  h('negative', '-1'),
  h('beyond-int', '99999999999'),
  h('letters', 'abc'),
  h('sql', "1' OR '1'='1"),
  h('padded', ' 1 '),
  h('hex', '0x1'),
  h('exponent', '1e3'),
  h('percent', '%E0%A4%A'),
  h('nul', '1\u0000'),
  h('huge', '9'.repeat(5_000)),
  h('float', 1.5),
  h('boolean', false),
  ...WRONG_TYPES,
];

export const INTS: Hostile[] = [
  h('negative', -1),
  h('zero', 0),
  h('beyond-int32', 2 ** 31),
  h('float', 1.5),
  h('string', '1'),
  h('huge', 1e308),
  ...WRONG_TYPES,
];

export const BOOLEANS: Hostile[] = [h('string', 'true'), h('number', 1), h('spanish', 'sí'), ...WRONG_TYPES];

export const DATES: Hostile[] = [
  h('far-future', '9999-12-31'),
  h('impossible', '2026-02-30'),
  h('words', 'mañana'),
  h('empty', ''),
  h('ancient', '0001-01-01'),
  h('number', 20260101),
  ...WRONG_TYPES,
];

export const ENUMS: Hostile[] = [
  h('lower-case', 'admin'),
  h('empty', ''),
  h('unknown', 'SUPERUSER'),
  h('number', 1),
  ...WRONG_TYPES,
];

export const LISTS_OF_STRINGS: Hostile[] = [
  h(
    'too-many',
    Array.from({ length: 500 }, (_, i) => `req ${i}`),
  ),
  h('too-long-item', ['x'.repeat(5_000)]),
  h('nul-item', ['a\u0000'], false),
  h('null-item', [null]),
  h('number-item', [1]),
  h('nested', [['a']]),
  h('object', { a: 'b' }),
];

export const INPUT_OBJECTS: Hostile[] = [
  h('unknown-field', { nope: 1 }),
  h('string', 'objeto'),
  h('array', []),
  h('proto', JSON.parse('{"__proto__": {"admin": true}}')),
];

/** The values for a named input type. */
export function valuesFor(typeName: string, kind: 'scalar' | 'enum' | 'input' | 'list'): Hostile[] {
  if (kind === 'list') return LISTS_OF_STRINGS;
  if (kind === 'input') return INPUT_OBJECTS;
  if (kind === 'enum') return ENUMS;
  switch (typeName) {
    case 'ID':
      return IDS;
    case 'Int':
    case 'Float':
      return INTS;
    case 'Boolean':
      return BOOLEANS;
    case 'Date':
      return DATES;
    default:
      return STRINGS;
  }
}

/** Words that betray an English message (a heuristic over every message a client can read). */
export const ENGLISH =
  /\b(the|invalid|expected|must|cannot|unexpected|failed|got|did you mean|is not|was not|required|received|should|value|field|syntax|unknown|not found|forbidden|unauthorized|bad request|internal server error|error:)\b/i;

/** A stack trace or a file position in any answer. */
export const STACK = /\n\s+at |\bat [\w.<>]+ \(|\.(ts|js|mjs):\d+:\d+|node_modules/;

/** An HTML error page (Express's, body-parser's, finalhandler's). */
export const HTML = /<(!doctype|html|pre|body)\b/i;
