import type { GraphQLSchema } from 'graphql';
import { MapperKind, getDirective, mapSchema } from '@graphql-tools/utils';
import { ROLE_ENUM_OF_ID, roleLabelOf, type RoleId } from '@bolsa/domain';

/** Starts the paragraph that says who may call a root field (GraphiQL's docs explorer shows it). */
export const ACCESS_HEADING = 'Who may call it:';

/**
 * Appends to each Query and Mutation field's description who may call it, read from its @auth or
 * @public: introspection (and so GraphiQL's docs explorer) does not show directives, and a sentence
 * typed by hand next to each @auth would drift from it.
 */
export function describeAccess(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.ROOT_FIELD]: (field) => {
      const auth = getDirective(schema, field, 'auth')?.[0] as { roles: RoleId[] } | undefined;
      const isPublic = !!getDirective(schema, field, 'public')?.length;
      const access = auth ? restricted(auth.roles) : isPublic ? `${ACCESS_HEADING} anyone, signed in or not.` : null;
      if (!access) return field;
      return { ...field, description: field.description ? `${field.description.trim()}\n\n${access}` : access };
    },
  });
}

/** `roles` are the directive's Role values as the schema reads them: the domain's role ids (enum resolvers). */
function restricted(ids: RoleId[]): string {
  const roles = ids.map((id) => ROLE_ENUM_OF_ID[id]);
  const named = ids.map((id) => `${roleLabelOf(id)} (${ROLE_ENUM_OF_ID[id]})`);
  // API tokens carry a staff role (1–3), never the candidate's.
  const who = roles.every((r) => r === 'CANDIDATE')
    ? "a candidate's own session"
    : roles.includes('CANDIDATE')
      ? 'sessions with one of these roles, and API tokens with a staff one'
      : 'staff sessions and API tokens with one of these roles';
  return (
    `${ACCESS_HEADING} ${named.join(', ')}: ${who}. Otherwise the error is UNAUTHENTICATED ` +
    '(no session or token) or FORBIDDEN (another role).'
  );
}
