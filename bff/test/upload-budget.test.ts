import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '@bolsa/domain';
import { pdfBytes } from '../../api/test/support/application.js';
import { startStack, type Stack } from './support.js';

// Issue 22: what guests may stage. Three files and 1 MB per browser and per address per hour,
// 3 MB for everyone together; each address below is its own (X-Forwarded-For from loopback).
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ uploadBudget: { filesPerHour: 3, megabytesPerHour: 1, globalMegabytesPerHour: 3 } });
}, 60_000);
afterAll(() => stack?.close());

const KB = 1024;
let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

async function upload(data: Buffer, o: { address: string; cookie?: string | null; kind?: string; name?: string }) {
  const r = request(stack.bff.app)
    .post(`/uploads?kind=${o.kind ?? 'candidate-document'}`)
    .set('x-requested-with', 'fetch')
    .set('x-forwarded-for', o.address);
  if (o.cookie) r.set('cookie', o.cookie);
  const res = await r.attach('file', data, o.name ?? 'cv.pdf');
  const set = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((c) =>
    c.startsWith('bolsa_invitado='),
  );
  return { res, cookie: o.cookie ?? set?.split(';')[0] ?? null };
}
const stagedRows = async () =>
  Number(
    (
      await stack.api.db
        .selectFrom('archivos_preparados')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the staged-upload budget', () => {
  it('a guest browser gets three files an hour, then 429 with Retry-After and a Spanish message; nothing is staged', async () => {
    const address = newAddress();
    let cookie: string | null = null;
    for (let i = 0; i < 3; i++) {
      const r = await upload(pdfBytes(), { address, cookie });
      expect(r.res.status).toBe(201);
      cookie = r.cookie;
    }
    const before = await stagedRows();
    const refused = await upload(pdfBytes(), { address: newAddress(), cookie });
    expect(refused.res.status).toBe(429);
    const wait = Number(refused.res.headers['retry-after']);
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.res.body.message).toBe(FILE_MESSAGES.uploadBudget(Math.ceil(wait / 60)));
    expect(refused.res.body.message).toMatch(
      /^Has subido demasiados archivos en poco tiempo\. Intenta de nuevo en \d+ minutos\.$/,
    );
    expect(await stagedRows()).toBe(before);

    // A new browser (no cookie) from the same address is refused too: the address has its own budget.
    expect((await upload(pdfBytes(), { address })).res.status).toBe(429);
  }, 60_000);

  it('counts bytes: 1 MB an hour per browser and address', async () => {
    const address = newAddress();
    const first = await upload(pdfBytes(600 * KB), { address });
    expect(first.res.status).toBe(201);
    const second = await upload(pdfBytes(600 * KB), { address: newAddress(), cookie: first.cookie });
    expect(second.res.status).toBe(429);
    expect(second.res.headers['retry-after']).toMatch(/^\d+$/);
  }, 60_000);

  it('caps what everyone together may stage in an hour', async () => {
    let refused: request.Response | null = null;
    for (let i = 0; i < 10 && !refused; i++) {
      const r = await upload(pdfBytes(600 * KB), { address: newAddress() });
      if (r.res.status !== 201) refused = r.res;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.message).toBe(FILE_MESSAGES.uploadsFull);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);
});

describe('photos through the BFF', () => {
  it('refuses a small PNG that decodes to 16000×16000 with the Spanish message', async () => {
    const bomb = await sharp({ create: { width: 16000, height: 16000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const budget = await startStack();
    try {
      const res = await request(budget.bff.app)
        .post('/uploads?kind=candidate-photo')
        .set('x-requested-with', 'fetch')
        .attach('file', bomb, 'foto.png');
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(FILE_MESSAGES.imageTooManyPixels);
    } finally {
      await budget.close();
    }
  }, 60_000);
});
