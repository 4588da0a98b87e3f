import { describe, expect, it } from 'vitest';
import {
  CANDIDATE_STATES,
  EMAIL_TEMPLATE_LIMITS,
  EMAIL_TEMPLATE_MESSAGES,
  EMAIL_TEMPLATES,
  emailTemplateDefinition,
  emailTemplateFieldErrors,
  emailTemplateInputError,
  missingRequiredPlaceholder,
  stateTemplateKey,
} from '../src/index.js';

const requiredOf = (key: string) =>
  emailTemplateDefinition(key)!
    .placeholders.filter((p) => p.required)
    .map((p) => p.name);

describe('e-mail templates (issue 24)', () => {
  it('one template per e-mail the product sends, keys unique', () => {
    const keys = EMAIL_TEMPLATES.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([
      'postulacion-recibida',
      ...CANDIDATE_STATES.map(stateTemplateKey),
      'pruebas-enviadas',
      'documentos-solicitados',
      'entrevista',
      'entrevista-reprogramada',
      'entrevista-participante',
      'entrevista-participante-reprogramada',
      'entrevista-participante-retirada',
      'retencion-aviso',
      'evaluacion-entrevista-recordatorio',
    ]);
    expect(emailTemplateDefinition('no-existe')).toBeNull();
  });

  it('every placeholder a default uses is declared, with a description; defaults fit the limits', () => {
    for (const t of EMAIL_TEMPLATES) {
      const declared = new Set(t.placeholders.map((p) => p.name));
      const used = [...`${t.subject}\n${t.body}`.matchAll(/\{\{\s*(\w+)|\{%\s*(?:if|unless|elsif)\s+(\w+)/g)].map(
        (m) => m[1] ?? m[2],
      );
      for (const name of used) expect(declared, `${t.key}: ${name}`).toContain(name);
      for (const p of t.placeholders) expect(p.description.length, `${t.key}.${p.name}`).toBeGreaterThan(3);
      expect(emailTemplateInputError(t.subject, t.body)).toBeNull();
    }
  });

  it('says what is wrong in Spanish', () => {
    expect(EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder('x')).toBe('El marcador {{x}} no existe en esta plantilla.');
    expect(emailTemplateInputError(' ', 'b')).toBe(EMAIL_TEMPLATE_MESSAGES.subjectRequired);
    expect(emailTemplateInputError('a\nb', 'b')).toBe(EMAIL_TEMPLATE_MESSAGES.subjectOneLine);
    expect(emailTemplateInputError('a', '')).toBe(EMAIL_TEMPLATE_MESSAGES.bodyRequired);
    expect(emailTemplateInputError('a'.repeat(EMAIL_TEMPLATE_LIMITS.subjectMax + 1), 'b')).toBe(
      EMAIL_TEMPLATE_MESSAGES.subjectTooLong,
    );
    expect(emailTemplateInputError('a', 'b'.repeat(EMAIL_TEMPLATE_LIMITS.bodyMax + 1))).toBe(
      EMAIL_TEMPLATE_MESSAGES.bodyTooLong,
    );
    // Field by field, both at once (the editor); the first is the one the api answers.
    expect(emailTemplateFieldErrors('', ' ')).toEqual({
      subject: EMAIL_TEMPLATE_MESSAGES.subjectRequired,
      body: EMAIL_TEMPLATE_MESSAGES.bodyRequired,
    });
    expect(emailTemplateInputError('', ' ')).toBe(EMAIL_TEMPLATE_MESSAGES.subjectRequired);
    expect(emailTemplateFieldErrors('a', 'b')).toEqual({});
  });

  it('marks the placeholders each e-mail cannot do without', () => {
    expect(requiredOf('postulacion-recibida')).toEqual(['cuenta']);
    for (const state of CANDIDATE_STATES)
      expect(requiredOf(stateTemplateKey(state))).toEqual(
        state === 'contratado' ? ['lugar', 'fecha', 'hora', 'seguimiento'] : ['seguimiento'],
      );
    expect(requiredOf('pruebas-enviadas')).toEqual(['pruebas', 'seguimiento']);
    expect(requiredOf('documentos-solicitados')).toEqual(['documentos', 'enlace']);
    for (const key of [
      'entrevista',
      'entrevista-reprogramada',
      'entrevista-participante',
      'entrevista-participante-reprogramada',
    ])
      expect(requiredOf(key)).toEqual(['fecha', 'hora', 'modalidad', 'enlace', 'lugar']);
    expect(requiredOf('entrevista-participante-retirada')).toEqual(['fecha']);
    expect(requiredOf('retencion-aviso')).toEqual(['fecha']);
    expect(requiredOf('evaluacion-entrevista-recordatorio')).toEqual(['enlace']);
    // Cosmetic ones never are.
    for (const t of EMAIL_TEMPLATES)
      for (const p of t.placeholders)
        if (['nombre', 'vacante', 'sede', 'observaciones'].includes(p.name)) expect(p.required, t.key).toBeUndefined();
  });

  it('every default has its required placeholders; every template has at least one', () => {
    for (const t of EMAIL_TEMPLATES) {
      expect(missingRequiredPlaceholder(t, t.subject, t.body), t.key).toBeNull();
      expect(
        t.placeholders.some((p) => p.required),
        t.key,
      ).toBe(true);
    }
  });

  it('a required placeholder missing from subject and body is named, the first in the template order', () => {
    const docs = emailTemplateDefinition('documentos-solicitados')!;
    expect(missingRequiredPlaceholder(docs, 'Documentos', 'Hola {{nombre}}, sube tus documentos {{documentos}}.')).toBe(
      EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('enlace'),
    );
    expect(missingRequiredPlaceholder(docs, 'Documentos', 'Hola {{nombre}}')).toBe(
      EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('documentos'),
    );
    expect(EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('enlace')).toMatch(/^Falta el marcador \{\{enlace\}\}/);
    const state = emailTemplateDefinition(stateTemplateKey('en seguimiento'))!;
    expect(missingRequiredPlaceholder(state, 'Hola', 'Hola {{nombre}}')).toBe(
      EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('seguimiento'),
    );
  });

  it('counts a placeholder with spaces, filters, trims, in the subject, or inside an if; not one only tested', () => {
    const docs = emailTemplateDefinition('documentos-solicitados')!;
    const ok = (subject: string, body: string) => missingRequiredPlaceholder(docs, subject, body);
    expect(ok('Documentos', '{{ documentos }}\n{{enlace | strip}}')).toBeNull();
    expect(ok('Documentos', '{{- documentos -}} {{ enlace | default: "x" | strip -}}')).toBeNull();
    expect(ok('Sube {{documentos}}', 'Aquí: {% if enlace %}{{ enlace }}{% endif %}')).toBeNull();
    expect(ok('Documentos', '{{documentos}} {% if enlace %}hay enlace{% endif %}')).toBe(
      EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('enlace'),
    );
    // A longer name that starts with it is another placeholder.
    expect(ok('Documentos', '{{documentos}} {{enlaces}}')).toBe(EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder('enlace'));
  });
});
