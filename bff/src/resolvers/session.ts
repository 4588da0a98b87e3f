import { AUTH_MESSAGES, candidateLoginSchema, registrationSchema, type RoleId } from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers, ViewerResolvers } from '../generated/resolvers.js';
import { fieldsOf, id, pick, text, type Fields } from '../normalise/fields.js';
import { answerMessage, type Answer } from '../upstream/accounts.js';
import { resolveStaffRole } from '../normalise/role.js';
import { displayName } from '../auth/session.js';
import type { Context } from '../context.js';
import { gqlError, operationFailed, validationFailed } from '../errors.js';
import { loginApplicationRefusal } from './application.js';
import { ROLE_ENUM, ROLE_ID } from './roles.js';

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
const CAPTCHA_THROTTLED = 'Demasiadas solicitudes de código de verificación. Espera unos minutos e intenta de nuevo.';

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

/** Refuses a new challenge (image or proof of work) to an address that asked for too many lately. */
async function limitChallenges(ctx: Context): Promise<void> {
  const wait = await ctx.throttle.captchaWait(ctx.req.ip ?? '');
  if (wait) throw gqlError('THROTTLED', CAPTCHA_THROTTLED, { retryAfterSeconds: wait });
}

/** A captcha for this address, unless it has asked for too many lately. */
async function newCaptchaFor(ctx: Context): Promise<{ id: string; image: string }> {
  await limitChallenges(ctx);
  const c = await ctx.captcha.create();
  return { id: c.id, image: c.image };
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
  call: () => Promise<Answer>,
): Promise<{ user: unknown; uid: string; body: Fields } | { error: LoginErrorValue }> {
  const gate = await ctx.throttle.begin(kind, account, ctx.req.ip ?? '');
  if (gate.kind === 'throttled') return { error: throttledError(gate.retryAfterSeconds) };
  if (gate.captchaRequired && !(await ctx.captcha.verify(captcha.id, captcha.answer))) {
    return { error: await captchaRequired(ctx, !!captcha.id) };
  }
  const a = await call();
  const body = fieldsOf(a.body);
  const user = pick(body, 'user', 'usuario');
  const uid = id(pick(fieldsOf(user), 'id'));
  if (a.status === 200 && pick(body, 'success') === true && uid) {
    await ctx.throttle.succeeded(gate.ticket);
    return { user, uid, body };
  }
  if (a.status >= 500) throw new Error(`login: api ${a.status}`);
  await ctx.throttle.failed(gate.ticket);
  return a.status === 403
    ? { error: { __typename: 'AccountInactive', message: answerMessage(a) ?? 'Usuario inactivo.' } }
    : { error: { __typename: 'InvalidCredentials', message: answerMessage(a) ?? AUTH_MESSAGES.badCredentials } };
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
    const parsed = candidateLoginSchema.safeParse(args);
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
        attempt.uid,
        text(pick(fieldsOf(attempt.user), 'email')) ?? email,
      );
      if (refusal) return { viewer: null, linkedApplications: 0, error: refusal };
    }
    const viewer = await ctx.sessions.start(ctx.req, ctx.res, {
      kind: 'candidate',
      uid: attempt.uid,
      role: 4,
      real: 4,
      name: displayName(attempt.user),
      email: text(pick(fieldsOf(attempt.user), 'email')) ?? email,
    });
    if (!viewer) return failed(SESSION_FAILED);
    return { viewer, linkedApplications: Number(pick(attempt.body, 'vinculadas') ?? 0) || 0, error: null };
  },

  async staffLogin(_p, { username, password, forceRole, captchaId, captchaAnswer }, ctx) {
    if (!username.trim() || !password) return failed(validationFailed(AUTH_MESSAGES.recruiterRequired));
    const attempt = await attemptLogin(ctx, 'staff', username, { id: captchaId, answer: captchaAnswer }, () =>
      ctx.accounts.staffLogin(username.trim().toLowerCase(), password),
    );
    if ('error' in attempt) return failed(attempt.error);
    const real = resolveStaffRole(attempt.user, ctx.config.roleRules, 'login');
    const forced = forceRole ? ROLE_ID[forceRole] : null;
    // 'Forzar rol' previews the panel with fewer rights; it never grants more (4 is not staff).
    const role: RoleId = forced && forced >= real && forced <= 3 ? forced : real;
    const viewer = await ctx.sessions.start(ctx.req, ctx.res, {
      kind: 'staff',
      uid: attempt.uid,
      role,
      real,
      name: displayName(attempt.user),
      email: text(pick(fieldsOf(attempt.user), 'usuario_', 'usuario', 'email')) ?? username,
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
    const parsed = registrationSchema.safeParse({
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
    const a = await ctx.accounts.register({
      PrimerNombre: v.primerNombre,
      SegundoNombre: v.segundoNombre,
      PrimerApellido: v.primerApellido,
      SegundoApellido: v.segundoApellido,
      Email: v.email.toLowerCase(),
      Password: v.password,
      ComoSeEntero: v.comoSeEntero,
      Observaciones: v.observaciones,
      Dpi: v.dpi,
    });
    if (typeof a.body === 'string') {
      return { ok: false, email: null, error: operationFailed(`Error del servidor: ${a.body.slice(0, 200)}`, a) };
    }
    const f = fieldsOf(a.body);
    if (a.status >= 200 && a.status < 300 && pick(f, 'success') !== false)
      return { ok: true, email: v.email.toLowerCase(), error: null };
    const code = text(pick(f, 'conflict'));
    if (code && code in CONFLICTS) {
      return {
        ok: false,
        email: null,
        error: { __typename: 'RegistrationConflict', ...CONFLICTS[code as keyof typeof CONFLICTS] },
      };
    }
    const message = answerMessage(a) ?? `Error al crear la cuenta (${a.status})`;
    if (a.status === 409)
      return { ok: false, email: null, error: { __typename: 'RegistrationConflict', conflict: 'OTHER', message } };
    return { ok: false, email: null, error: operationFailed(message, a) };
  },

  async logout(_p, _a, ctx) {
    await ctx.sessions.end(ctx.req, ctx.res);
    return true;
  },

  touchSession: (_p, _a, ctx) => ctx.viewer,
};

export const Viewer: ViewerResolvers<Context> = {
  role: (v) => ROLE_ENUM[v.role],
  realRole: (v) => ROLE_ENUM[v.realRole],
  idleTimeoutSeconds: (_v, _a, ctx) => Math.round(ctx.config.sessionIdleMs / 1000),
  idleWarningSeconds: (_v, _a, ctx) => Math.round(ctx.config.sessionWarningMs / 1000),
  async candidate(v, _a, ctx) {
    if (v.kind !== 'CANDIDATE') return null;
    const state = await ctx.accounts.sessionState('candidate', v.id);
    const f = fieldsOf(state?.user);
    const first = text(pick(f, 'primer_nombre'));
    if (!first) return null;
    return {
      firstName: first,
      secondName: text(pick(f, 'segundo_nombre')),
      firstSurname: text(pick(f, 'primer_apellido')) ?? '',
      secondSurname: text(pick(f, 'segundo_apellido')),
      marriedSurname: text(pick(f, 'apellido_casada')),
      howHeard: text(pick(f, 'como_se_entero')),
      observations: text(pick(f, 'observaciones')),
      registeredAt: text(pick(f, 'fecha_registro')),
    };
  },
};
