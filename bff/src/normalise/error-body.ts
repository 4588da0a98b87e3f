import { fieldsOf, pick, text } from './fields.js';

/**
 * What the api says when it refuses a call (any status): its Spanish message, the dialog title,
 * a machine code and the field-by-field list. The spellings the api and the legacy backend use
 * (`message|mensaje|error`, `title|titulo`, `conflict|codigo`, `fields|errores` with
 * `path|campo` and `message|mensaje`) are read here only; upstream/failure.ts adds the status.
 */
export interface ErrorBody {
  message: string | null;
  title: string | null;
  code: string | null;
  fields?: { path: string; message: string }[];
}

function fieldList(raw: unknown): { fields?: { path: string; message: string }[] } {
  if (!Array.isArray(raw)) return {};
  const fields = raw
    .map((x) => fieldsOf(x))
    .map((x) => ({ path: text(pick(x, 'path', 'campo')) ?? '', message: text(pick(x, 'message', 'mensaje')) ?? '' }))
    .filter((x) => x.message);
  return fields.length ? { fields } : {};
}

export function normaliseErrorBody(body: unknown): ErrorBody {
  const f = fieldsOf(body);
  const message =
    typeof body === 'string' ? body.trim().slice(0, 300) || null : text(pick(f, 'message', 'mensaje', 'error'));
  return {
    // An HTML error page is no message to show anyone.
    message: message && !message.startsWith('<') ? message : null,
    title: text(pick(f, 'title', 'titulo')),
    code: text(pick(f, 'conflict', 'codigo')),
    ...fieldList(pick(f, 'fields', 'errores')),
  };
}
