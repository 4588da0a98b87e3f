import { describe, expect, it } from 'vitest';
import {
  builtOnFirstUse,
  check,
  COMMON_MESSAGES,
  email,
  entityId,
  flag,
  foldSearch,
  formatPrintedDate,
  hasControlCharacters,
  lengthNotice,
  httpUrl,
  isoDate,
  isSafeHttpUrl,
  likePattern,
  matchesSearch,
  oneOf,
  optionalText,
  parseTestScore,
  SEARCH_JOINERS,
  searchKey,
  searchWords,
  TEST_SCORE,
  text,
  textList,
  z,
} from '../src/index.js';

const message = (schema: z.ZodType, input: unknown) => {
  const r = check(schema, input);
  return r.ok ? null : r.message;
};

describe('text()', () => {
  const name = text({ max: 120, required: 'Falta el nombre' });
  const notes = text({ max: 50, multiline: true });

  it('trims and checks presence and length', () => {
    expect(name.parse('  Ana  ')).toBe('Ana');
    expect(message(name, '   ')).toBe('Falta el nombre');
    expect(message(name, undefined)).toBe('Falta el nombre');
    expect(message(name, null)).toBe('Falta el nombre');
    expect(message(name, 42)).toBe('Se esperaba un texto.');
    expect(name.parse('x'.repeat(120))).toHaveLength(120);
    expect(message(name, 'x'.repeat(121))).toBe('El texto no puede tener más de 120 caracteres.');
  });

  it('refuses NUL and the other C0 control characters (issue 13)', () => {
    expect(message(name, 'a\u0000')).toBe('El texto contiene caracteres no permitidos.');
    expect(message(name, 'a\u0000b')).toBe(COMMON_MESSAGES.control);
    for (let c = 0; c < 0x20; c++) expect(message(name, `a${String.fromCharCode(c)}b`)).toBe(COMMON_MESSAGES.control);
    expect(message(name, 'a\u007Fb')).toBe(COMMON_MESSAGES.control);
    expect(name.parse('Peña Müller')).toBe('Peña Müller');
  });

  it('lets line breaks and tabs through in multi-line text only', () => {
    expect(notes.parse('uno\ndos\r\n\ttres')).toBe('uno\ndos\r\n\ttres');
    expect(message(notes, 'uno\u0000')).toBe(COMMON_MESSAGES.control);
    expect(message(notes, 'uno\u001Bdos')).toBe(COMMON_MESSAGES.control);
    expect(message(name, 'uno\ndos')).toBe(COMMON_MESSAGES.control);
    expect(hasControlCharacters('a\tb', true)).toBe(false);
    expect(hasControlCharacters('a\tb')).toBe(true);
  });

  it('reads missing optional text as empty', () => {
    const o = z.object({ note: optionalText({ max: 10 }) });
    expect(o.parse({})).toEqual({ note: '' });
    expect(o.parse({ note: null })).toEqual({ note: '' });
    expect(message(o, { note: 'a\u0000' })).toBe(COMMON_MESSAGES.control);
  });
});

describe('lengthNotice() (what a limited field says while typed in)', () => {
  it('says nothing far from the limit, what is left in its last tenth, and by how much it is over', () => {
    expect(lengthNotice('a'.repeat(100), 120)).toBeNull();
    expect(lengthNotice('a'.repeat(108), 120)).toEqual({ over: false, text: 'Quedan 12 caracteres.' });
    expect(lengthNotice('a'.repeat(119), 120)).toEqual({ over: false, text: 'Queda 1 carácter.' });
    expect(lengthNotice('a'.repeat(120), 120)).toEqual({ over: false, text: 'Quedan 0 caracteres.' });
    expect(lengthNotice('a'.repeat(121), 120)).toEqual({ over: true, text: 'Tienes 1 carácter de más (máximo 120).' });
    expect(lengthNotice('a'.repeat(2_150), 2_000)).toEqual({
      over: true,
      text: 'Tienes 150 caracteres de más (máximo 2000).',
    });
  });

  it('counts as the schemas do (trimmed), and a short limit speaks in its last 10 characters', () => {
    const value = `  ${'a'.repeat(120)}  `;
    expect(lengthNotice(value, 120)?.over).toBe(false);
    expect(text({ max: 120 }).safeParse(value).success).toBe(true);
    expect(text({ max: 120 }).safeParse('a'.repeat(121)).success).toBe(false);
    expect(lengthNotice('a'.repeat(29), 40)).toBeNull();
    expect(lengthNotice('a'.repeat(30), 40)?.text).toBe('Quedan 10 caracteres.');
  });
});

describe('textList()', () => {
  const list = textList({ min: { count: 1, message: 'Debe de ingresar al menos un requisito' } });
  it('drops blank items and needs the minimum', () => {
    expect(list.parse([' a ', '', '  ', 'b'])).toEqual(['a', 'b']);
    expect(message(list, ['', ' '])).toBe('Debe de ingresar al menos un requisito');
    expect(message(list, undefined)).toBe('Debe de ingresar al menos un requisito');
    expect(message(list, 'a')).toBe('Se esperaba una lista.');
  });
  it('allows at most 30 items of at most 300 characters (issue 13)', () => {
    expect(list.parse(Array.from({ length: 30 }, (_, i) => `r${i}`))).toHaveLength(30);
    expect(
      message(
        list,
        Array.from({ length: 31 }, (_, i) => `r${i}`),
      ),
    ).toBe('La lista no puede tener más de 30 elementos.');
    expect(list.parse(['x'.repeat(300)])).toHaveLength(1);
    expect(message(list, ['x'.repeat(301)])).toBe(
      `El elemento 1 («${'x'.repeat(40)}…») tiene 301 caracteres. Cada elemento puede tener como máximo 300 caracteres.`,
    );
    expect(message(list, ['a\u0000'])).toBe(COMMON_MESSAGES.control);
  });
  it('names the item too long by its position and first words, on its own path', () => {
    const named = textList({ itemNoun: 'requisito' });
    const long = `Experiencia comprobable en atención primaria ${'y más '.repeat(60)}`;
    const r = named.safeParse(['Título de enfermería', long]);
    expect(r.success).toBe(false);
    expect(r.error!.issues).toEqual([
      expect.objectContaining({
        path: [1],
        message: `El requisito 2 («Experiencia comprobable en atención…») tiene ${long.trim().length} caracteres. Cada elemento puede tener como máximo 300 caracteres.`,
      }),
    ]);
  });
});

describe('isoDate()', () => {
  const required = isoDate({ required: 'Falta la fecha' });
  const optional = isoDate();
  it('reads ISO and dd/mm/yyyy and answers ISO', () => {
    expect(required.parse('2026-12-01')).toBe('2026-12-01');
    expect(required.parse('01/12/2026')).toBe('2026-12-01');
    expect(optional.parse('')).toBeNull();
    expect(optional.parse(undefined)).toBeNull();
    expect(z.object({ d: optional }).parse({})).toEqual({ d: null });
    expect(message(z.object({ d: required }), {})).toBe('Falta la fecha');
  });
  it('refuses impossible dates and dates outside 1900–2100 (issue 13)', () => {
    expect(message(required, '2026-02-30')).toBe('La fecha no es válida.');
    expect(message(required, 'mañana')).toBe('La fecha no es válida.');
    expect(message(required, 20261201)).toBe('La fecha no es válida.');
    expect(message(required, '9999-12-31')).toBe('La fecha debe estar entre 01/01/1900 y 31/12/2100.');
    expect(message(required, '1899-12-31')).toBe(COMMON_MESSAGES.dateOutOfRange);
    expect(required.parse('1900-01-01')).toBe('1900-01-01');
    expect(required.parse('2100-12-31')).toBe('2100-12-31');
    expect(message(required, '2101-01-01')).toBe(COMMON_MESSAGES.dateOutOfRange);
  });
});

describe('httpUrl()', () => {
  const url = httpUrl();
  it.each([['https://example.com/prueba'], ['http://forms.example.org/x?y=1'], ['  https://a.example  ']])(
    'accepts %j',
    (u) => {
      expect(url.parse(u)).toBe(u.trim());
      expect(isSafeHttpUrl(u)).toBe(true);
    },
  );
  it('refuses user-info (issue 13)', () => {
    expect(message(url, 'https://example.com@evil.example/')).toBe('El enlace no puede incluir usuario ni contraseña.');
    expect(message(url, 'https://user:pass@example.com/')).toBe(COMMON_MESSAGES.urlUserInfo);
    expect(isSafeHttpUrl('https://example.com@evil.example/')).toBe(false);
  });
  it.each([
    ['javascript:alert(1)'],
    ['ftp://example.com/'],
    ['data:text/html,x'],
    ['example.com'],
    ['https://'],
    ['https://a b.example'],
    [''],
  ])('refuses %j', (u) => {
    expect(message(url, u)).toBe('Ingresa un enlace válido (https://…)');
  });
});

describe('enums, ids, flags, e-mail', () => {
  it('refuses unknown enum values instead of defaulting', () => {
    const role = oneOf(['ADMIN', 'MANAGER', 'VIEWER'], 'El rol no es válido.');
    expect(role.parse('VIEWER')).toBe('VIEWER');
    expect(message(role, 'CANDIDATE')).toBe('El rol no es válido.');
    expect(message(role, 'viewer')).toBe('El rol no es válido.');
    expect(message(role, undefined)).toBe('El rol no es válido.');
  });
  it('reads entity ids within the database range', () => {
    const id = entityId();
    expect(id.parse('12')).toBe('12');
    expect(id.parse(7)).toBe('7');
    expect(id.parse('007')).toBe('7');
    for (const bad of ['0', '-1', 'abc', '99999999999', '2147483648', '1.5', '', null, {}, '__proto__'])
      expect(message(id, bad)).toBe('Identificador inválido');
    expect(id.parse('2147483647')).toBe('2147483647');
  });
  it('reads flag spellings', () => {
    const f = flag();
    expect([true, 1, '1', 'true', false, 0, '0', 'false'].map((v) => f.parse(v))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(message(f, 'yes')).toBe('Se esperaba verdadero o falso.');
  });
  it('trims and lower-cases e-mails', () => {
    const e = email();
    expect(e.parse(' Ana@Example.COM ')).toBe('ana@example.com');
    expect(message(e, 'ana@')).toBe('Formato de correo inválido.');
    expect(message(e, `${'a'.repeat(250)}@x.com`)).toBe('Formato de correo inválido.');
  });
});

describe('formatting', () => {
  it('folds accents, case and spaces once for every search', () => {
    expect(foldSearch('  Técnica   Psicológica ')).toBe('tecnica psicologica');
    expect(foldSearch('INDUCCIÓN')).toBe('induccion');
    expect(foldSearch('Peñón')).toBe('penon');
    expect(foldSearch(null)).toBe('');
    expect(searchKey).toBe(foldSearch);
    expect(matchesSearch('Enfermera Auxiliar — Quetzaltenango', 'quetzal')).toBe(true);
    expect(matchesSearch('Médico', 'MEDICO')).toBe(true);
    expect(matchesSearch('Médico', 'enfermera')).toBe(false);
  });
  it('prints years of 1901 or earlier as Actualidad (spec 3 §2.2)', () => {
    expect(formatPrintedDate('1901-01-01')).toBe('Actualidad');
    expect(formatPrintedDate('01/01/1900')).toBe('Actualidad');
    expect(formatPrintedDate('2020-03-04')).toBe('04/03/2020');
    expect(formatPrintedDate('nada', '—')).toBe('—');
  });
});

describe('parseTestScore (one bound for web, bff and api)', () => {
  it('reads blank as no score, a decimal comma, rounds to cents and keeps within TEST_SCORE', () => {
    expect(parseTestScore('  ')).toBeNull();
    expect(parseTestScore(null)).toBeNull();
    expect(parseTestScore('87,5')).toBe(87.5);
    expect(parseTestScore(92.456)).toBe(92.46);
    expect(parseTestScore(TEST_SCORE.max)).toBe(99_999.99);
    expect(parseTestScore(99_999.999)).toBe('invalid');
    expect(parseTestScore('100000')).toBe('invalid');
    expect(parseTestScore(-1)).toBe('invalid');
    expect(parseTestScore('abc')).toBe('invalid');
    expect(parseTestScore('1e3')).toBe('invalid');
    expect(parseTestScore(true)).toBe('invalid');
  });
});

describe('searching by e-mail-like text (staff inbox)', () => {
  it('lets a joiner stand for any one character, in JavaScript and as a LIKE pattern', () => {
    expect(searchWords('  María.Ramírez   LÓPEZ ')).toEqual(['maria.ramirez', 'lopez']);
    expect(matchesSearch('María Ramírez Coc', 'maria.ramirez')).toBe(true);
    expect(matchesSearch('maria.ramirez@example.com', 'María_Ramírez')).toBe(true);
    expect(matchesSearch('Mariana Ramírez', 'maria.ramirez')).toBe(false);
    expect(matchesSearch('carga.10@example.com', 'carga.1@example.com')).toBe(false);
    expect(matchesSearch('Descuento 100%', '100%')).toBe(true);
    expect(likePattern('maria.ramirez')).toBe('%maria_ramirez%');
    expect(likePattern('ana+x@y-z_w')).toBe('%ana_x_y_z_w%');
    expect(likePattern('100%\\')).toBe('%100\\%\\\\%');
    expect(SEARCH_JOINERS).toBe('._@+-');
  });
});

describe('builtOnFirstUse', () => {
  it('builds nothing when the module loads, once on first use, and shares it', () => {
    let builds = 0;
    const schema = builtOnFirstUse(() => {
      builds++;
      return text({ max: 5 });
    });
    expect(builds).toBe(0);
    expect(schema()).toBe(schema());
    expect(builds).toBe(1);
    expect(schema().safeParse('123456').success).toBe(false);
  });
});
