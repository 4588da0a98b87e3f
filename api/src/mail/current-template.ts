/**
 * The text each e-mail is rendered with (issue 24): a template's current version, or its default
 * (domain) while never edited or reset. Read in the transaction of the change that sends the
 * e-mail, so a message and the version it names are stored together.
 */
import type { EmailTemplateDefinition } from '@bolsa/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { defaultText, type TemplateText } from './render.js';

type Conn = Kysely<Database> | Transaction<Database>;

/** A version as sent: its own text, or the running code's default when it is a default version. */
export function versionText(
  def: EmailTemplateDefinition,
  v: { id: number; asunto: string; cuerpo: string; predeterminada: boolean } | undefined,
): TemplateText {
  if (!v || v.predeterminada) return { ...defaultText(def), versionId: v?.id ?? null };
  return { subject: v.asunto, body: v.cuerpo, versionId: v.id };
}

export async function currentTemplateText(db: Conn, def: EmailTemplateDefinition): Promise<TemplateText> {
  const v = await db
    .selectFrom('plantillas_correo as p')
    .innerJoin('plantillas_correo_versiones as v', 'v.id', 'p.version_id')
    .select(['v.id', 'v.asunto', 'v.cuerpo', 'v.predeterminada'])
    .where('p.clave', '=', def.key)
    .executeTakeFirst();
  return versionText(def, v);
}
