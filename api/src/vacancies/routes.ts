import { FILE_MESSAGES, MAX_FILE_BYTES, VACANCY_MESSAGES as M } from '@bolsa/domain';
import { Router, type Request } from 'express';
import type { Db } from '../db/database.js';
import { badRequest, HttpError, MESSAGES, notFound, parseId, titled } from '../errors.js';
import type { FileStore } from '../storage/index.js';
import { bodyOf, hasControl, text } from '../input.js';
import { parseFlag, parseOption, parsePaging, parseSearch, parseSort, queryParam } from '../lists.js';
import { fileOf, first, FormError, readForm, sent, type FormBody } from '../multipart.js';
import { VACANCY_SORTS } from './service.js';
import * as vacancies from './service.js';

/** Text fields of the create form together; descriptions are long, but not this long. */
const CREATE_FIELDS_MAX = 1024 * 1024;
/** The edit form also carries ImagenBase64: 5 MB of image is about 6.7 MB of base64. */
const UPDATE_FIELDS_MAX = 8 * 1024 * 1024;

/** Limits and parser failures of an image form, in the create form's words. */
async function readImageForm(req: Request, maxFieldsSize: number): Promise<FormBody> {
  try {
    return await readForm(req, { maxFileSize: MAX_FILE_BYTES, maxFiles: 1, maxFieldsSize });
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    if (err.reason === 'fileTooLarge') throw vacancies.imageTooLarge();
    if (err.reason === 'tooManyFiles') throw titled(400, FILE_MESSAGES.invalidTitle, FILE_MESSAGES.oneFileOnly);
    // Over the field budget on the edit form can only be an oversized ImagenBase64.
    if (err.reason === 'fieldsTooLarge')
      throw maxFieldsSize >= UPDATE_FIELDS_MAX ? vacancies.imageTooLarge() : new HttpError(413, MESSAGES.tooLarge);
    throw badRequest();
  }
}

/**
 * Requirement and benefit items: the create form sends one JSON list, the edit form repeats the
 * field once per item. Items are trimmed, blanks dropped (spec 2 §5), repeats removed.
 */
export function listItems(values: string[] | undefined): string[] {
  const items: string[] = [];
  for (const v of values ?? []) {
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(s);
        if (Array.isArray(parsed)) {
          for (const x of parsed) if (typeof x === 'string' || typeof x === 'number') items.push(String(x));
          continue;
        }
      } catch {
        // not JSON: the text is one item
      }
    }
    items.push(s);
  }
  const seen = new Set<string>();
  return items
    .map((x) => x.replace(/\s+/g, ' ').trim())
    .filter((x) => x && !seen.has(x.toLowerCase()) && seen.add(x.toLowerCase()));
}

/** The form's fields as sent (undefined when absent); every text was already checked by readForm. */
function vacancyForm(body: FormBody): vacancies.VacancyForm {
  const field = (name: string) => (sent(body, name) ? first(body, name) : undefined);
  const requisitos = listItems(body.fields.Requisitos);
  const beneficios = listItems(body.fields.Beneficios);
  // JSON lists can spell a NUL as \u0000, which the form's own text check cannot see.
  if (hasControl(...requisitos, ...beneficios)) throw badRequest();
  return {
    id: field('Id'),
    nombre: field('NombreVacante'),
    sede: field('Sede'),
    lugar: field('Lugar'),
    departamento: field('NombreDepartamento'),
    fechaPublicacion: field('FechaPublicacion'),
    fechaFinalizacion: field('FechaFinalizacion'),
    descripcion: field('Descripcion'),
    requisitos,
    beneficios,
    status: field('Status'),
    publicadoPor: field('PublicadoPor'),
    actualizadoPor: field('ActualizadoPor'),
    image: fileOf(body, 'imagenFile')?.data ?? null,
    imageBase64: field('ImagenBase64'),
  };
}

/** A positive serial id in a query parameter, or null for anything else. */
function optionalId(raw: string): number | null {
  const s = raw.trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** The list's extra query parameters (docs/decisions/2026-11-23-list-paging-in-the-api.md); none of them changes the documented call. */
function vacancyFilter(req: Request, paged: boolean): vacancies.VacancyFilter {
  const idParam = (name: string) => {
    const raw = queryParam(req, name);
    return raw === undefined || raw === '' ? undefined : parseId(raw);
  };
  const scope = parseOption(req, 'scope', ['public', 'staff'] as const) ?? 'staff';
  const { sort, desc } = parseSort(req, VACANCY_SORTS);
  return {
    scope,
    branchId: idParam('branchId'),
    vacancyId: idParam('vacancyId'),
    words: parseSearch(req),
    status: parseOption(req, 'status', ['active', 'inactive', 'all'] as const) ?? 'all',
    featuredOnly: parseFlag(req, 'featuredOnly'),
    // The documented call keeps the board's order; a staff page without a sort is newest first.
    sort: sort ?? (paged && scope === 'staff' ? 'publishedAt' : null),
    desc,
  };
}

export function vacancyRoutes(db: Db, files: FileStore): Router {
  const router = Router();

  router.get('/sedes/vacantes/lista', async (req, res) => {
    const paging = parsePaging(req);
    res.json(await vacancies.listVacancies(db, vacancyFilter(req, paging !== null), paging));
  });

  router.get('/sedes/:sedeId/plazas', async (req, res) => {
    res.json(await vacancies.listBranchVacancies(db, parseId(req.params.sedeId)));
  });

  // Before /plazas/:id, which would read 'existe' as an id.
  router.get('/plazas/existe', async (req, res) => {
    const nombre = text(req.query.nombre).trim();
    if (!nombre || hasControl(nombre)) throw badRequest(M.nameRequired);
    const sede = optionalId(text(req.query.sede));
    if (sede === null) throw badRequest(M.branchRequired);
    const activas = await vacancies.countActiveNamed(db, sede, nombre);
    // existe answers the question the form asks before saving: is there an ACTIVE one already?
    res.json({ existe: activas > 0, activas });
  });

  router.get('/plazas/:id', async (req, res) => {
    const vacancy = await vacancies.findVacancy(db, parseId(req.params.id));
    if (!vacancy) throw notFound(MESSAGES.vacancyNotFound);
    res.json(vacancy);
  });

  router.post('/guardar/Vacante', async (req, res) => {
    const form = vacancyForm(await readImageForm(req, CREATE_FIELDS_MAX));
    const id = await vacancies.createVacancy(db, files, form);
    res.status(201).json({ success: true, message: M.created, id });
  });

  router.post('/vacantes/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const form = vacancyForm(await readImageForm(req, UPDATE_FIELDS_MAX));
    await vacancies.updateVacancy(db, files, id, form);
    res.json({ success: true, message: M.updated });
  });

  router.post('/plazas/:id', async (req, res) => {
    const candidatosEliminados = await vacancies.deleteVacancy(db, files, parseId(req.params.id));
    if (candidatosEliminados === null) throw notFound(MESSAGES.vacancyNotFound);
    res.json({ success: true, message: M.deleted, candidatosEliminados });
  });

  router.post('/plazas/:id/destacado', async (req, res) => {
    const id = parseId(req.params.id);
    const { destacado } = bodyOf(req);
    if (typeof destacado !== 'boolean') throw badRequest(MESSAGES.featuredInvalid);
    const now = await vacancies.setFeatured(db, id, destacado);
    if (now === null) throw notFound(MESSAGES.vacancyNotFound);
    res.json({ success: true, destacado: now });
  });

  return router;
}
