import { describe, expect, it } from 'vitest';
import { turnOffZodJit } from './zod-setup';

describe('turnOffZodJit', () => {
  it('is the setting zod itself reads', async () => {
    turnOffZodJit();
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
