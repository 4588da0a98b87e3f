import type { Context } from '../context.js';
import { gqlError } from '../errors.js';

const CAPTCHA_THROTTLED = 'Demasiadas solicitudes de código de verificación. Espera unos minutos e intenta de nuevo.';

/** Refuses a new challenge (image or proof of work) to an address that asked for too many lately. */
export async function limitChallenges(ctx: Context): Promise<void> {
  const wait = await ctx.throttle.captchaWait(ctx.clientAddress);
  if (wait) throw gqlError('THROTTLED', CAPTCHA_THROTTLED, { retryAfterSeconds: wait });
}

/**
 * A captcha for this address, unless it has asked for too many lately: logins that failed often,
 * and the application form's duplicate check past its per-address limit (issue 22).
 */
export async function newCaptchaFor(ctx: Context): Promise<{ id: string; image: string }> {
  await limitChallenges(ctx);
  const c = await ctx.captcha.create();
  return { id: c.id, image: c.image };
}
