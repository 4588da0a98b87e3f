import type { ApolloServerPlugin } from '@apollo/server';
import {
  getVariableValues,
  GraphQLError,
  Kind,
  type ASTNode,
  type FieldNode,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import type { ServerContext } from './resolver-context.js';

/**
 * Production without introspection (INTROSPECTION=false), by the book of GraphQL over HTTP
 * (docs/decisions/2026-11-27-graphql-over-http-in-production.md). Apollo's own switch refuses
 * `__schema` and `__type` alike in validation; graphql-http's audit asks `__type(name: …)` in two
 * of its MUSTs (utf-8 bodies, a variables map) and wants an answer without errors. Here instead:
 *
 * - `__schema` is refused anywhere in the document, as before (same error, Spanish message);
 * - `__type` is allowed only as a root field of a query made of nothing but `__type` and
 *   `__typename` (no directives), and every such `__type` answers `null`: "no such type", for
 *   every name. Nothing of the schema is said, not even whether a type exists; graphql-js is never
 *   asked (its `__type` resolver would describe the real type), the answer is built here.
 */

/** Apollo's wording and code for the refusal, so it reads and is translated as before. */
const refusal = (node: ASTNode) =>
  new GraphQLError(
    'GraphQL introspection is not allowed by Apollo Server, but the query contained __schema or __type. To enable introspection, pass introspection: true to ApolloServer in production',
    { nodes: [node], extensions: { validationErrorCode: 'INTROSPECTION_DISABLED' } },
  );

/** The root fields of an operation answered here, or null when it is anything else. */
function typeProbe(op: OperationDefinitionNode): FieldNode[] | null {
  if (op.operation !== 'query') return null;
  const fields: FieldNode[] = [];
  for (const s of op.selectionSet.selections) {
    if (s.kind !== Kind.FIELD || s.directives?.length) return null;
    if (s.name.value !== '__type' && s.name.value !== '__typename') return null;
    fields.push(s);
  }
  return fields.some((f) => f.name.value === '__type') ? fields : null;
}

/** Takes the place of Apollo's introspection rule when INTROSPECTION=false. */
export const noSchemaButNullTypes: ValidationRule = (context) => ({
  Field(node, _key, _parent, _path, ancestors) {
    if (node.name.value === '__schema') return context.reportError(refusal(node));
    if (node.name.value !== '__type') return;
    // A root field: the selection set right above it belongs to an operation.
    const op = ancestors.at(-2) as ASTNode | undefined;
    const allowed = op?.kind === Kind.OPERATION_DEFINITION && ancestors.at(-1) === op.selectionSet && typeProbe(op);
    if (!allowed) context.reportError(refusal(node));
  },
});

/** Answers the operations noSchemaButNullTypes let through: `__type` null, `__typename` the query type's name. */
export const nullTypes: ApolloServerPlugin<ServerContext> = {
  async requestDidStart() {
    return {
      async responseForOperation({ operation, schema, request, response }) {
        const fields = operation ? typeProbe(operation) : null;
        if (!fields) return null;
        // Variables are checked as execution would; when they are wrong, execution says so (and
        // stops before any field).
        const coerced = getVariableValues(schema, operation!.variableDefinitions ?? [], request.variables ?? {});
        if (coerced.errors) return null;
        const data: Record<string, unknown> = {};
        for (const f of fields)
          data[f.alias?.value ?? f.name.value] = f.name.value === '__type' ? null : schema.getQueryType()!.name;
        return { http: response.http, body: { kind: 'single', singleResult: { data } } };
      },
    };
  },
};
