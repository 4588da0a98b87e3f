import { describe, expect, it } from 'vitest';
import { parseHire, parseRejectObservation } from './hire-input';
import { allowedStatesSentence } from './messages';

describe('hire dialog check (spec 3 §4.5)', () => {
  it('asks for all three fields at once', () => {
    const r = parseHire({ date: null, time: '', place: '  ' });
    expect(r).toMatchObject({ ok: false, message: 'Debes completar fecha, hora y lugar' });
    expect(r.ok ? [] : Object.keys(r.fields).sort()).toEqual(['date', 'place', 'time']);
  });

  it('names only the missing field', () => {
    const r = parseHire({ date: '2026-12-01', time: '08:30', place: '' });
    expect(r.ok ? [] : Object.keys(r.fields)).toEqual(['place']);
  });

  it('passes a complete hire on, trimmed', () => {
    expect(parseHire({ date: '2026-12-01', time: '08:30', place: ' Sede central ' })).toEqual({
      ok: true,
      value: { date: '2026-12-01', time: '08:30', place: 'Sede central' },
    });
  });
});

describe('reject observation', () => {
  it('is optional', () => {
    expect(parseRejectObservation('   ')).toEqual({ ok: true, value: null });
    expect(parseRejectObservation(' Perfil completo \n gracias ')).toMatchObject({ ok: true });
  });

  it('refuses one beyond the note limit', () => {
    expect(parseRejectObservation('x'.repeat(2001)).ok).toBe(false);
  });
});

describe("'Cambio no permitido' lists the allowed states", () => {
  it('in Spanish labels', () => {
    expect(allowedStatesSentence('FOLLOW_UP', ['PRE_TESTS', 'INTERVIEW', 'REJECTED'])).toBe(
      "Desde 'En seguimiento' solo se permite pasar a: Pre-pruebas, Entrevista, Rechazado.",
    );
    expect(allowedStatesSentence('HIRED', [])).toMatch(/no hay cambios de estado permitidos/);
  });
});
