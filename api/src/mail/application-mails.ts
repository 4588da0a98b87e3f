/** The candidate's application e-mails: the acknowledgement, and one per pipeline state (issue 11). */
import {
  BRANCH_MESSAGES,
  emailTemplateDefinition,
  formatDate,
  stateTemplateKey,
  toGuatemalaWallClock,
  type CandidateState,
  type EmailTemplateDefinition,
} from '@bolsa/domain';
import { escapeHtml, siteOf, followUp, type RenderedMail } from './layout.js';
import { defaultText, linkValue, renderTemplate, SafeHtml, type MailValues, type TemplateText } from './render.js';

/** A template domain defines (the keys below are domain's own). */
export function definitionOf(key: string): EmailTemplateDefinition {
  const def = emailTemplateDefinition(key);
  if (!def) throw new Error(`plantilla desconocida: ${key}`);
  return def;
}

/** Renders `key` with the stored text (or its default) into the outbox's message. */
export function renderMail(key: string, values: MailValues, template?: TemplateText | null): RenderedMail {
  const def = definitionOf(key);
  const t = template ?? defaultText(def);
  return { template: key, templateVersionId: t.versionId, values, ...renderTemplate(def, t, values) };
}

export const ACKNOWLEDGEMENT_MAIL = 'postulacion-recibida';

export interface ApplicationReceivedData {
  name: string;
  vacancy: string;
  branch: string | null;
  /** When the application was received: the instant (a Date or an ISO timestamp with its zone), or a Guatemala calendar date. */
  date: string | Date;
  /** A guest is invited to create an account; a registered candidate is pointed to their profile. */
  registered: boolean;
  /** The site's public address, for links ('https://empleos.ejemplo.org.gt'). */
  publicUrl: string;
}

/** Acknowledgement of an application (issue 9): vacancy, branch, date, what happens next. */
export function applicationReceived(d: ApplicationReceivedData, template?: TemplateText | null): RenderedMail {
  // An instant (a Date, or a timestamp with its zone) is printed as Guatemala's day (issue 20).
  const date = formatDate(d.date instanceof Date ? toGuatemalaWallClock(d.date).date : d.date);
  const site = siteOf(d.publicUrl);
  const account = d.registered
    ? new SafeHtml(
        `Puedes ver el estado de tu postulación en tu bandeja de perfil: ${site}/perfil`,
        `Puedes ver el estado de tu postulación en tu bandeja de perfil. <a href="${escapeHtml(site)}/perfil">Ver mis postulaciones</a>`,
      )
    : new SafeHtml(
        `Crea tu cuenta con este mismo correo y tu CUI/DPI en ${site}/ para seguir el estado de tu postulación: la vincularemos a tu perfil.`,
        `Crea tu cuenta con este mismo correo y tu CUI/DPI para seguir el estado de tu postulación: la vincularemos a tu perfil. <a href="${escapeHtml(site)}/">Crear mi cuenta</a>`,
      );
  return renderMail(
    ACKNOWLEDGEMENT_MAIL,
    {
      nombre: d.name,
      vacante: d.vacancy,
      sede: d.branch?.trim() || BRANCH_MESSAGES.notSpecified,
      fecha: date,
      cuenta: account,
    },
    template,
  );
}

// ─── The pipeline's e-mails (issue 11): one per state, the hire and the reject e-mails ───

/** The states of spec 3 §4.1, as stored (canonical). */
export type PipelineState = CandidateState;

export interface StateMailData {
  name: string;
  vacancy: string | null;
  branch: string | null;
  state: PipelineState;
  /** Observaciones adicionales (the reject dialog's observation, a note of the change). */
  observation?: string | null;
  /** The hire dialog's date (YYYY-MM-DD), time (HH:MM) and place. */
  hire?: { date: string; time: string; place: string } | null;
  /** The site's public address, for the link to the candidate's area. */
  publicUrl: string;
  /** The application belongs to an account (a guest cannot open /perfil). */
  registered: boolean;
}

/** The template name of a state's e-mail in the outbox (plantilla). */
export const stateTemplateName = (state: PipelineState): string => stateTemplateKey(state);

/** The follow-up paragraph (profile, or the invitation to an account) as a value; '' when none. */
export function followUpValue(
  publicUrl: string,
  registered: boolean,
  state: CandidateState | null,
): MailValues[string] {
  const follow = followUp(siteOf(publicUrl), registered, state);
  return follow ? new SafeHtml(follow.text, follow.html) : '';
}

/**
 * The notification of a state change (spec 3 §4.3) with the vacancy and branch; the hire e-mail
 * adds place, date and time, the reject e-mail (§4.5) the optional observations.
 */
export function stateChanged(d: StateMailData, template?: TemplateText | null): RenderedMail {
  const hire = d.state === 'contratado' && d.hire ? d.hire : null;
  const values: MailValues = {
    nombre: d.name,
    vacante: d.vacancy?.trim() || 'la plaza a la que te postulaste',
    sede: d.branch?.trim() || BRANCH_MESSAGES.notSpecified,
    observaciones: d.observation?.trim() || '',
    seguimiento: followUpValue(d.publicUrl, d.registered, d.state),
  };
  if (d.state === 'contratado') {
    values.lugar = hire?.place ?? '';
    values.fecha = hire ? formatDate(hire.date) : '';
    values.hora = hire?.time ?? '';
  }
  if (d.state === 'rechazado') values.enlace_vacantes = linkValue(`${siteOf(d.publicUrl)}/vacantes`);
  return renderMail(stateTemplateName(d.state), values, template);
}
