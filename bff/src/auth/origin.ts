import type { NextFunction, Request, Response } from 'express';

/**
 * Cross-site request protection for the cookie session, on top of Apollo's CSRF prevention
 * (which refuses simple requests such as form posts): a browser request whose Origin is
 * another site, or that the browser itself labels cross-site, is refused.
 */
export function sameOriginOnly(allowed: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const self = `${req.protocol}://${req.get('host')}`;
    const ok =
      (!origin || origin === self || allowed.includes(origin)) &&
      (site === undefined ||
        site === 'same-origin' ||
        site === 'none' ||
        (site === 'same-site' && !!origin && allowed.includes(origin)) ||
        (!!origin && allowed.includes(origin)));
    if (ok) return next();
    res.status(403).json({ errors: [{ message: 'Origen no permitido.', extensions: { code: 'FORBIDDEN' } }] });
  };
}
