import { AUTH_MESSAGES, candidateLoginSchema, registrationSchema, USER_MESSAGES } from '@bolsa/domain';
import { Router } from 'express';
import { failed, MESSAGES, notFound, parseId } from '../errors.js';
import { bodyOf, EMAIL_MAX, hasControl, text } from '../input.js';
import * as candidates from './service.js';
import type { RegistrationConflict } from './service.js';

const CONFLICT_MESSAGE: Record<RegistrationConflict, string> = {
  cuenta_existente: MESSAGES.accountExists,
  email_dpi_mismatch: AUTH_MESSAGES.emailDpiMismatch,
  dpi_titular: AUTH_MESSAGES.dpiTaken,
  dpi_email_mismatch: AUTH_MESSAGES.dpiTaken,
};

const SPANISH = new Set<string>(Object.values(AUTH_MESSAGES));

/**
 * The message of the first failing rule, as the registration form would show it: missing
 * required fields first. zod's own (English) type messages never reach the caller.
 */
function registrationMessage(issues: readonly { message: string; path: readonly PropertyKey[] }[]): string {
  if (issues.some((i) => i.message === AUTH_MESSAGES.registrationRequired)) return AUTH_MESSAGES.registrationRequired;
  const first = issues[0];
  if (first && SPANISH.has(first.message)) return first.message;
  if (first?.path[0] === 'comoSeEntero') return MESSAGES.howHeardInvalid;
  if (first?.path[0] === 'observaciones') return MESSAGES.observationsTooLong;
  return MESSAGES.badRequest;
}

/** POST /usuarios-candidatos/login and /register (spec 1 §7), and the BFF's session re-check. */
export function candidateRoutes(deps: candidates.AccountDeps): Router {
  const { db } = deps;
  const router = Router();

  router.post('/usuarios-candidatos/login', async (req, res) => {
    const body = bodyOf(req);
    const parsed = candidateLoginSchema().safeParse({ email: text(body.Email), password: text(body.Password) });
    if (!parsed.success) throw failed(400, AUTH_MESSAGES.loginRequired);
    const { email, password } = parsed.data;
    // An address the table cannot hold cannot have an account; it still costs a verify.
    const r = await candidates.login(db, hasControl(email) || email.length > EMAIL_MAX ? null : email, password);
    if (r.outcome === 'badCredentials') throw failed(401, AUTH_MESSAGES.badCredentials);
    if (r.outcome === 'inactive') throw failed(403, MESSAGES.candidateInactive);
    res.json({ success: true, message: MESSAGES.loginOk, user: r.user, vinculadas: r.vinculadas });
  });

  router.post('/usuarios-candidatos/register', async (req, res) => {
    const body = bodyOf(req);
    const fields = {
      primerNombre: text(body.PrimerNombre),
      segundoNombre: text(body.SegundoNombre),
      primerApellido: text(body.PrimerApellido),
      segundoApellido: text(body.SegundoApellido),
      email: text(body.Email),
      password: text(body.Password),
      comoSeEntero: text(body.ComoSeEntero),
      observaciones: text(body.Observaciones),
      dpi: text(body.Dpi),
    };
    if (hasControl(...Object.values(fields))) throw failed(400, MESSAGES.badRequest);
    // The api gets one e-mail and one password; the confirmations are the form's business.
    const parsed = registrationSchema().safeParse({
      ...fields,
      emailConfirmation: fields.email,
      passwordConfirmation: fields.password,
    });
    if (!parsed.success) throw failed(400, registrationMessage(parsed.error.issues));
    const v = parsed.data;
    const email = v.email.trim().toLowerCase();
    if (email.length > EMAIL_MAX) throw failed(400, AUTH_MESSAGES.emailInvalid);

    const result = await candidates.register(
      deps,
      {
        primerNombre: v.primerNombre,
        segundoNombre: v.segundoNombre,
        primerApellido: v.primerApellido,
        segundoApellido: v.segundoApellido,
        email,
        dpi: v.dpi,
        comoSeEntero: v.comoSeEntero,
        observaciones: v.observaciones,
      },
      v.password,
    );
    if (!result.ok) throw failed(409, CONFLICT_MESSAGE[result.conflict], result.conflict);
    res.status(201).json({ success: true, message: MESSAGES.accountCreated, id: result.id });
  });

  router.get('/internal/usuarios-candidatos/:id/sesion', async (req, res) => {
    const found = await candidates.findCandidateSession(db, parseId(req.params.id));
    if (!found) throw notFound(USER_MESSAGES.notFound);
    res.json(found);
  });

  return router;
}
