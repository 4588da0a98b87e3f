import { defaultFieldResolver, type GraphQLSchema } from 'graphql';
import { MapperKind, getDirective, mapSchema } from '@graphql-tools/utils';
import type { RoleId } from '@bolsa/domain';
import { gqlError } from '../errors.js';
import type { Context } from '../context.js';

/** Fields of Query and Mutation that carry neither @public nor @auth: must be empty. */
export function unmarkedRootFields(schema: GraphQLSchema): string[] {
  const out: string[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      const isPublic = getDirective(schema, field, 'public')?.length;
      const auth = getDirective(schema, field, 'auth')?.length;
      if (!isPublic && !auth) out.push(`${type.name}.${field.name}`);
    }
  }
  return out;
}

/**
 * Enforces @auth(roles) on every field that carries it. A root field with neither directive is a
 * startup error: authorisation is declared, never forgotten.
 */
export function applyAuthDirective(schema: GraphQLSchema): GraphQLSchema {
  const unmarked = unmarkedRootFields(schema);
  if (unmarked.length) throw new Error(`Campos sin @public ni @auth: ${unmarked.join(', ')}`);
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field) => {
      // The directive's Role values read as the domain's role ids (the Role enum resolvers).
      const auth = getDirective(schema, field, 'auth')?.[0] as { roles: RoleId[] } | undefined;
      if (!auth) return field;
      const allowed = new Set(auth.roles);
      const resolve = field.resolve ?? defaultFieldResolver;
      return {
        ...field,
        resolve(source, args, ctx: Context, info) {
          if (!ctx.viewer) throw gqlError('UNAUTHENTICATED');
          if (!allowed.has(ctx.viewer.role)) throw gqlError('FORBIDDEN');
          return resolve(source, args, ctx, info);
        },
      };
    },
  });
}
