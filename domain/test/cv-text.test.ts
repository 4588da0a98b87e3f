import { describe, expect, it } from 'vitest';
import { cvSearchText } from '../src/index.js';

/** The definition: each character of the NFC text folded on its own, kept when its length would change. */
function reference(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const folded = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    out += folded.length === ch.length ? folded : ch;
  }
  return out;
}

describe('cvSearchText (the folded text of a CV, issue 23)', () => {
  it('folds accents and case one character for one character', { timeout: 10_000 }, () => {
    expect(cvSearchText('Enfermería en HEMODIÁLISIS, Cobán')).toBe('enfermeria en hemodialisis, coban');
    expect(cvSearchText('AÑO Ñandú')).toBe('ano nandu');
    // Decomposed input is composed first: 'e' + combining acute is one character, 'e'.
    expect(cvSearchText('Jose\u0301')).toBe('jose');
  });

  it('is the definition on every kind of text, and keeps the length of the NFC text', { timeout: 10_000 }, () => {
    const samples = [
      '',
      'plain ascii TEXT 123 !?',
      'İstanbul ß Straße ǅ ﬁ',
      'Ελληνικά ÅNGSTRÖM Øre',
      'emoji 👩‍⚕️ y 𝒜 fuera del plano básico',
      'tabs\tand\u00a0spaces — “comillas”',
      'á'.repeat(1000) + 'A'.repeat(1000),
    ];
    // Random text from a mix of ASCII, Latin-1, combining marks and astral characters.
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pools = [
      [0x20, 0x7e],
      [0xc0, 0x17f],
      [0x300, 0x36f],
      [0x370, 0x3ff],
      [0x1f300, 0x1f5ff],
    ] as const;
    for (let n = 0; n < 200; n++) {
      let s = '';
      for (let i = 0; i < 60; i++) {
        const [lo, hi] = pools[Math.floor(rnd() * pools.length)]!;
        s += String.fromCodePoint(lo + Math.floor(rnd() * (hi - lo + 1)));
      }
      samples.push(s);
    }
    for (const s of samples) {
      expect(cvSearchText(s)).toBe(reference(s));
      expect(cvSearchText(s)).toHaveLength(s.normalize('NFC').length);
    }
  });
});
