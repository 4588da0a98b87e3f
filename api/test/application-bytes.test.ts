import sharp from 'sharp';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type TestApi } from './support/databases.js';
import { guestFields, makeVacancies, pngBytes } from './support/application.js';
import { validCui } from './support/client.js';

const BOUNDARY = '----bolsa-prueba-de-bytes-0123456789abcdef';

/**
 * A real PDF whose body is full of near-boundaries: CRLF, '--' and most of the form's boundary,
 * then a byte that breaks it. A parser keeps such a tail aside at the end of each network chunk
 * until the next chunk tells it is data after all; those bytes must reach the file unchanged.
 */
function trickyPdf(size: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n%';
  const tail = '\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  const near = (i: number) => `\r\n--${BOUNDARY.slice(0, 10 + (i % 30))}${String.fromCharCode(65 + (i % 26))}`;
  let body = '';
  for (let i = 0; body.length < size - head.length - tail.length; i++) body += near(i);
  return Buffer.from(head + body.slice(0, size - head.length - tail.length) + tail, 'latin1');
}

function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; data: Buffer }[],
) {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** Sends the body in uneven slices, so chunk ends fall inside the near-boundaries. */
function post(url: string, token: string, body: Buffer): Promise<{ status: number; body: Record<string, unknown> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        path: '/guardar/Postulante',
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(body.length),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }),
        );
      },
    );
    req.on('error', reject);
    void (async () => {
      for (let at = 0, i = 0; at < body.length; i++) {
        const n = 3000 + ((i * 7919) % 9000);
        req.write(body.subarray(at, at + n));
        at += n;
        if (i % 4 === 0) await new Promise((r) => setImmediate(r));
      }
      req.end();
    })();
  });
}

describe.each(databases)('application files byte for byte on $name', ({ start }) => {
  let t: TestApi;
  let vacancy: number;
  beforeAll(async () => {
    t = await start();
    vacancy = (await makeVacancies(t.api.db)).open;
  }, 180_000);
  afterAll(async () => t?.close());

  it('stores a document full of near-boundaries exactly as sent', async () => {
    const cv = trickyPdf(3 * 1024 * 1024);
    const photo = await pngBytes();
    const res = await post(
      t.api.url,
      t.api.token,
      multipart(guestFields(vacancy, { InputCui: validCui('47110000'), InputEmail: 'bytes@example.com' }), [
        { field: 'Curriculum', name: 'cv.pdf', type: 'application/pdf', data: cv },
        { field: 'FileFotografia', name: 'foto.png', type: 'image/png', data: photo },
      ]),
    );
    expect(res.status).toBe(201);
    const rows = await t.api.db
      .selectFrom('postulante_archivos')
      .select(['tipo', 'clave', 'tamano'])
      .where('postulante_id', '=', res.body.postulanteId as number)
      .execute();
    const stored = async (tipo: string) =>
      readFile(path.join(t.api.filesDir, rows.find((r) => r.tipo === tipo)!.clave));
    const cvBack = await stored('curriculum');
    expect(cvBack.length).toBe(cv.length);
    expect(cvBack.equals(cv)).toBe(true);
    // The photo is kept re-encoded (issue 22: decoded whole, at most 1024 px, no metadata), not as sent.
    const photoBack = await sharp(await stored('fotografia')).metadata();
    const sent = await sharp(photo).metadata();
    expect([photoBack.format, photoBack.width, photoBack.height]).toEqual(['jpeg', sent.width, sent.height]);
  }, 60_000);
});
