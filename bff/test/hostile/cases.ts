import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  isCompositeType,
} from 'graphql';
import type { Test } from 'supertest';
import type request from 'supertest';
import { valuesFor, type Hostile } from './values.js';

export type Agent = ReturnType<typeof request>;

/** Who sends a case. */
export type Caller = 'anonymous' | 'admin';

export interface HostileCase {
  /** Stable name: the known-failure list matches on it. */
  name: string;
  caller: Caller;
  /** A correct server stores nothing for this case. */
  refuse: boolean;
  send(agent: Agent, cookie: string): Test;
}

/** Ids of real rows, so that an update reaches validation instead of stopping at 'not found'. */
export interface Fixtures {
  vacancyId: string;
  staffUserId: string;
  adminEmailId: string;
  testTemplateId: string;
  branchId: string;
}

/** Valid arguments for each root field; the suite then spoils one argument or input field at a time. */
export function baselines(f: Fixtures): Record<string, Record<string, unknown>> {
  const vacancy = {
    name: 'Plaza hostil',
    branchId: f.branchId,
    description: 'Descripción de prueba',
    endsAt: '2099-01-01',
    active: true,
    departmentId: '01',
    municipalityId: '0101',
    requirements: ['Uno'],
    benefits: ['Dos'],
  };
  const staffUser = { name: 'Persona Hostil', email: 'hostil@ejemplo.org.gt', role: 'VIEWER', password: 'Clave2026!x' };
  const template = {
    name: 'Prueba hostil',
    description: 'Descripción',
    type: 'LINK',
    category: 'OTROS',
    link: 'https://example.com/x',
  };
  const candidate = {
    primerNombre: 'Ana',
    primerApellido: 'Hostil',
    email: 'hostil@example.com',
    emailConfirmation: 'hostil@example.com',
    password: 'Clave2026!x',
    passwordConfirmation: 'Clave2026!x',
    dpi: '1234567890101',
    // A spent or unknown captcha: registration is refused whatever else is sent.
    captchaId: 'no-existe',
    captchaAnswer: '0',
  };
  // Targets of destructive mutations do not exist: a spoiled argument must never act on real data.
  const missing = '987654';
  return {
    'Query.vacancies': { filter: { search: 'enfermera' }, page: 1, pageSize: 6 },
    'Query.vacancy': { id: f.vacancyId },
    'Query.municipalities': { departmentId: '01', search: 'gua' },
    'Query.adminVacancies': { filter: { search: 'a' }, page: 1, pageSize: 10 },
    'Query.adminVacancy': { id: f.vacancyId },
    'Query.vacancyNameCheck': { name: 'Plaza', branchId: f.branchId },
    'Query.testTemplates': { filter: { search: 'a' } },
    'Query.adminEmails': { search: 'a', includeInactive: true },
    'Mutation.candidateLogin': { email: 'nadie@example.com', password: 'mala' },
    'Mutation.registerCandidate': { input: candidate },
    'Mutation.staffLogin': { username: 'nadie@ejemplo.org.gt', password: 'mala' },
    'Mutation.createStaffUser': { input: { ...staffUser, email: 'x' } },
    'Mutation.updateStaffUser': { id: f.staffUserId, input: { ...staffUser, email: 'x' } },
    'Mutation.toggleStaffUser': { id: missing },
    'Mutation.deleteStaffUser': { id: missing },
    'Mutation.createVacancy': { input: vacancy, imageUploadId: 'no-es-un-id' },
    'Mutation.updateVacancy': { id: f.vacancyId, input: { ...vacancy, name: '' }, imageUploadId: null },
    'Mutation.deleteVacancy': { id: missing },
    'Mutation.setVacancyFeatured': { id: missing, featured: true },
    'Mutation.createTestTemplate': { input: { ...template, name: '' }, fileUploadId: null },
    'Mutation.setTestTemplateActive': { id: missing, active: true },
    'Mutation.deleteTestTemplate': { id: missing },
    'Mutation.createAdminEmail': { email: 'no-es-correo', name: 'Hostil' },
    'Mutation.updateAdminEmail': { id: f.adminEmailId, email: 'no-es-correo', name: 'Hostil' },
    'Mutation.setAdminEmailActive': { id: missing, active: true },
    'Mutation.deleteAdminEmail': { id: missing },
    'Mutation.createApiToken': { name: '', role: 'VIEWER' },
    'Mutation.revokeApiToken': { id: missing },
  };
}

function printType(t: GraphQLInputType): string {
  return String(t);
}

function selection(field: GraphQLField<unknown, unknown>): string {
  return isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
}

function kindOf(t: GraphQLInputType): 'scalar' | 'enum' | 'input' | 'list' {
  const inner = isNonNullType(t) ? t.ofType : t;
  if (isListType(inner)) return 'list';
  const named = getNamedType(t);
  if (isInputObjectType(named)) return 'input';
  if (isEnumType(named)) return 'enum';
  if (isScalarType(named)) return 'scalar';
  return 'scalar';
}

/** Fields never sent with the admin's cookie: they would end the session the suite runs on. */
const SESSION_ENDING = new Set(['Mutation.logout', 'Mutation.touchSession']);

/**
 * Mutations whose call without arguments is the whole, valid action (not hostile input): it may
 * store what it does. 'Ejecutar ahora' records its retention run (issue 24); on the suite's fresh
 * demo data it anonymises nothing.
 */
const ACTS_WITHOUT_ARGUMENTS = new Set(['Mutation.runRetention']);

/**
 * GraphQL cases: every argument of every root field, and every field of every input object,
 * receives each hostile value of its type while the rest stay valid.
 */
export function graphqlCases(
  schema: GraphQLSchema,
  base: () => Record<string, Record<string, unknown>>,
): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const root of [schema.getQueryType()!, schema.getMutationType()!]) {
    for (const field of Object.values(root.getFields())) {
      const key = `${root.name}.${field.name}`;
      const caller: Caller = SESSION_ENDING.has(key) ? 'anonymous' : 'admin';
      const args = field.args;
      const decl = args.length ? `(${args.map((a) => `$${a.name}: ${printType(a.type)}`).join(', ')})` : '';
      const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
      const op = root.name === 'Query' ? 'query' : 'mutation';
      const document = `${op} Hostil${decl} { ${field.name}${call}${selection(field)} }`;
      // Valid arguments are read when the case is sent: fixture ids exist only once the stack runs.
      const valid = () => base()[key] ?? {};
      const add = (
        name: string,
        spoil: (valid: Record<string, unknown>) => Record<string, unknown>,
        hostile: Hostile,
      ) =>
        cases.push({
          name: `graphql ${key} ${name}=${hostile.label}`,
          caller,
          refuse: hostile.refuse,
          send: (agent, cookie) => {
            const r = agent.post('/graphql').set('content-type', 'application/json');
            if (cookie) r.set('cookie', cookie);
            return r.send(JSON.stringify({ query: document, variables: spoil(valid()) }));
          },
        });
      if (!args.length) {
        cases.push({
          name: `graphql ${key} no-arguments`,
          caller,
          refuse: !ACTS_WITHOUT_ARGUMENTS.has(key),
          send: (agent, cookie) => {
            const r = agent.post('/graphql');
            if (cookie) r.set('cookie', cookie);
            return r.send({ query: document });
          },
        });
      }
      for (const arg of args) argumentCases(arg, add);
    }
  }
  return cases;
}

type Spoil = (valid: Record<string, unknown>) => Record<string, unknown>;

function argumentCases(arg: GraphQLArgument, add: (name: string, spoil: Spoil, hostile: Hostile) => void) {
  const kind = kindOf(arg.type);
  const named = getNamedType(arg.type);
  for (const v of valuesFor(named.name, kind)) add(arg.name, (valid) => ({ ...valid, [arg.name]: v.value }), v);
  if (isNonNullType(arg.type)) {
    add(arg.name, (valid) => ({ ...valid, [arg.name]: null }), { label: 'null', value: null, refuse: true });
  }
  if (kind === 'input' && isInputObjectType(named)) {
    for (const f of Object.values(named.getFields())) {
      const fieldKind = kindOf(f.type);
      if (fieldKind === 'input') continue;
      for (const v of valuesFor(getNamedType(f.type).name, fieldKind)) {
        add(
          `${arg.name}.${f.name}`,
          (valid) => ({
            ...valid,
            [arg.name]: { ...((valid[arg.name] as Record<string, unknown> | undefined) ?? {}), [f.name]: v.value },
          }),
          v,
        );
      }
    }
  }
}

/** Raw bodies, content types and methods on /graphql. */
export function rawHttpCases(): HostileCase[] {
  const post = (name: string, contentType: string | null, body: string | Buffer, refuse = true): HostileCase => ({
    name: `http ${name}`,
    caller: 'anonymous',
    refuse,
    send: (agent) => {
      const r = agent.post('/graphql');
      if (contentType !== null) r.set('content-type', contentType);
      return r.send(body);
    },
  });
  const q = JSON.stringify({ query: '{ __typename }' });
  const cases: HostileCase[] = [
    post('json-truncated', 'application/json', '{"query": "{ __typename'),
    post('json-trailing-comma', 'application/json', '{"query": "{ __typename }",}'),
    post('json-single-quotes', 'application/json', "{'query': '{ __typename }'}"),
    post('json-bare-string', 'application/json', '"{ __typename }"'),
    post('json-number', 'application/json', '42'),
    post('json-null', 'application/json', 'null'),
    post('json-array-empty', 'application/json', '[]'),
    post('json-batch', 'application/json', `[${q},${q}]`),
    post('json-empty-object', 'application/json', '{}'),
    post('json-empty-body', 'application/json', ''),
    post('json-bom', 'application/json', `\uFEFF${q}`),
    post('json-nul', 'application/json', '{"query": "{ __typename }\u0000"}'),
    post(
      'json-deep-nesting',
      'application/json',
      `{"query":"{ __typename }","variables":{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}}`,
    ),
    post('json-huge-300kb', 'application/json', JSON.stringify({ query: '{ __typename }', x: 'a'.repeat(300_000) })),
    post('json-huge-6mb', 'application/json', JSON.stringify({ query: '{ __typename }', x: 'a'.repeat(6_000_000) })),
    post('json-invalid-utf8', 'application/json', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])),
    post('json-query-number', 'application/json', '{"query": 5}'),
    post('json-query-object', 'application/json', '{"query": {"a": 1}}'),
    post('json-variables-string', 'application/json', '{"query":"{ __typename }","variables":"{}"}'),
    post('json-variables-array', 'application/json', '{"query":"{ __typename }","variables":[1]}'),
    post('json-extensions-string', 'application/json', '{"query":"{ __typename }","extensions":"x"}'),
    post('json-operation-name-number', 'application/json', '{"query":"{ __typename }","operationName":5}'),
    post('json-unknown-operation', 'application/json', '{"query":"query A { __typename }","operationName":"B"}'),
    post(
      'json-two-operations-unnamed',
      'application/json',
      '{"query":"query A { __typename } query B { __typename }"}',
    ),
    post(
      'json-persisted-query',
      'application/json',
      '{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"abc"}}}',
    ),
    post('json-subscription', 'application/json', '{"query":"subscription { x }"}'),
    post('charset-latin1', 'application/json; charset=latin1', q),
    post('charset-utf16', 'application/json; charset=utf-16', q),
    post('charset-unknown', 'application/json; charset=klingon', q),
    post('text-plain', 'text/plain', q),
    post('form-urlencoded', 'application/x-www-form-urlencoded', 'query=%7B__typename%7D'),
    post(
      'multipart-to-graphql',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{}\r\n--x--',
    ),
    post('xml', 'application/xml', '<query>{ __typename }</query>'),
    post('graphql-content-type', 'application/graphql', '{ __typename }'),
    post('no-content-type', null, q),
    post('content-type-garbage', '%%%/;;;', q),
    post('graphql-response-json', 'application/graphql-response+json', q),
  ];
  const doc = (name: string, query: string): HostileCase => post(name, 'application/json', JSON.stringify({ query }));
  cases.push(
    doc('syntax-error', '{ vacancies { '),
    doc('unknown-field', '{ vacancie { id } }'),
    doc('deep-query', `{ vacancies { items { ${'branch { '.repeat(30)}id${' }'.repeat(30)} } } }`),
    doc('alias-bomb', `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: health { ok }`).join(' ')} }`),
    doc('token-bomb', `{ ${'health { ok } '.repeat(3_000)} }`),
    doc('directive-bomb', `{ health ${'@include(if: true) '.repeat(500)} { ok } }`),
    doc('fragment-cycle', 'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }'),
    doc('introspection-deep', '{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }'),
    doc('huge-string-literal', `{ vacancy(id: "${'9'.repeat(150_000)}") { id } }`),
    doc('inline-bad-enum', '{ adminVacancies(filter: { status: EVERYTHING }) { totalCount } }'),
    doc('inline-int-overflow', '{ vacancies(page: 99999999999) { totalCount } }'),
    doc('inline-negative-page', '{ vacancies(page: -5, pageSize: -1) { totalCount } }'),
    doc('inline-huge-page-size', '{ vacancies(pageSize: 2147483647) { totalCount } }'),
    doc('variable-never-declared', '{ vacancy(id: $id) { id } }'),
    doc('mutation-unknown', 'mutation { dropEverything }'),
  );
  for (const method of ['put', 'delete', 'patch', 'options'] as const) {
    cases.push({
      name: `http method-${method}`,
      caller: 'anonymous',
      refuse: true,
      send: (agent) => agent[method]('/graphql').set('content-type', 'application/json').send(q),
    });
  }
  const get = (name: string, search: string, preflight: boolean): HostileCase => ({
    name: `http get-${name}`,
    caller: 'anonymous',
    refuse: true,
    send: (agent) => {
      const r = agent.get(`/graphql${search}`);
      if (preflight) r.set('apollo-require-preflight', 'true');
      return r;
    },
  });
  cases.push(
    get('no-preflight', '?query=%7B__typename%7D', false),
    get('mutation', '?query=mutation%7Blogout%7D', true),
    get('bad-variables-json', '?query=%7B__typename%7D&variables=%7Bbad', true),
    get('repeated-query', '?query=%7B__typename%7D&query=%7B__typename%7D', true),
    get('empty', '', true),
    get('broken-percent', '?query=%E0%A4%A', true),
    get('accept-xml', '?query=%7B__typename%7D', true),
  );
  return cases;
}

const SESSION_PROBES: [string, (agent: Agent) => Test][] = [
  ['graphql-me', (a) => a.post('/graphql').send({ query: '{ me { __typename } }' })],
  [
    'uploads',
    (a) =>
      a
        .post('/uploads?kind=vacancy-image')
        .set('x-requested-with', 'fetch')
        .attach('file', Buffer.from('GIF89a'), 'a.gif'),
  ],
  ['files', (a) => a.get('/files/tests/1')],
];

/** Session cookies a client may forge or mangle, on every route that reads the session. */
export function cookieCases(): HostileCase[] {
  const cookies: [string, string][] = [
    ['broken-percent', 'bolsa_sesion=%E0%A4%A'],
    ['lone-percent', 'bolsa_sesion=%'],
    ['empty', 'bolsa_sesion='],
    ['garbage', 'bolsa_sesion=AAAA.BBBB.CCCC'],
    ['quoted', 'bolsa_sesion="abc"'],
    ['huge', `bolsa_sesion=${'a'.repeat(7_000)}`],
    ['twice', 'bolsa_sesion=a; bolsa_sesion=b'],
    ['nul', 'bolsa_sesion=a%00b'],
    ['no-equals', 'bolsa_sesion'],
    ['semicolons-only', ';;;;'],
    ['unicode', 'bolsa_sesion=ñandú'],
    ['json', 'bolsa_sesion={"id":1,"role":1}'],
  ];
  const out: HostileCase[] = [];
  for (const [label, cookie] of cookies)
    for (const [route, probe] of SESSION_PROBES)
      out.push({
        name: `cookie ${route} ${label}`,
        caller: 'anonymous',
        refuse: true,
        send: (a) => probe(a).set('cookie', cookie),
      });
  return out;
}

/** Headers a client controls. */
export function headerCases(): HostileCase[] {
  const headers: [string, Record<string, string>][] = [
    ['request-id-huge', { 'x-request-id': 'r'.repeat(5_000) }],
    ['request-id-crlf-like', { 'x-request-id': 'a b\tc<script>' }],
    ['origin-evil', { origin: 'https://evil.example' }],
    ['origin-null', { origin: 'null' }],
    ['sec-fetch-cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['forwarded-garbage', { 'x-forwarded-for': 'not-an-ip, %%%', 'x-forwarded-proto': 'gopher' }],
    ['accept-xml', { accept: 'application/xml' }],
    ['accept-html', { accept: 'text/html' }],
    ['accept-encoding-garbage', { 'accept-encoding': 'zstd;q=abc, *;q=-1' }],
    ['content-encoding-gzip-lie', { 'content-encoding': 'gzip' }],
    ['content-encoding-unknown', { 'content-encoding': 'klingon' }],
    ['preflight-garbage', { 'apollo-require-preflight': '\u00ff' }],
    ['operation-name-header', { 'x-apollo-operation-name': 'x'.repeat(2_000) }],
  ];
  return headers.map(([label, set]) => ({
    name: `header ${label}`,
    caller: 'anonymous',
    refuse: true,
    send: (a) =>
      a
        .post('/graphql')
        .set('content-type', 'application/json')
        .set(set)
        .send(JSON.stringify({ query: '{ health { ok } }' })),
  }));
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Multipart uploads: bad parts, names, sizes and kinds (sent with the admin's session). */
export function multipartCases(): HostileCase[] {
  const up = (name: string, build: (a: Agent) => Test, refuse = true): HostileCase => ({
    name: `multipart ${name}`,
    caller: 'admin',
    refuse,
    send: (a, cookie) => build(a).set('cookie', cookie),
  });
  const post = (a: Agent, kind = 'vacancy-image') => a.post(`/uploads?kind=${kind}`).set('x-requested-with', 'fetch');
  const raw = (a: Agent, contentType: string, body: string | Buffer) =>
    post(a).set('content-type', contentType).send(body);
  return [
    ...['__proto__', 'constructor', 'toString', 'valueOf', '', 'VACANCY-IMAGE', '%E0%A4%A', 'vacancy-image%00'].map(
      (k) => up(`kind-${k || 'empty'}`, (a) => post(a, k).attach('file', GIF, 'a.gif')),
    ),
    up('kind-array', (a) =>
      a
        .post('/uploads?kind=vacancy-image&kind=test-file')
        .set('x-requested-with', 'fetch')
        .attach('file', GIF, 'a.gif'),
    ),
    up('kind-object', (a) =>
      a.post('/uploads?kind[a]=b').set('x-requested-with', 'fetch').attach('file', GIF, 'a.gif'),
    ),
    up('no-file', (a) => post(a).field('nada', 'x')),
    up('empty-file', (a) => post(a).attach('file', Buffer.alloc(0), 'vacio.gif')),
    up('two-files', (a) => post(a).attach('file', GIF, 'a.gif').attach('file', GIF, 'b.gif')),
    up('too-big', (a) => post(a).attach('file', Buffer.concat([GIF, Buffer.alloc(5 * 1024 * 1024)]), 'grande.gif')),
    up('html-as-gif', (a) => post(a).attach('file', Buffer.from('<html><script>alert(1)</script></html>'), 'a.gif')),
    up('pdf-as-image', (a) => post(a).attach('file', Buffer.from('%PDF-1.4\n%%EOF'), 'a.png')),
    up('exe-as-test-file', (a) => post(a, 'test-file').attach('file', Buffer.from('MZ\x90\x00'), 'prueba.pdf')),
    up('name-traversal', (a) => post(a).attach('file', GIF, '../../../etc/passwd'), false),
    up('name-huge', (a) => post(a).attach('file', GIF, `${'n'.repeat(10_000)}.gif`), false),
    up('name-control', (a) => post(a).attach('file', GIF, 'a\u0007\u001b.gif'), false),
    up('many-fields', (a) => {
      const r = post(a);
      for (let i = 0; i < 50; i++) r.field(`f${i}`, 'x');
      return r.attach('file', GIF, 'a.gif');
    }),
    up('boundary-missing', (a) => raw(a, 'multipart/form-data', '--x\r\n\r\n--x--')),
    up('boundary-wrong', (a) =>
      raw(
        a,
        'multipart/form-data; boundary=y',
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.gif"\r\n\r\nGIF89a\r\n--x--',
      ),
    ),
    up('truncated', (a) =>
      raw(
        a,
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\nGIF89a',
      ),
    ),
    up('no-disposition', (a) => raw(a, 'multipart/form-data; boundary=x', '--x\r\n\r\nGIF89a\r\n--x--\r\n')),
    up('json-body', (a) => raw(a, 'application/json', '{"file":"R0lGOD"}')),
    up('text-body', (a) => raw(a, 'text/plain', 'hola')),
    up('garbage-body', (a) => raw(a, 'multipart/form-data; boundary=x', Buffer.from([0xff, 0x00, 0xfe, 0x0d, 0x0a]))),
    up('urlencoded', (a) => raw(a, 'application/x-www-form-urlencoded', 'file=abc')),
    up('no-csrf-header', (a) => a.post('/uploads?kind=vacancy-image').attach('file', GIF, 'a.gif')),
    up('get', (a) => a.get('/uploads')),
    up('put', (a) =>
      a.put('/uploads?kind=vacancy-image').set('x-requested-with', 'fetch').attach('file', GIF, 'a.gif'),
    ),
  ];
}

/** File and image routes with hostile paths. */
export function pathCases(): HostileCase[] {
  const paths = [
    '/files/tests/abc',
    '/files/tests/99999999999999999999999',
    '/files/tests/1%00',
    '/files/tests/..%2f..%2fetc%2fpasswd',
    '/files/tests/%E0%A4%A',
    '/files/tests/',
    '/files/../../etc/passwd',
    '/images/plazas/..%2f..%2fservice-token',
    '/images/%E0%A4%A',
    '/images/plazas/x.webp%00.png',
    '/images/' + 'a/'.repeat(500),
    '/%E0%A4%A.js',
    '/assets/%E0%A4%A.css',
    '/graphiql.html',
    '/healthz%00',
    '/readyz/..',
    '/__test/captcha?id=%E0%A4%A',
  ];
  return paths.map((p) => ({
    name: `path ${p.slice(0, 60)}`,
    caller: 'admin',
    refuse: true,
    send: (a, cookie) => a.get(p).set('cookie', cookie).set('accept', 'application/json'),
  }));
}
