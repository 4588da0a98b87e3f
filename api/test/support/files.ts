import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import type { TestApi } from './databases.js';

/** Every file under the store's root, as sorted relative keys ('plazas/<uuid>.webp'). */
export async function storedFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  await walk(root);
  return out.sort();
}

/** A real picture: a gradient with a shape, so encoders have something to do. */
export async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#ccfbf1"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

export type FormValue = string | string[];

export interface Attachment {
  field: string;
  data: Buffer;
  filename: string;
  contentType?: string;
}

/** POSTs multipart/form-data with the service token; a list value repeats the field per item. */
export function postForm(t: TestApi, url: string, fields: Record<string, FormValue>, attachments: Attachment[] = []) {
  let req = request(t.api.url).post(url).set('Authorization', `Bearer ${t.api.token}`);
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) req = req.field(name, v);
  }
  for (const a of attachments) {
    req = req.attach(a.field, a.data, {
      filename: a.filename,
      contentType: a.contentType ?? 'application/octet-stream',
    });
  }
  return req;
}

/** Stages `data` as the BFF does when a file is dropped on a form (POST /internal/archivos-preparados); its id. */
export async function stageThrough(
  t: TestApi,
  data: Buffer,
  tipo: 'documento' | 'foto',
  nombre: string,
): Promise<string> {
  const res = await fetch(`${t.api.url}/internal/archivos-preparados?${new URLSearchParams({ tipo, nombre })}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.api.token}`, 'content-type': 'application/octet-stream' },
    body: data,
  });
  if (res.status !== 201) throw new Error(`staging answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

/** How many staged files the api holds: their rows, and their files under 'tmp/'. */
export async function stagedCount(t: Pick<TestApi, 'api'>): Promise<{ rows: number; files: number }> {
  const { n } = await t.api.db
    .selectFrom('archivos_preparados')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const files = await readdir(path.join(t.api.filesDir, 'tmp')).catch(() => []);
  return { rows: Number(n), files: files.length };
}
