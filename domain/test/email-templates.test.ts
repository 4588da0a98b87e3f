import { describe, expect, it } from 'vitest';
import {
  CANDIDATE_STATES,
  EMAIL_TEMPLATE_LIMITS,
  EMAIL_TEMPLATE_MESSAGES,
  EMAIL_TEMPLATES,
  emailTemplateDefinition,
  emailTemplateInputError,
  stateTemplateKey,
} from '../src/index.js';

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
  });
});
