import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { CAPTCHA_TTL_MS } from './captcha.js';
import type { SharedStore } from './store.js';

/**
 * The accessible alternative to the image captcha (issue 20): an ALTCHA proof of work the
 * browser solves by itself, so a candidate who cannot see the image still registers.
 *
 * Difficulty: PBKDF2/SHA-256 with `PROOF_COST` iterations per attempt and a counter drawn in
 * `PROOF_COUNTER` (deterministic mode: the work is exactly `counter` derivations, no luck). About
 * 0.3 s on a laptop's Chromium with one worker, well under 2 s on a cheap phone; the server checks
 * a solution with one derivation and two HMACs.
 */
export const PROOF_ALGORITHM = 'PBKDF2/SHA-256';
export const PROOF_COST = 200;
export const PROOF_COUNTER: readonly [number, number] = [400, 1200];

const hex = z
  .string()
  .regex(/^[0-9a-f]+$/i)
  .max(1024);
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(PROOF_ALGORITHM),
      nonce: hex,
      salt: hex,
      cost: z.literal(PROOF_COST),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: hex,
      keySignature: hex.optional(),
      expiresAt: z.number().int().positive(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: hex,
  }),
  solution: z.object({
    counter: z
      .number()
      .int()
      .nonnegative()
      .max(2 ** 32 - 1),
    derivedKey: hex,
    time: z.number().optional(),
  }),
});

export class ProofOfWorkService {
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;
  constructor(
    key: Buffer,
    private readonly store: SharedStore,
    private readonly ttlMs = CAPTCHA_TTL_MS,
  ) {
    this.signatureSecret = createHmac('sha256', key).update('altcha:challenge').digest('hex');
    this.keySignatureSecret = createHmac('sha256', key).update('altcha:key').digest('hex');
  }

  /** A signed challenge valid `ttlMs` (the image captcha's 5 minutes). */
  create(): Promise<Challenge> {
    return createChallenge({
      algorithm: PROOF_ALGORITHM,
      cost: PROOF_COST,
      counter: randomInt(PROOF_COUNTER[1], PROOF_COUNTER[0]),
      deriveKey,
      expiresAt: Math.floor((Date.now() + this.ttlMs) / 1000),
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  /**
   * True for a solved, signed, unexpired challenge never used before (the widget's base64 JSON
   * payload). A verified challenge is spent on every replica, so a replay is refused.
   */
  async verify(payload: string | null | undefined): Promise<boolean> {
    if (!payload || payload.length > 8192) return false;
    let parsed: Payload;
    try {
      const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      const r = payloadSchema.safeParse(decoded);
      if (!r.success) return false;
      parsed = r.data;
    } catch {
      return false;
    }
    const expiresMs = (parsed.challenge.parameters.expiresAt ?? 0) * 1000;
    const left = expiresMs - Date.now();
    if (!(left > 0)) return false;
    try {
      const result = await verifySolution({
        challenge: parsed.challenge,
        solution: parsed.solution,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
      if (!result.verified) return false;
    } catch {
      return false;
    }
    return this.store.spend(`altcha:${parsed.challenge.parameters.nonce}`, left);
  }
}
