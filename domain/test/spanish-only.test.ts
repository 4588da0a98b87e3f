import { describe, expect, it } from 'vitest';
import {
  adminEmailSchema,
  applicationSchema,
  assignTestSchema,
  candidateLoginSchema,
  candidateProfileSchema,
  candidateStateEnumSchema,
  candidateStateSchema,
  documentRequestSchema,
  hireSchema,
  interviewSchema,
  registrationSchema,
  rejectSchema,
  staffLoginSchema,
  staffRoleSchema,
  staffStatusSchema,
  staffUserSchema,
  testTemplateSchema,
  vacancySchema,
  z,
} from '../src/index.js';

const TODAY = '2026-11-23';
const experience = { company: 'A', position: 'B', from: '2020-01-01', to: '2021-01-01', description: 'C' };

/** Every schema of the domain with one valid input; the walk below breaks each field in many ways. */
const SCHEMAS: [string, z.ZodType, Record<string, unknown> | string][] = [
  [
    'vacancy create',
    vacancySchema('create', TODAY),
    {
      name: 'N',
      branchId: '1',
      municipalityId: '0101',
      placeText: '',
      departmentId: '01',
      endsAt: '2026-12-31',
      active: true,
      description: 'D',
      requirements: ['r'],
      benefits: ['b'],
    },
  ],
  [
    'vacancy edit',
    vacancySchema('edit', TODAY),
    { name: 'N', branchId: '1', departmentId: '01', endsAt: '2026-12-31', active: true },
  ],
  ['candidate login', candidateLoginSchema(), { email: 'a@b.com', password: 'x' }],
  ['staff login', staffLoginSchema(), { username: 'a', password: 'x' }],
  [
    'registration',
    registrationSchema(),
    {
      primerNombre: 'A',
      primerApellido: 'B',
      email: 'a@b.com',
      emailConfirmation: 'a@b.com',
      password: 'secreto',
      passwordConfirmation: 'secreto',
      dpi: '2476459660101',
      comoSeEntero: 'otro',
      observaciones: 'o',
    },
  ],
  [
    'staff user create',
    staffUserSchema('ong.org.gt', 'create'),
    { name: 'A', email: 'a@ong.org.gt', role: 'VIEWER', password: 'secreto' },
  ],
  [
    'staff user update',
    staffUserSchema('ong.org.gt', 'update'),
    { name: 'A', email: 'a@ong.org.gt', role: 'VIEWER', password: '' },
  ],
  ['admin e-mail', adminEmailSchema('ong.org.gt', 'create'), { email: 'a@ong.org.gt', name: 'Ana' }],
  [
    'test template',
    testTemplateSchema,
    { name: 'A', description: 'B', type: 'LINK', category: 'TECNICA', link: 'https://x.example', active: true },
  ],
  [
    'application',
    applicationSchema('registered', TODAY),
    {
      vacancyId: '1',
      name: 'Ana',
      cui: '2476459660101',
      address: 'Zona 1',
      phone: '55512345',
      email: 'a@b.com',
      maritalStatus: 'Soltero',
      age: 30,
      educationLevel: 'Diversificado',
      studying: false,
      available: true,
      salaryClaim: '4000',
      negotiable: true,
      experiences: [experience],
      personalReferences: [{ name: 'L', phone: '44445555' }],
      workReferences: [{ name: 'M', phone: '33334444' }],
      documents: { photo: true, curriculum: true, dpiScan: true, policeRecord: true, criminalRecord: true },
    },
  ],
  [
    'profile',
    candidateProfileSchema(TODAY),
    {
      firstName: 'A',
      firstSurname: 'B',
      email: 'a@b.com',
      phone: '55512345',
      dpi: '2476459660101',
      birthDate: '1990-01-01',
      address: 'Zona 1, Guatemala',
      experiences: [experience, { ...experience, from: '2021-02-01', to: '2022-01-01' }],
      personalReferences: [{ name: 'L', phone: '44445555' }],
      workReferences: [{ name: 'M', phone: '33334444' }],
      hasPhoto: true,
      files: { curriculum: true, dpiFile: true, policeRecord: true, criminalRecord: true },
      profileComplete: false,
    },
  ],
  ['document request', documentRequestSchema(), { documents: ['dpi'], notes: 'Actualiza tu DPI' }],
  [
    'assign test',
    assignTestSchema(TODAY),
    { candidateId: '1', testName: 'T', testType: 'LINK', deadline: TODAY, credentials: 'c' },
  ],
  [
    'interview',
    interviewSchema({ date: TODAY, time: '00:00' }),
    {
      mode: 'PRESENCIAL',
      candidateId: '1',
      candidateName: 'A',
      candidateEmail: 'a@b.com',
      date: TODAY,
      start: '09:00',
      end: '10:00',
      branchId: '1',
      address: 'Oficina',
    },
  ],
  ['hire', hireSchema, { date: TODAY, time: '09:00', place: 'Oficina' }],
  ['reject', rejectSchema, { observation: 'x' }],
  ['candidate state', candidateStateSchema, 'postulado'],
  ['candidate state enum', candidateStateEnumSchema, 'APPLIED'],
  ['staff role', staffRoleSchema, 'ADMIN'],
  ['staff status', staffStatusSchema, '1'],
];

const BAD_VALUES: unknown[] = [
  undefined,
  null,
  42,
  -1,
  Number.NaN,
  true,
  '',
  ' ',
  'a\u0000',
  '\u001B[31m',
  'x'.repeat(10_001),
  '9999-12-31',
  'CANDIDATE',
  '__proto__',
  'https://example.com@evil.example/',
  [],
  [1, 2],
  Array(40).fill('a'),
  ['a\u0000'],
  {},
  { a: 1 },
];

/** Words of zod's English messages and of English generally that must never reach a user. */
const ENGLISH =
  /\b(invalid|expected|received|too (big|small)|required|must|should|string|number|input|array|object|boolean|undefined|nonoptional|characters?|option|unrecognized|keys?|value|error|the|is|of|to|be|at least|at most)\b/i;

function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('no English message can come out of a domain schema', () => {
  for (const [name, schema, valid] of SCHEMAS) {
    it(`${name}: valid sample passes`, () => {
      expect(schema.safeParse(valid).error?.issues ?? []).toEqual([]);
    });
    it(`${name}: every field broken every way answers Spanish`, () => {
      const seen = new Set<string>();
      for (const bad of BAD_VALUES) messagesOf(schema, bad).forEach((m) => seen.add(m));
      if (typeof valid === 'object')
        for (const key of Object.keys(valid))
          for (const bad of BAD_VALUES) {
            messagesOf(schema, { ...valid, [key]: bad }).forEach((m) => seen.add(m));
            const { [key]: _dropped, ...without } = valid;
            messagesOf(schema, without).forEach((m) => seen.add(m));
          }
      expect(seen.size).toBeGreaterThan(0);
      for (const m of seen) {
        expect(m, `${name}: ${m}`).not.toMatch(ENGLISH);
        expect(m.trim(), name).not.toBe('');
      }
    });
  }

  it('sets zod’s own default messages to Spanish for every consumer', () => {
    expect(z.string().safeParse(1).error?.issues[0]?.message).toBe(
      'Entrada inválida: se esperaba texto, recibido número',
    );
    expect(z.string().max(2).safeParse('abc').error?.issues[0]?.message).not.toMatch(ENGLISH);
  });
});
