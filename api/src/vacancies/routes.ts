import { isActiveStatus, toIsoDate, todayInGuatemala } from '@bolsa/domain';
import { Router, type Request } from 'express';
import type { Db } from '../db/database.js';
import { badRequest, HttpError, MESSAGES, notFound, parseId, titled } from '../errors.js';
import type { FileStore } from '../files/repository.js';
import { parseFlag, parseOption, parsePaging, parseSearch, parseSort, queryParam } from '../lists.js';
import { bodyOf, hasNul, text } from '../input.js';
import { fileOf, first, FormError, readForm, sent, type FormBody, type UploadedFile } from '../multipart.js';
import {
  cardKeyFor,
  IMAGE_MAX_BYTES,
  ImageDecodeError,
  newVacancyImageKeys,
  sniffImageType,
  vacancyImageVariants,
  type ImageType,
} from './images.js';
import {
  branchExists,
  countActiveNamed,
  createVacancy,
  deleteVacancy,
  departmentExists,
  existingUserId,
  findVacancy,
  findVacancyRow,
  listVacancies,
  municipalityInDepartment,
  setFeatured,
  updateVacancy,
  VACANCY_SORTS,
} from './repository.js';
import * as vacancyList from './service.js';

/** Text fields of the create form together; descriptions are long, but not this long. */
const CREATE_FIELDS_MAX = 1024 * 1024;
/** The edit form also carries ImagenBase64: 5 MB of image is about 6.7 MB of base64. */
const UPDATE_FIELDS_MAX = 8 * 1024 * 1024;

const required = (message: string) => titled(400, MESSAGES.titleRequired, message);
const badImage = (message: string = MESSAGES.imageTypeInvalid) => titled(400, MESSAGES.titleBadFile, message);
const tooLarge = () => titled(413, MESSAGES.titleFileTooLarge, MESSAGES.fileTooLarge);

/** Limits and parser failures of an image form, in the create form's words. */
async function readImageForm(req: Request, maxFieldsSize: number): Promise<FormBody> {
  try {
    return await readForm(req, { maxFileSize: IMAGE_MAX_BYTES, maxFiles: 1, maxFieldsSize });
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    if (err.reason === 'fileTooLarge') throw tooLarge();
    if (err.reason === 'tooManyFiles') throw badImage(MESSAGES.oneFileOnly);
    // Over the field budget on the edit form can only be an oversized ImagenBase64.
    if (err.reason === 'fieldsTooLarge')
      throw maxFieldsSize >= UPDATE_FIELDS_MAX ? tooLarge() : new HttpError(413, MESSAGES.tooLarge);
    throw badRequest();
  }
}

/** A positive serial id in a form field, or null for anything else. */
function optionalId(raw: string): number | null {
  const s = raw.trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** A department code as the dropdown sends it ('16', or '1' for '01'), or null. */
function departmentCode(raw: string): string | null {
  const s = raw.trim();
  return /^\d{1,2}$/.test(s) ? s.padStart(2, '0') : null;
}

/**
 * lugar as stored: 'municipioId:departamentoId' (normalised to 4 and 2 digits) when it has that
 * shape, otherwise the free text as written. Returns the parts of a structured one.
 */
function parsePlace(raw: string): { lugar: string; municipio?: string; departamento?: string } {
  const s = raw.trim();
  const m = /^(\d{3,4}):(\d{1,2})$/.exec(s);
  if (!m) return { lugar: s };
  const municipio = m[1]!.padStart(4, '0');
  const departamento = m[2]!.padStart(2, '0');
  return { lugar: `${municipio}:${departamento}`, municipio, departamento };
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

const allText = (body: FormBody): string[] => Object.values(body.fields).flat();

/** The image's real type must be one the form accepts; the bytes decide, not the name. */
async function checkImage(data: Buffer, accepted: readonly ImageType[]): Promise<void> {
  if (data.length > IMAGE_MAX_BYTES) throw tooLarge();
  const type = await sniffImageType(data);
  if (!type || !accepted.includes(type)) throw badImage();
}

async function variantsOf(data: Buffer): Promise<{ detail: Buffer; card: Buffer }> {
  try {
    return await vacancyImageVariants(data);
  } catch (err) {
    if (err instanceof ImageDecodeError) throw badImage();
    throw err;
  }
}

/**
 * ImagenBase64 of the edit form: a data URL or bare base64. The current image's own path (or an
 * URL) echoed back means "no change", as does an empty value.
 */
function decodeBase64Image(raw: string): Buffer | null {
  const s = raw.trim();
  if (!s || s.startsWith('/archivos/') || /^https?:\/\//i.test(s)) return null;
  const payload = s.replace(/^data:[^,]*?;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(payload)) throw badImage();
  // 4 characters carry 3 bytes: refuse before allocating anything over the limit.
  if (Math.floor((payload.length * 3) / 4) > IMAGE_MAX_BYTES + 2) throw tooLarge();
  return Buffer.from(payload, payload.includes('-') || payload.includes('_') ? 'base64url' : 'base64');
}

/**
 * Writes both variants under fresh keys, then runs `save`; if saving fails the files are
 * removed again, so a row never points at a missing file and no file outlives a failed save.
 */
async function storeThen<T>(
  files: FileStore,
  variants: { detail: Buffer; card: Buffer },
  save: (detailKey: string) => Promise<T>,
): Promise<T> {
  const keys = newVacancyImageKeys();
  try {
    await files.put(keys.detail, variants.detail);
    await files.put(keys.card, variants.card);
    return await save(keys.detail);
  } catch (err) {
    await removeImage(files, keys.detail);
    throw err;
  }
}

/** Both variants of a stored image; a file already gone is not an error. */
async function removeImage(files: FileStore, detailKey: string | null): Promise<void> {
  if (!detailKey) return;
  for (const key of [detailKey, cardKeyFor(detailKey)]) {
    // Best effort: an orphaned file costs disk space, a failed request here would cost more.
    await files.remove(key).catch(() => undefined);
  }
}

/** The list's extra query parameters (PAGING-CONTRACT.md); none of them changes the documented call. */
function vacancyFilter(req: Request, paged: boolean): vacancyList.VacancyFilter {
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
    res.json(await vacancyList.listVacancies(db, vacancyFilter(req, paging !== null), paging));
  });

  router.get('/sedes/:sedeId/plazas', async (req, res) => {
    res.json(await listVacancies(db, { sedeId: parseId(req.params.sedeId) }));
  });

  // Before /plazas/:id, which would read 'existe' as an id.
  router.get('/plazas/existe', async (req, res) => {
    const nombre = text(req.query.nombre).trim();
    if (!nombre || hasNul(nombre)) throw badRequest(MESSAGES.vacancyNameRequired);
    const sede = optionalId(text(req.query.sede));
    if (sede === null) throw badRequest(MESSAGES.vacancyBranchRequired);
    const activas = await countActiveNamed(db, sede, nombre);
    // existe answers the question the form asks before saving: is there an ACTIVE one already?
    res.json({ existe: activas > 0, activas });
  });

  router.get('/plazas/:id', async (req, res) => {
    const vacancy = await findVacancy(db, parseId(req.params.id));
    if (!vacancy) throw notFound(MESSAGES.vacancyNotFound);
    res.json(vacancy);
  });

  router.post('/guardar/Vacante', async (req, res) => {
    const body = await readImageForm(req, CREATE_FIELDS_MAX);
    if (hasNul(...allText(body))) throw badRequest();

    // In the order the form checks them (spec 2 §5), so the first problem is the one reported.
    const nombre = first(body, 'NombreVacante').trim();
    if (!nombre) throw required(MESSAGES.vacancyNameRequired);
    const sedeId = optionalId(first(body, 'Sede'));
    if (sedeId === null || !(await branchExists(db, sedeId))) throw required(MESSAGES.vacancyBranchRequired);
    const place = parsePlace(first(body, 'Lugar'));
    if (!place.lugar) throw required(MESSAGES.vacancyPlaceRequired);
    if (place.municipio && !(await municipalityInDepartment(db, place.municipio, place.departamento!)))
      throw required(MESSAGES.vacancyPlaceRequired);
    const departamento = departmentCode(first(body, 'NombreDepartamento'));
    if (!departamento || !(await departmentExists(db, departamento)))
      throw required(MESSAGES.vacancyDepartmentRequired);
    const endRaw = first(body, 'FechaFinalizacion').trim();
    if (!endRaw) throw required(MESSAGES.vacancyEndDateRequired);
    const fechaFinalizacion = toIsoDate(endRaw);
    if (!fechaFinalizacion) throw titled(400, MESSAGES.titleBadDate, MESSAGES.vacancyEndDateRequired);
    const today = todayInGuatemala();
    if (fechaFinalizacion <= today) throw titled(400, MESSAGES.titleBadDate, MESSAGES.vacancyEndDateNotFuture);
    const descripcion = first(body, 'Descripcion').trim();
    if (!descripcion) throw required(MESSAGES.vacancyDescriptionRequired);
    const requisitos = listItems(body.fields.Requisitos);
    if (requisitos.length === 0) throw required(MESSAGES.vacancyRequirementRequired);
    const beneficios = listItems(body.fields.Beneficios);
    if (beneficios.length === 0) throw required(MESSAGES.vacancyBenefitRequired);
    const image = fileOf(body, 'imagenFile');
    if (!image) throw required(MESSAGES.vacancyImageRequired);

    // Creation date is automatic (spec 2 §2); a caller may still send today's date explicitly.
    const pubRaw = first(body, 'FechaPublicacion').trim();
    const fechaPublicacion = pubRaw ? toIsoDate(pubRaw) : today;
    if (!fechaPublicacion) throw titled(400, MESSAGES.titleBadDate, MESSAGES.publicationDateInvalid);
    const statusRaw = first(body, 'Status').trim();
    const status = !statusRaw || isActiveStatus(statusRaw) ? '1' : '0';

    await checkImage(image.data, ['jpeg', 'png', 'gif']);
    const variants = await variantsOf(image.data);
    const [publicadoPor, actualizadoPor] = await Promise.all([
      existingUserId(db, optionalId(first(body, 'PublicadoPor'))),
      existingUserId(db, optionalId(first(body, 'ActualizadoPor'))),
    ]);

    const id = await storeThen(files, variants, (imagen) =>
      createVacancy(db, {
        nombre,
        sedeId,
        lugar: place.lugar,
        departamento,
        descripcion,
        requisitos,
        beneficios,
        imagen,
        fechaPublicacion,
        fechaFinalizacion,
        status,
        publicadoPor,
        actualizadoPor,
      }),
    );
    res.status(201).json({ success: true, message: MESSAGES.vacancyCreated, id });
  });

  router.post('/vacantes/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const body = await readImageForm(req, UPDATE_FIELDS_MAX);
    if (hasNul(...allText(body))) throw badRequest();
    const bodyId = first(body, 'Id').trim();
    if (bodyId && bodyId !== String(id)) throw badRequest(MESSAGES.invalidId);

    const current = await findVacancyRow(db, id);
    if (!current) throw notFound(MESSAGES.vacancyNotFound);

    // A field the caller left out keeps its stored value; one sent empty clears it.
    const nombre = sent(body, 'NombreVacante') ? first(body, 'NombreVacante').trim() : current.nombre;
    const sedeId = sent(body, 'Sede') ? optionalId(first(body, 'Sede')) : current.sede_id;
    if (!nombre || sedeId === null || !(await branchExists(db, sedeId))) throw badRequest(MESSAGES.vacancyEditRequired);
    const departamento = sent(body, 'NombreDepartamento')
      ? departmentCode(first(body, 'NombreDepartamento'))
      : current.departamento_codigo;
    if (!departamento || !(await departmentExists(db, departamento))) throw badRequest(MESSAGES.vacancyEditDepartment);

    let fechaFinalizacion = current.fecha_finalizacion;
    if (sent(body, 'FechaFinalizacion')) {
      const raw = first(body, 'FechaFinalizacion').trim();
      fechaFinalizacion = raw ? toIsoDate(raw) : null;
      if (raw && !fechaFinalizacion) throw titled(400, MESSAGES.titleBadDate, MESSAGES.endDateInvalid);
    }
    const status = sent(body, 'Status') ? (isActiveStatus(first(body, 'Status')) ? '1' : '0') : current.status;
    if (status === '1' && (!fechaFinalizacion || fechaFinalizacion <= todayInGuatemala()))
      throw badRequest(MESSAGES.vacancyActivateEndDate);

    const descripcion = sent(body, 'Descripcion') ? first(body, 'Descripcion').trim() || null : current.descripcion;
    const lugar = sent(body, 'Lugar') ? parsePlace(first(body, 'Lugar')).lugar || null : current.lugar;
    // Repeated once per item, so an emptied list arrives as no field at all: absent means none.
    const requisitos = listItems(body.fields.Requisitos);
    const beneficios = listItems(body.fields.Beneficios);

    // A file part wins over ImagenBase64. Edit accepts WebP too (spec 2 §5: "any image type").
    const file: UploadedFile | null = fileOf(body, 'imagenFile');
    const imageData = file ? file.data : decodeBase64Image(first(body, 'ImagenBase64'));
    let variants: { detail: Buffer; card: Buffer } | null = null;
    if (imageData) {
      await checkImage(imageData, ['jpeg', 'png', 'gif', 'webp']);
      variants = await variantsOf(imageData);
    }
    const actualizadoPor = await existingUserId(db, optionalId(first(body, 'ActualizadoPor')));

    const changes = {
      nombre,
      sedeId,
      lugar,
      departamento,
      descripcion,
      requisitos,
      beneficios,
      fechaFinalizacion,
      status,
      actualizadoPor,
    };
    const outcome = variants
      ? await storeThen(files, variants, async (imagen) => {
          const r = await updateVacancy(db, id, { ...changes, imagen });
          // Deleted meanwhile: the new files must not stay behind.
          if (r === 'missing') throw notFound(MESSAGES.vacancyNotFound);
          return r;
        })
      : await updateVacancy(db, id, changes);
    if (outcome === 'missing') throw notFound(MESSAGES.vacancyNotFound);
    // Only once the row points at the new image.
    await removeImage(files, outcome.replacedImage);
    res.json({ success: true, message: MESSAGES.vacancyUpdated });
  });

  router.post('/plazas/:id', async (req, res) => {
    const deleted = await deleteVacancy(db, parseId(req.params.id));
    if (!deleted) throw notFound(MESSAGES.vacancyNotFound);
    await removeImage(files, deleted.imagen);
    res.json({ success: true, message: MESSAGES.vacancyDeleted, candidatosEliminados: deleted.candidatosEliminados });
  });

  router.post('/plazas/:id/destacado', async (req, res) => {
    const id = parseId(req.params.id);
    const { destacado } = bodyOf(req);
    if (typeof destacado !== 'boolean') throw badRequest(MESSAGES.featuredInvalid);
    const now = await setFeatured(db, id, destacado);
    if (now === null) throw notFound(MESSAGES.vacancyNotFound);
    res.json({ success: true, destacado: now });
  });

  return router;
}
