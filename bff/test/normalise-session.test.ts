import { describe, expect, it } from 'vitest';
import {
  counterDeleted,
  normaliseCounter,
  normaliseRevocations,
  normaliseSessionAccount,
  normaliseUsedSession,
  tokenSpentNow,
  tokenWasSpent,
} from '../src/normalise/session.js';

/** The api's internal session answers (/internal/sesiones, /internal/contadores, /internal/tokens-usados). */
describe('normalise/session', () => {
  const cuenta = { activo: true, idRol: '2', nombre: ' Ana ', email: 'ana@org.gt', sello: 'abc' };

  it('reads a used session with its account; the end instant parsed, NaN without one', () => {
    const s = normaliseUsedSession({
      tipo: 'staff',
      usuarioId: 7,
      rol: '2',
      cuenta,
      expiraEn: '2026-11-27T18:00:00.000Z',
    });
    expect(s).toEqual({
      kind: 'staff',
      userId: '7',
      role: 2,
      account: { active: true, roleId: 2, name: 'Ana', email: 'ana@org.gt', stamp: 'abc' },
      endsAt: Date.parse('2026-11-27T18:00:00.000Z'),
    });
    const legacy = normaliseUsedSession({ Tipo: 'candidate', USUARIO_ID: '9', Rol: 4, Cuenta: { Activo: 'true' } });
    expect(legacy).toMatchObject({ kind: 'candidate', userId: '9', role: 4 });
    expect(legacy!.account).toEqual({ active: false, roleId: NaN, name: '', email: '', stamp: '' });
    expect(legacy!.endsAt).toBeNaN();
  });
  it('an unknown session kind is no session', () => {
    expect(normaliseUsedSession({ tipo: 'admin', usuarioId: 1 })).toBeNull();
    expect(normaliseUsedSession(null)).toBeNull();
  });
  it('reads an account alone: only activo === true is active', () => {
    expect(normaliseSessionAccount({ ...cuenta, activo: 1 }).active).toBe(false);
    expect(normaliseSessionAccount({ ACTIVO: true, IDROL: 1 })).toMatchObject({ active: true, roleId: 1 });
  });
  it('reads counters: no restanteMs means the count never resets', () => {
    expect(normaliseCounter({ puntos: '3', restanteMs: 1500 })).toEqual({ points: 3, remainingMs: 1500 });
    expect(normaliseCounter({ Puntos: 1 })).toEqual({ points: 1, remainingMs: null });
  });
  it('reads revocations; null when the list is missing', () => {
    expect(
      normaliseRevocations({
        revocadas: [
          { seq: 12, clave: 'sesion:ab' },
          { Seq: '13', Clave: 'cuenta:staff:1' },
        ],
      }),
    ).toEqual([
      { seq: '12', key: 'sesion:ab' },
      { seq: '13', key: 'cuenta:staff:1' },
    ]);
    expect(normaliseRevocations({ revocadas: [] })).toEqual([]);
    expect(normaliseRevocations({ items: [] })).toBeNull();
  });
  it('reads the yes/no answers only as an outright true', () => {
    expect([counterDeleted({ eliminado: true }), counterDeleted({ eliminado: 'true' }), counterDeleted(null)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([tokenSpentNow({ Nuevo: true }), tokenSpentNow({ nuevo: false })]).toEqual([true, false]);
    expect([tokenWasSpent({ USADO: true }), tokenWasSpent({})]).toEqual([true, false]);
  });
});
