import { readFileSync } from 'node:fs';
import { Kind, parse, type DefinitionNode, type FieldDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ACCESS_HEADING } from '../src/schema-docs.js';
import { buildSchema, SCHEMA_PATH } from '../src/server.js';

/**
 * schema.graphql is what an integrator reads in GraphiQL's docs explorer: every type and every
 * root field says what it is (in English, with the Spanish term the screens use), and every root
 * field says who may call it — generated from its @auth/@public, which introspection cannot show.
 */

const document = parse(readFileSync(SCHEMA_PATH, 'utf8'));
const described = (d: { description?: { value: string } | undefined }) => (d.description?.value.trim() ?? '') !== '';

const TYPE_KINDS = new Set<string>([
  Kind.OBJECT_TYPE_DEFINITION,
  Kind.INPUT_OBJECT_TYPE_DEFINITION,
  Kind.ENUM_TYPE_DEFINITION,
  Kind.UNION_TYPE_DEFINITION,
  Kind.INTERFACE_TYPE_DEFINITION,
  Kind.SCALAR_TYPE_DEFINITION,
]);
const ROOTS = new Set(['Query', 'Mutation', 'Subscription']);

/** 'Query.field' for every root field, in `type Query` and in every `extend type Query`. */
function rootFields(defs: readonly DefinitionNode[]): [string, FieldDefinitionNode][] {
  return defs.flatMap((d) =>
    (d.kind === Kind.OBJECT_TYPE_DEFINITION || d.kind === Kind.OBJECT_TYPE_EXTENSION) && ROOTS.has(d.name.value)
      ? (d.fields ?? []).map((f): [string, FieldDefinitionNode] => [`${d.name.value}.${f.name.value}`, f])
      : [],
  );
}

describe('schema.graphql descriptions', () => {
  it('describes every type: object, input, enum, union, interface and scalar', () => {
    const missing = document.definitions
      .filter((d) => TYPE_KINDS.has(d.kind) && !described(d as { description?: { value: string } }))
      .map((d) => `type ${(d as { name: { value: string } }).name.value}`);
    expect(missing).toEqual([]);
  });

  it('describes every Query and Mutation field, in every section', () => {
    const fields = rootFields(document.definitions);
    expect(fields.length).toBeGreaterThan(60);
    expect(fields.filter(([, f]) => !described(f)).map(([name]) => name)).toEqual([]);
  });

  it('gives the Spanish term of each entity the screens name (ARCHITECTURE, GraphQL conventions)', () => {
    const terms: Record<string, string> = {
      Vacancy: 'plaza',
      Branch: 'sede',
      Department: 'departamento',
      Municipality: 'municipio',
      Candidate: 'postulante',
      CandidateProfile: 'perfil',
      MyApplication: 'postulación',
      TestTemplate: 'prueba',
      AssignedTest: 'prueba asignada',
      Interview: 'entrevista',
      StaffUser: 'usuario',
      AdminEmail: 'correo administrativo',
      DocumentRequest: 'solicitud',
      CandidateState: 'estado',
      ApiToken: 'token',
    };
    const descriptionOf = (name: string) =>
      document.definitions
        .flatMap((d) => ('name' in d && d.name?.value === name && 'description' in d ? [d.description?.value] : []))
        .join(' ')
        .toLowerCase();
    const wrong = Object.entries(terms).filter(([type, term]) => !descriptionOf(type).includes(term));
    expect(wrong.map(([type, term]) => `${type}: '${term}'`)).toEqual([]);
  });

  it('tells, on every root field, who may call it — from its @auth or @public', () => {
    const schema = buildSchema();
    const problems: string[] = [];
    for (const [coordinate, node] of rootFields(document.definitions)) {
      const [typeName, fieldName] = coordinate.split('.') as [string, string];
      const description =
        schema.getType(typeName) &&
        (
          schema.getType(typeName) as never as {
            getFields(): Record<string, { description?: string | null }>;
          }
        ).getFields()[fieldName]?.description;
      const auth = node.directives?.find((d) => d.name.value === 'auth');
      const roles =
        auth?.arguments?.[0]?.value.kind === Kind.LIST
          ? auth.arguments[0].value.values.map((v) => (v.kind === Kind.ENUM ? v.value : '?'))
          : [];
      const access = description?.split(ACCESS_HEADING)[1] ?? '';
      const ok = auth ? roles.every((r) => access.includes(`(${r})`)) : /anyone/i.test(access);
      if (!ok) problems.push(`${coordinate}: ${JSON.stringify(access)}`);
    }
    expect(problems).toEqual([]);
  });
});
