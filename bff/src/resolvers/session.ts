import { AUTH_MESSAGES, isStaffRole, candidateLoginSchema, registrationSchema, type RoleId } from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers, ViewerResolvers } from '../generated/resolvers.js';
import { candidateAccount, type LoginBody } from '../normalise/account.js';
import type { LoginOutcome } from '../upstream/accounts.js';
import { resolveStaffRole } from '../normalise/role.js';
import type { Context } from '../context.js';
import { operationFailed, validationFailed } from '../errors.js';
import { loginApplicationRefusal } from '../graph/applications.js';
import { limitChallenges, newCaptchaFor } from '../graph/captcha.js';

const CONFLICTS = {
  email_dpi_mismatch: { conflict: 'EMAIL_DPI_MISMATCH', message: AUTH_MESSAGES.emailDpiMismatch },
  dpi_titular: { conflict: 'DPI_TITULAR', message: AUTH_MESSAGES.dpiTaken },
  dpi_email_mismatch: { conflict: 'DPI_EMAIL_MISMATCH', message: AUTH_MESSAGES.dpiTaken },
} as const;

const throttledError = (wait: number) => ({
  __typename: 'Throttled' as const,
  message: AUTH_MESSAGES.throttled,
  retryAfterSeconds: wait,
});

/** Shown when an account has failed often enough that the next try needs a captcha. */
export const CAPTCHA_REQUIRED = 'Por seguridad, escribe el código de verificación para continuar.';
const failed = (error: LoginErrorValue) => ({ viewer: null, linkedApplications: 0, error });

type LoginErrorValue =
  | ReturnType<typeof validationFailed>
  | ReturnType<typeof throttledError>
  | { __typename: 'InvalidCredentials' | 'AccountInactive'; message: string }
  | { __typename: 'CaptchaRequired'; message: string; captcha: { id: string; image: string } };

async function captchaRequired(ctx: Context, given: boolean): Promise<LoginErrorValue> {
  const c = await newCaptchaFor(ctx);
  return { __typename: 'CaptchaRequired', message: given ? AUTH_MESSAGES.captchaWrong : CAPTCHA_REQUIRED, captcha: c };
}

/**
 * One login attempt against the api, for candidates and staff alike. The attempt is counted
 * (atomically, on every replica) before the password is checked; a pair that failed too often
 * waits, an account that failed too often from anywhere needs a captcha; success clears both.
 */
async function attemptLogin(
  ctx: Context,
  kind: 'staff' | 'candidate',
  account: string,
  captcha: { id?: string | null; answer?: string | null },
  call: () => Promise<LoginOutcome>,
): Promise<{ account: LoginBody & { userId: string } } | { error: LoginErrorValue }> {
  const gate = await ctx.throttle.begin(kind, account, ctx.clientAddress);
  if (gate.kind === 'throttled') return { error: throttledError(gate.retryAfterSeconds) };
  if (gate.captchaRequired && !(await ctx.captcha.verify(captcha.id, captcha.answer))) {
    return { error: await captchaRequired(ctx, !!captcha.id) };
  }
  const outcome = await call();
  if (outcome.ok) {
    await ctx.throttle.succeeded(gate.ticket);
    return { account: outcome.account };
  }
  await ctx.throttle.failed(gate.ticket);
  return outcome.reason === 'INACTIVE'
    ? { error: { __typename: 'AccountInactive', message: outcome.message ?? 'Usuario inactivo.' } }
    : { error: { __typename: 'InvalidCredentials', message: outcome.message ?? AUTH_MESSAGES.badCredentials } };
}

const SESSION_FAILED = { __typename: 'AccountInactive' as const, message: 'Usuario inactivo.' };

export const sessionQueries: Pick<QueryResolvers<Context>, 'me' | 'settings'> = {
  me: (_p, _a, ctx) => ctx.viewer,
  settings: (_p, _a, ctx) => ({
    orgEmailDomain: ctx.config.orgEmailDomain,
    idleTimeoutSeconds: Math.round(ctx.config.sessionIdleMs / 1000),
    idleWarningSeconds: Math.round(ctx.config.sessionWarningMs / 1000),
    version: 'v1.0.3',
  }),
};

export const sessionMutations: Pick<
  MutationResolvers<Context>,
  'newCaptcha' | 'newProofOfWork' | 'candidateLogin' | 'staffLogin' | 'registerCandidate' | 'logout' | 'touchSession'
> = {
  newCaptcha: (_p, _a, ctx) => newCaptchaFor(ctx),
  async newProofOfWork(_p, _a, ctx) {
    await limitChallenges(ctx);
    return { challenge: JSON.stringify(await ctx.proofOfWork.create()) };
  },

  async candidateLogin(_p, args, ctx) {
    const parsed = candidateLoginSchema().safeParse(args);
    if (!parsed.success) return failed(validationFailed(AUTH_MESSAGES.loginRequired));
    const { email, password } = parsed.data;
    const attempt = await attemptLogin(
      ctx,
      'candidate',
      email,
      { id: args.captchaId, answer: args.captchaAnswer },
      () => ctx.accounts.candidateLogin(email, password),
    );
    if ('error' in attempt) return failed(attempt.error);
    // Logging in to apply: the duplicate check of spec 1 §4/§8 runs before the session exists.
    if (args.vacancyId) {
      const refusal = await loginApplicationRefusal(
        ctx,
        args.vacancyId,
        attempt.account.userId,
        attempt.account.email ?? email,
      );
      if (refusal) return { viewer: null, linkedApplications: 0, error: refusal };
    }
    const viewer = await ctx.session.start({
      kind: 'candidate',
      uid: attempt.account.userId,
      role: 4,
      real: 4,
      name: attempt.account.name,
      email: attempt.account.email ?? email,
    });
    if (!viewer) return failed(SESSION_FAILED);
    return { viewer, linkedApplications: attempt.account.linkedApplications, error: null };
  },

  async staffLogin(_p, { username, password, forceRole, captchaId, captchaAnswer }, ctx) {
    if (!username.trim() || !password) return failed(validationFailed(AUTH_MESSAGES.recruiterRequired));
    const attempt = await attemptLogin(ctx, 'staff', username, { id: captchaId, answer: captchaAnswer }, () =>
      ctx.accounts.staffLogin(username.trim().toLowerCase(), password),
    );
    if ('error' in attempt) return failed(attempt.error);
    const real = resolveStaffRole(attempt.account.user, ctx.config.roleRules, 'login');
    const forced = forceRole ?? null;
    // 'Forzar rol' previews the panel with fewer rights; it never grants more (4 is not staff).
    const role: RoleId = forced && forced >= real && isStaffRole(forced) ? forced : real;
    const viewer = await ctx.session.start({
      kind: 'staff',
      uid: attempt.account.userId,
      role,
      real,
      name: attempt.account.name,
      email: attempt.account.username ?? username,
    });
    if (!viewer) return failed(SESSION_FAILED);
    return { viewer, linkedApplications: 0, error: null };
  },

  async registerCandidate(_p, { input }, ctx) {
    // Either the image's answer or, for a candidate who cannot see it, a solved proof of work.
    const passed = input.captchaProof
      ? await ctx.proofOfWork.verify(input.captchaProof)
      : await ctx.captcha.verify(input.captchaId, input.captchaAnswer);
    if (!passed) {
      return { ok: false, email: null, error: { __typename: 'CaptchaFailed', message: AUTH_MESSAGES.captchaWrong } };
    }
    const parsed = registrationSchema().safeParse({
      ...input,
      segundoNombre: input.segundoNombre ?? '',
      segundoApellido: input.segundoApellido ?? '',
      comoSeEntero: input.comoSeEntero ?? '',
      observaciones: input.observaciones ?? '',
      dpi: input.dpi.replace(/\D/g, ''),
    });
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return { ok: false, email: null, error: validationFailed(fields[0]!.message, fields) };
    }
    const v = parsed.data;
    const r = await ctx.accounts.register(v);
    if (r.ok) return { ok: true, email: v.email.toLowerCase(), error: null };
    if (r.reason === 'CONFLICT') {
      const known = r.conflict && r.conflict in CONFLICTS ? CONFLICTS[r.conflict as keyof typeof CONFLICTS] : null;
      const error = known ?? { conflict: 'OTHER' as const, message: r.message };
      return { ok: false, email: null, error: { __typename: 'RegistrationConflict', ...error } };
    }
    return { ok: false, email: null, error: operationFailed(r.message, r.failure) };
  },

  async logout(_p, _a, ctx) {
    // A staff member's log-out goes in the audit log. The log-out happens whatever the api answers:
    // keeping someone logged in because the log could not be written would be the worse failure
    // (the upstream metrics count the failed call).
    if (ctx.viewer?.kind === 'STAFF') await ctx.auditLog.loggedOut().catch(() => undefined);
    await ctx.session.end();
    return true;
  },

  touchSession: (_p, _a, ctx) => ctx.viewer,
};

export const Viewer: ViewerResolvers<Context> = {
  role: (v) => v.role,
  realRole: (v) => v.realRole,
  idleTimeoutSeconds: (_v, _a, ctx) => Math.round(ctx.config.sessionIdleMs / 1000),
  idleWarningSeconds: (_v, _a, ctx) => Math.round(ctx.config.sessionWarningMs / 1000),
  async candidate(v, _a, ctx) {
    if (v.kind !== 'CANDIDATE') return null;
    const state = await ctx.accounts.sessionState('candidate', v.id);
    return candidateAccount(state?.user);
  },
};
