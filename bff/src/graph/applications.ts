import { APPLICATION_MESSAGES, isEntityId } from '@bolsa/domain';
import type { Context } from '../context.js';

/**
 * Login with a vacancy id (spec 1 §4, §8): refused when this candidate already applied to the
 * vacancy or their e-mail is in use for it; 'Error al validar' when the check cannot run.
 */
export async function loginApplicationRefusal(ctx: Context, vacancyId: string, userId: string, accountEmail: string) {
  const email = accountEmail.trim().toLowerCase();
  const checkFailed = {
    __typename: 'ApplicationCheckFailed' as const,
    title: APPLICATION_MESSAGES.checkFailedTitle,
    message: APPLICATION_MESSAGES.checkFailed,
  };
  if (!isEntityId(vacancyId)) return checkFailed;
  let r;
  try {
    r = await ctx.applications.check({ vacancyId, dpi: '', email, userId });
  } catch {
    return checkFailed;
  }
  if (r.ok || !r.conflict) return null;
  return {
    __typename: 'DuplicateApplication' as const,
    conflict: r.conflict,
    message:
      r.conflict === 'USUARIO' || r.conflict === 'YA_APLICO'
        ? APPLICATION_MESSAGES.alreadyAppliedUser
        : APPLICATION_MESSAGES.emailInUseForVacancy,
  };
}
