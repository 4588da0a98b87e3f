import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * A guest applying without an account uploads files before sending the form; those upload ids
 * are bound to this browser by an anonymous, random, HttpOnly cookie, so another browser cannot
 * use them. It carries no personal data and no session.
 */
export const GUEST_COOKIE = 'bolsa_invitado';
const VALUE = /^[A-Za-z0-9_-]{32}$/;

function readGuestCookie(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    // Compared as sent: a value we wrote never needs decoding, anything else is not ours.
    if (i > 0 && part.slice(0, i).trim() === GUEST_COOKIE) {
      const v = part.slice(i + 1).trim();
      return VALUE.test(v) ? v : null;
    }
  }
  return null;
}

/** The upload owner of this browser as a guest; with `create`, a new binding is set when missing. */
export function guestOwner(req: Request, res: Response | null, create = false): string | null {
  let v = readGuestCookie(req);
  if (!v && create && res) {
    v = randomBytes(24).toString('base64url');
    res.cookie(GUEST_COOKIE, v, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
      maxAge: 24 * 3600_000,
    });
  }
  return v ? `invitado:${v}` : null;
}
