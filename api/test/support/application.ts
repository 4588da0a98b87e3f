import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { validCui } from './client.js';

/** A small but real PDF (header, one empty page, xref, %%EOF). */
export function pdfBytes(padTo = 0): Buffer {
  const head =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n';
  const pad = padTo > head.length + 64 ? `%${'x'.repeat(padTo - head.length - 64)}\n` : '';
  const tail = 'trailer<</Root 1 0 R>>\n%%EOF\n';
  return Buffer.from(head + pad + tail, 'latin1');
}

export const pngBytes = (): Promise<Buffer> =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
export const jpegBytes = (): Promise<Buffer> =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#a27' } })
    .jpeg()
    .toBuffer();

export type Fields = Record<string, string>;

/** A complete guest application (spec 1 §7 field names) for `vacancyId`; `over` replaces fields. */
export function guestFields(vacancyId: number, over: Partial<Fields> = {}): Fields {
  return {
    InputNombre: 'Rosa Elena Xuc',
    InputCui: validCui('28351900'),
    InputEdad: '29',
    InputEmail: 'rosa.xuc@example.com',
    Pretension: '4500',
    InputTelefono: '55123456',
    InputDireccion: '3a calle 4-12 zona 1, Guatemala',
    InputEstadocivil: 'Soltero',
    SlcNivel: 'Diversificado',
    SlcEstudiando: 'false',
    SlcPnegociable: 'true',
    SlcDisponibilidad: 'true',
    ExperienciasJson: JSON.stringify([
      {
        Empresa: 'Farmacia Central',
        Puesto: 'Cajera',
        Desde: '2020-01-06',
        Hasta: '2023-05-31',
        Descripcion: 'Caja y atención',
      },
    ]),
    ReferidosPJson: JSON.stringify([{ RefNp: 'Marta Xuc', RefTp: '44556677', tipo: 1 }]),
    ReferidosLJson: JSON.stringify([{ RefNl: 'Luis Pérez', RefTl: '33445566', tipo: 2 }]),
    VacanteId: String(vacancyId),
    VacanteNombre: 'Plaza de prueba',
    EsUsuarioRegistrado: 'false',
    EstadoPostulante: 'postulado',
    ...over,
  } as Fields;
}

export interface FilePart {
  field: string;
  data: Buffer;
  name: string;
  type?: string;
}

export function formOf(fields: Fields, files: FilePart[], extra: [string, string][] = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [k, v] of extra) fd.append(k, v);
  for (const f of files)
    fd.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  return fd;
}

export async function postForm(url: string, token: string, fd: FormData) {
  const res = await fetch(`${url}/guardar/Postulante`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: fd,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Vacancies to apply to: open, unpublished and past its end date. */
export async function makeVacancies(db: Kysely<Database>) {
  const sede = await db.selectFrom('sedes').select('id').orderBy('id').executeTakeFirstOrThrow();
  const add = async (nombre: string, status: '1' | '0', fin: string) =>
    (
      await db
        .insertInto('plazas')
        .values({
          nombre,
          sede_id: sede.id,
          lugar: 'Guatemala',
          descripcion: 'Plaza de prueba',
          requisitos: '[]',
          beneficios: '[]',
          fecha_publicacion: '2026-01-01',
          fecha_finalizacion: fin,
          status,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    open: await add('Auxiliar de enfermería (prueba)', '1', '2099-12-31'),
    second: await add('Recepcionista (prueba)', '1', '2099-12-31'),
    unpublished: await add('Plaza inactiva (prueba)', '0', '2099-12-31'),
    expired: await add('Plaza vencida (prueba)', '1', '2020-01-31'),
  };
}

async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

/** Rows and files an application leaves behind, to prove a refused one left none. */
export async function footprint(db: Kysely<Database>, filesDir: string) {
  const count = async (t: 'postulantes' | 'postulante_archivos' | 'correos_salientes') =>
    Number(
      (
        await db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    postulantes: await count('postulantes'),
    archivos: await count('postulante_archivos'),
    correos: await count('correos_salientes'),
    files: (await countFiles(path.join(filesDir, 'postulantes'))) + (await countFiles(path.join(filesDir, 'tmp'))),
  };
}
