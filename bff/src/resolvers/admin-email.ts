import { adminEmailRule, searchKey } from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import { normaliseAdminEmail, type AdminEmailDto } from '../normalise/backoffice.js';
import type { Context } from '../context.js';
import { answerMessage, operationFailed, validationFailed } from './errors.js';

const notFound = { __typename: 'NotFound' as const, message: 'El correo no existe.' };

function check(ctx: Context, email: string, name: string, mode: 'create' | 'edit') {
  const rule = adminEmailRule(ctx.config.orgEmailDomain);
  const normalised = rule.normalise(email);
  const failures = [
    { path: 'email', message: rule.checkEmail(normalised, mode) },
    { path: 'name', message: rule.checkName(name) },
  ].filter((f): f is { path: string; message: string } => f.message !== null);
  return { normalised, error: failures.length ? validationFailed(failures[0]!.message, failures) : null };
}

const asRecord = (raw: unknown) => normaliseAdminEmail(raw);

export const adminEmailQueries: Pick<QueryResolvers<Context>, 'adminEmails'> = {
  async adminEmails(_p, { search, includeInactive }, ctx) {
    let list = (await ctx.backoffice.emails(!includeInactive))
      .map(normaliseAdminEmail)
      .filter((e): e is AdminEmailDto => e !== null);
    const key = searchKey(search);
    if (key) list = list.filter((e) => searchKey(`${e.email} ${e.name}`).includes(key));
    return list;
  },
};

export const adminEmailMutations: Pick<
  MutationResolvers<Context>,
  'createAdminEmail' | 'updateAdminEmail' | 'setAdminEmailActive' | 'deleteAdminEmail'
> = {
  async createAdminEmail(_p, { email, name }, ctx) {
    const { normalised, error } = check(ctx, email, name, 'create');
    if (error) return { adminEmail: null, error };
    const a = await ctx.backoffice.createEmail(normalised, name.trim());
    if (a.status === 409)
      return {
        adminEmail: null,
        error: { __typename: 'Conflict', message: answerMessage(a) ?? 'Ese correo ya está registrado.' },
      };
    const rec = a.status >= 200 && a.status < 300 ? asRecord(a.body) : null;
    return rec
      ? { adminEmail: rec, error: null }
      : { adminEmail: null, error: operationFailed(answerMessage(a) ?? 'No se pudo crear el correo.', a) };
  },
  async updateAdminEmail(_p, { id, email, name }, ctx) {
    const { normalised, error } = check(ctx, email, name, 'edit');
    if (error) return { adminEmail: null, error };
    const a = await ctx.backoffice.updateEmail(id, normalised, name.trim());
    if (a.status === 404) return { adminEmail: null, error: notFound };
    if (a.status === 409)
      return {
        adminEmail: null,
        error: { __typename: 'Conflict', message: answerMessage(a) ?? 'Ese correo ya está registrado.' },
      };
    const rec =
      a.status === 200 ? (asRecord(a.body) ?? { id, email: normalised, name: name.trim(), active: true }) : null;
    return rec
      ? { adminEmail: rec, error: null }
      : { adminEmail: null, error: operationFailed('No se pudo actualizar', a) };
  },
  async setAdminEmailActive(_p, { id, active }, ctx) {
    const a = await ctx.backoffice.setEmailActive(id, active);
    if (a.status === 404) return { adminEmail: null, error: notFound };
    const rec = a.status === 200 ? asRecord(a.body) : null;
    return rec
      ? { adminEmail: rec, error: null }
      : { adminEmail: null, error: operationFailed('No se pudo cambiar el estado', a) };
  },
  async deleteAdminEmail(_p, { id }, ctx) {
    const a = await ctx.backoffice.deleteEmail(id);
    if (a.status === 404) return { ok: false, error: notFound };
    return a.status === 200
      ? { ok: true, error: null }
      : { ok: false, error: operationFailed('No se pudo eliminar', a) };
  },
};
