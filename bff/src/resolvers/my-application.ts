import type { MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { parsePlace } from '../normalise/vacancy.js';
import { ownUserId } from '../graph/viewer.js';

/** lugar as the board writes it: 'Municipio, Departamento' for an INE pair, free text as written. */
async function placeText(ctx: Context, raw: string | null): Promise<string | null> {
  const p = parsePlace(raw);
  if (!p) return null;
  if (p.kind === 'text') return p.text;
  const m = await ctx.catalogue.municipality(p.municipalityId).catch(() => null);
  return m ? [m.name, m.departmentName].filter(Boolean).join(', ') : raw;
}

export const myApplicationQueries: Pick<QueryResolvers<Context>, 'myApplications'> = {
  async myApplications(_p, _a, ctx) {
    const list = await ctx.profiles.applications(ownUserId(ctx));
    return Promise.all(
      list.map(async (a) => ({
        ...a,
        place: await placeText(ctx, a.place),
      })),
    );
  },
};

export const myApplicationMutations: Pick<MutationResolvers<Context>, 'markMyApplicationsSeen'> = {
  markMyApplicationsSeen: (_p, _a, ctx) => ctx.profiles.markSeen(ownUserId(ctx)),
};
