import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { open, seal } from './seal.js';
import type { SharedStore } from './store.js';

/** Letters and digits without look-alikes (no 0/O/Q, 1/I/L, 5/S, 2/Z, 8/B). */
export const CAPTCHA_ALPHABET = 'ACDEFGHJKMNPRTUVWXY34679';
export const CAPTCHA_LENGTH = 6;
export const CAPTCHA_TTL_MS = 5 * 60_000;

// Stroke glyphs on a 4×6 grid (x 0–4, y 0–6): each is a list of polylines. Drawn as paths so the
// image needs no system font and the answer never appears as text in the markup.
const GLYPHS: Record<string, number[][]> = {
  A: [
    [0, 6, 2, 0, 4, 6],
    [1, 4, 3, 4],
  ],
  C: [[4, 1, 3, 0, 1, 0, 0, 1, 0, 5, 1, 6, 3, 6, 4, 5]],
  D: [[0, 0, 0, 6, 3, 6, 4, 5, 4, 1, 3, 0, 0, 0]],
  E: [
    [4, 0, 0, 0, 0, 6, 4, 6],
    [0, 3, 3, 3],
  ],
  F: [
    [4, 0, 0, 0, 0, 6],
    [0, 3, 3, 3],
  ],
  G: [[4, 1, 3, 0, 1, 0, 0, 1, 0, 5, 1, 6, 3, 6, 4, 5, 4, 3, 2, 3]],
  H: [
    [0, 0, 0, 6],
    [4, 0, 4, 6],
    [0, 3, 4, 3],
  ],
  J: [[4, 0, 4, 5, 3, 6, 1, 6, 0, 5]],
  K: [
    [0, 0, 0, 6],
    [4, 0, 0, 3, 4, 6],
  ],
  M: [[0, 6, 0, 0, 2, 3, 4, 0, 4, 6]],
  N: [[0, 6, 0, 0, 4, 6, 4, 0]],
  P: [[0, 6, 0, 0, 3, 0, 4, 1, 4, 2, 3, 3, 0, 3]],
  R: [
    [0, 6, 0, 0, 3, 0, 4, 1, 4, 2, 3, 3, 0, 3],
    [2, 3, 4, 6],
  ],
  T: [
    [0, 0, 4, 0],
    [2, 0, 2, 6],
  ],
  U: [[0, 0, 0, 5, 1, 6, 3, 6, 4, 5, 4, 0]],
  V: [[0, 0, 2, 6, 4, 0]],
  W: [[0, 0, 1, 6, 2, 3, 3, 6, 4, 0]],
  X: [
    [0, 0, 4, 6],
    [4, 0, 0, 6],
  ],
  Y: [
    [0, 0, 2, 3, 4, 0],
    [2, 3, 2, 6],
  ],
  '3': [[0, 0, 4, 0, 2, 2, 3, 2, 4, 3, 4, 5, 3, 6, 1, 6, 0, 5]],
  '4': [[3, 6, 3, 0, 0, 4, 4, 4]],
  '6': [[4, 0, 2, 0, 0, 2, 0, 5, 1, 6, 3, 6, 4, 5, 4, 4, 3, 3, 0, 3]],
  '7': [[0, 0, 4, 0, 1, 6]],
  '9': [[4, 3, 1, 3, 0, 2, 0, 1, 1, 0, 3, 0, 4, 1, 4, 4, 2, 6, 0, 6]],
};

const rnd = (min: number, max: number) => min + Math.random() * (max - min);

export function randomCaptchaText(): string {
  let s = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) s += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return s;
}

/** A 200×70 SVG: jittered, rotated stroke glyphs over noise lines and dots. */
export function captchaSvg(text: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 7; i++) {
    const c = `hsl(${Math.floor(rnd(150, 260))},40%,${Math.floor(rnd(55, 75))}%)`;
    parts.push(
      `<path d="M${rnd(0, 40)},${rnd(5, 65)} C${rnd(40, 90)},${rnd(0, 70)} ${rnd(110, 160)},${rnd(0, 70)} ${rnd(160, 200)},${rnd(5, 65)}" stroke="${c}" stroke-width="${rnd(1, 2.2).toFixed(1)}" fill="none"/>`,
    );
  }
  for (let i = 0; i < 60; i++) {
    parts.push(
      `<circle cx="${rnd(0, 200).toFixed(1)}" cy="${rnd(0, 70).toFixed(1)}" r="${rnd(0.6, 1.6).toFixed(1)}" fill="hsl(${Math.floor(rnd(0, 360))},30%,55%)"/>`,
    );
  }
  [...text].forEach((ch, i) => {
    const glyph = GLYPHS[ch] ?? [];
    const scale = rnd(6.2, 7.4);
    const x = 14 + i * 30 + rnd(-3, 3);
    const y = 14 + rnd(-4, 6);
    const angle = rnd(-18, 18).toFixed(1);
    const d = glyph
      .map((pl) => pl.reduce((acc, v, j) => acc + (j % 2 === 0 ? `${j === 0 ? 'M' : ' L'}${v}` : `,${v}`), ''))
      .join(' ');
    const colour = `hsl(${Math.floor(rnd(190, 330))},55%,${Math.floor(rnd(22, 34))}%)`;
    parts.push(
      `<path transform="translate(${x.toFixed(1)},${y.toFixed(1)}) rotate(${angle} ${2 * scale} ${3 * scale}) scale(${scale.toFixed(2)})" d="${d}" stroke="${colour}" stroke-width="${(rnd(2.2, 3) / scale).toFixed(3)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="70" viewBox="0 0 200 70"><rect width="200" height="70" fill="#f4f7f6"/>${parts.join('')}</svg>`;
}

interface CaptchaClaim {
  a: string;
  exp: number;
  n: string;
}

/**
 * Captchas are stateless for the BFF: the answer travels sealed (encrypted and authenticated with
 * the captcha key) in the captcha id. Single use is kept in the shared store, so a captcha solved
 * on one replica cannot be replayed on another.
 */
export class CaptchaService {
  /** The id most recently issued; only read in test mode. */
  private latest: string | null = null;
  constructor(
    private readonly key: Buffer,
    private readonly store: SharedStore,
  ) {}

  async create(): Promise<{ id: string; image: string; text: string }> {
    const text = randomCaptchaText();
    const png = await sharp(Buffer.from(captchaSvg(text)))
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    const id = seal<CaptchaClaim>(
      { a: text, exp: Date.now() + CAPTCHA_TTL_MS, n: randomBytes(12).toString('base64url') },
      this.key,
    );
    this.latest = id;
    return { id, image: `data:image/png;base64,${png.toString('base64')}`, text };
  }

  /** The answer of a live captcha (test mode only). */
  peek(id: string): string | null {
    const c = open<CaptchaClaim>(id, this.key);
    return c && c.exp > Date.now() ? c.a : null;
  }

  /** The answer of the captcha issued last (test mode only: browser tests cannot see the id). */
  peekLatest(): string | null {
    return this.latest ? this.peek(this.latest) : null;
  }

  /** True when `answer` matches (case-insensitive); the captcha is spent either way, on every replica. */
  async verify(id: string | null | undefined, answer: string | null | undefined): Promise<boolean> {
    const c = open<CaptchaClaim>(id, this.key);
    const now = Date.now();
    if (!c || typeof c.n !== 'string' || typeof c.a !== 'string' || !(c.exp > now)) return false;
    if (!(await this.store.spend(`captcha:${c.n}`, c.exp - now))) return false;
    return c.a === (answer ?? '').trim().toUpperCase();
  }
}
