import { recordAudit } from '../audit/index.js';
import {
  acceptsKind,
  COMMON_MESSAGES,
  DATE_RANGE,
  isActiveStatus,
  LIMITS,
  MAX_FILE_BYTES,
  textList,
  toCalendarDate,
  todayInGuatemala,
  UPLOAD_RULES,
  VACANCY_MESSAGES as M,
  type UploadPurpose,
} from '@bolsa/domain';
import { sniffKind } from '@bolsa/domain/sniff';
import type { Db } from '../db/database.js';
import { badRequest, MESSAGES, notFound, titled } from '../errors.js';
import type { FileStore } from '../storage/index.js';
import { clampPage, type Envelope, type Paging } from '../lists.js';
import { cardKeyFor, ImageDecodeError, newVacancyImageKeys, vacancyImageVariants } from './images.js';
import * as repo from './repository.js';
import * as lists from './list-repository.js';
import type { VacancyCounts, VacancyListQuery } from './list-repository.js';
import type { VacancyJson } from './vacancy-row.js';
export { VACANCY_SORTS } from './list-repository.js';

export type VacancyFilter = Omit<VacancyListQuery, 'today'>;

/** The documented list (every vacancy, board order) or, with `paging`, one page of the filtered list. */
export async function listVacancies(
  db: Db,
  filter: VacancyFilter,
  paging: Paging | null,
): Promise<VacancyJson[] | Envelope<VacancyJson, VacancyCounts>> {
  const f: VacancyListQuery = { ...filter, today: todayInGuatemala() };
  if (!paging) return lists.findVacancies(db, f);
  const { total, ...counts } = await lists.countVacancies(db, f);
  const { page, offset } = clampPage(paging, total);
  const items = total === 0 ? [] : await lists.findVacancies(db, f, { limit: paging.pageSize, offset });
  return { items, totalCount: total, page, pageSize: paging.pageSize, counts };
}

export const listBranchVacancies = (db: Db, sedeId: number) => lists.listVacancies(db, { sedeId });
export const findVacancy = (db: Db, id: number) => lists.findVacancy(db, id);
export const countActiveNamed = (db: Db, sedeId: number, nombre: string) => repo.countActiveNamed(db, sedeId, nombre);

/**
 * The fields of the create and edit forms as sent: undefined when the field was not sent at
 * all (an edit keeps the stored value), the text as written otherwise.
 */
export interface VacancyForm {
  id?: string;
  nombre?: string;
  sede?: string;
  lugar?: string;
  departamento?: string;
  fechaPublicacion?: string;
  fechaFinalizacion?: string;
  descripcion?: string;
  /** Items already split (JSON list or one field per item), trimmed, blanks and repeats dropped. */
  requisitos: string[];
  beneficios: string[];
  status?: string;
  publicadoPor?: string;
  actualizadoPor?: string;
  /** A file part. */
  image: Buffer | null;
  /** The edit form's ImagenBase64. */
  imageBase64?: string;
}

const required = (message: string) => titled(400, M.titleRequired, message);
const badDate = (message: string) => titled(400, M.titleBadDate, message);
/** The image's refusals, in the words of its upload purpose (create and edit say the same of the size). */
const badImage = (purpose: UploadPurpose) =>
  titled(400, UPLOAD_RULES[purpose].invalid.title, UPLOAD_RULES[purpose].invalid.message);
export const imageTooLarge = () =>
  titled(413, UPLOAD_RULES['vacancy-image'].tooLarge.title, UPLOAD_RULES['vacancy-image'].tooLarge.message);

/** A positive serial id in a form field, or null for anything else. */
function optionalId(raw: string | undefined): number | null {
  const s = (raw ?? '').trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** A department code as the dropdown sends it ('16', or '1' for '01'), or null. */
function departmentCode(raw: string | undefined): string | null {
  const s = (raw ?? '').trim();
  return /^\d{1,2}$/.test(s) ? s.padStart(2, '0') : null;
}

/**
 * lugar as stored: 'municipioId:departamentoId' (normalised to 4 and 2 digits) when it has that
 * shape, otherwise the free text as written. Returns the parts of a structured one.
 */
function parsePlace(raw: string | undefined): { lugar: string; municipio?: string; departamento?: string } {
  const s = (raw ?? '').trim();
  const m = /^(\d{3,4}):(\d{1,2})$/.exec(s);
  if (!m) return { lugar: s };
  const municipio = m[1]!.padStart(4, '0');
  const departamento = m[2]!.padStart(2, '0');
  return { lugar: `${municipio}:${departamento}`, municipio, departamento };
}

/** A calendar date inside the domain's range, or the failure to answer. */
function calendarDate(raw: string, invalid: string): string {
  const iso = toCalendarDate(raw);
  if (!iso) throw badDate(invalid);
  if (iso < DATE_RANGE.min || iso > DATE_RANGE.max) throw badDate(COMMON_MESSAGES.dateOutOfRange);
  return iso;
}

/** Input limits of issue 13 (domain LIMITS and messages), checked after the spec's own rules. */
function checkLimits(v: { nombre: string; lugar: string | null; descripcion: string | null }): void {
  if (v.nombre.length > LIMITS.name) throw required(M.nameTooLong);
  if (v.lugar && v.lugar.length > LIMITS.shortText) throw required(M.placeTooLong);
  if (v.descripcion && v.descripcion.length > LIMITS.description) throw required(M.descriptionTooLong);
}

function checkList(items: string[], itemNoun: string): void {
  const r = textList({ itemNoun }).safeParse(items);
  if (!r.success) throw required(r.error.issues[0]!.message);
}

/** The image's real type must be one its purpose takes (domain files.ts); the bytes decide, not the name. */
async function checkImage(data: Buffer, purpose: UploadPurpose): Promise<void> {
  if (data.length > MAX_FILE_BYTES) throw imageTooLarge();
  if (!acceptsKind(purpose, await sniffKind(data))) throw badImage(purpose);
}

async function variantsOf(data: Buffer, purpose: UploadPurpose): Promise<{ detail: Buffer; card: Buffer }> {
  try {
    return await vacancyImageVariants(data);
  } catch (err) {
    if (err instanceof ImageDecodeError) throw badImage(purpose);
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
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(payload)) throw badImage('vacancy-image-edit');
  // 4 characters carry 3 bytes: refuse before allocating anything over the limit.
  if (Math.floor((payload.length * 3) / 4) > MAX_FILE_BYTES + 2) throw imageTooLarge();
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

/** POST /guardar/Vacante: the create form's checks in its order (spec 2 §5), then image and row. */
export async function createVacancy(db: Db, files: FileStore, f: VacancyForm): Promise<number> {
  // In the order the form checks them, so the first problem is the one reported.
  const nombre = (f.nombre ?? '').trim();
  if (!nombre) throw required(M.nameRequired);
  const sedeId = optionalId(f.sede);
  if (sedeId === null || !(await repo.branchExists(db, sedeId))) throw required(M.branchRequired);
  const place = parsePlace(f.lugar);
  if (!place.lugar) throw required(M.placeRequired);
  if (place.municipio && !(await repo.municipalityInDepartment(db, place.municipio, place.departamento!)))
    throw required(M.placeRequired);
  const departamento = departmentCode(f.departamento);
  if (!departamento || !(await repo.departmentExists(db, departamento))) throw required(M.departmentRequired);
  const endRaw = (f.fechaFinalizacion ?? '').trim();
  if (!endRaw) throw required(M.endDateRequired);
  const fechaFinalizacion = calendarDate(endRaw, M.endDateRequired);
  const today = todayInGuatemala();
  if (fechaFinalizacion <= today) throw badDate(M.endDateNotFuture);
  const descripcion = (f.descripcion ?? '').trim();
  if (!descripcion) throw required(M.descriptionRequired);
  if (f.requisitos.length === 0) throw required(M.requirementRequired);
  if (f.beneficios.length === 0) throw required(M.benefitRequired);
  if (!f.image) throw required(M.imageRequired);
  checkLimits({ nombre, lugar: place.lugar, descripcion });
  checkList(f.requisitos, 'requisito');
  checkList(f.beneficios, 'beneficio');

  // Creation date is automatic (spec 2 §2); a caller may still send today's date explicitly.
  const pubRaw = (f.fechaPublicacion ?? '').trim();
  const fechaPublicacion = pubRaw ? calendarDate(pubRaw, MESSAGES.publicationDateInvalid) : today;
  const statusRaw = (f.status ?? '').trim();
  const status = !statusRaw || isActiveStatus(statusRaw) ? '1' : '0';

  await checkImage(f.image, 'vacancy-image');
  const variants = await variantsOf(f.image, 'vacancy-image');
  const [publicadoPor, actualizadoPor] = await Promise.all([
    repo.existingUserId(db, optionalId(f.publicadoPor)),
    repo.existingUserId(db, optionalId(f.actualizadoPor)),
  ]);

  return storeThen(files, variants, (imagen) =>
    db.transaction().execute(async (trx) => {
      const id = await repo.createVacancy(trx, {
        nombre,
        sedeId,
        lugar: place.lugar,
        departamento,
        descripcion,
        requisitos: f.requisitos,
        beneficios: f.beneficios,
        imagen,
        fechaPublicacion,
        fechaFinalizacion,
        status,
        publicadoPor,
        actualizadoPor,
      });
      await recordAudit(trx, { action: 'plaza.crear', target: { kind: 'plaza', id } });
      return id;
    }),
  );
}

/** POST /vacantes/{id}: a field left out keeps its stored value; one sent empty clears it. */
export async function updateVacancy(db: Db, files: FileStore, id: number, f: VacancyForm): Promise<void> {
  const bodyId = (f.id ?? '').trim();
  if (bodyId && bodyId !== String(id)) throw badRequest(MESSAGES.invalidId);

  const current = await repo.findVacancyRow(db, id);
  if (!current) throw notFound(MESSAGES.vacancyNotFound);

  const nombre = f.nombre !== undefined ? f.nombre.trim() : current.nombre;
  const sedeId = f.sede !== undefined ? optionalId(f.sede) : current.sede_id;
  if (!nombre || sedeId === null || !(await repo.branchExists(db, sedeId))) throw badRequest(M.editRequired);
  const departamento = f.departamento !== undefined ? departmentCode(f.departamento) : current.departamento_codigo;
  if (!departamento || !(await repo.departmentExists(db, departamento))) throw badRequest(M.editDepartment);

  let fechaFinalizacion = current.fecha_finalizacion;
  if (f.fechaFinalizacion !== undefined) {
    const raw = f.fechaFinalizacion.trim();
    fechaFinalizacion = raw ? calendarDate(raw, M.endDateInvalid) : null;
  }
  const status = f.status !== undefined ? (isActiveStatus(f.status) ? '1' : '0') : current.status;
  if (status === '1' && (!fechaFinalizacion || fechaFinalizacion <= todayInGuatemala()))
    throw badRequest(M.activateNeedsFutureDate);

  const descripcion = f.descripcion !== undefined ? f.descripcion.trim() || null : current.descripcion;
  const lugar = f.lugar !== undefined ? parsePlace(f.lugar).lugar || null : current.lugar;
  checkLimits({ nombre, lugar, descripcion });
  checkList(f.requisitos, 'requisito');
  checkList(f.beneficios, 'beneficio');

  // A file part wins over ImagenBase64. Edit accepts WebP too (spec 2 §5: "any image type").
  const imageData = f.image ?? decodeBase64Image(f.imageBase64 ?? '');
  let variants: { detail: Buffer; card: Buffer } | null = null;
  if (imageData) {
    await checkImage(imageData, 'vacancy-image-edit');
    variants = await variantsOf(imageData, 'vacancy-image-edit');
  }
  const actualizadoPor = await repo.existingUserId(db, optionalId(f.actualizadoPor));

  const changes: repo.VacancyChanges = {
    nombre,
    sedeId,
    lugar,
    departamento,
    descripcion,
    // Repeated once per item, so an emptied list arrives as no field at all: absent means none.
    requisitos: f.requisitos,
    beneficios: f.beneficios,
    fechaFinalizacion,
    status,
    actualizadoPor,
  };
  const outcome = variants
    ? await storeThen(files, variants, async (imagen) => {
        const r = await db.transaction().execute((trx) => updateAudited(trx, id, { ...changes, imagen }));
        // Deleted meanwhile: the new files must not stay behind.
        if (r === 'missing') throw notFound(MESSAGES.vacancyNotFound);
        return r;
      })
    : await db.transaction().execute((trx) => updateAudited(trx, id, changes));
  if (outcome === 'missing') throw notFound(MESSAGES.vacancyNotFound);
  // Only once the row points at the new image.
  await removeImage(files, outcome.replacedImage);
}

async function updateAudited(trx: Parameters<typeof repo.updateVacancy>[0], id: number, changes: repo.VacancyChanges) {
  const r = await repo.updateVacancy(trx, id, changes);
  if (r !== 'missing') await recordAudit(trx, { action: 'plaza.editar', target: { kind: 'plaza', id } });
  return r;
}

/** The number of applications deleted with it, or null when there is no such vacancy. */
export async function deleteVacancy(db: Db, files: FileStore, id: number): Promise<number | null> {
  const deleted = await db.transaction().execute(async (trx) => {
    const d = await repo.deleteVacancy(trx, id);
    if (d)
      await recordAudit(trx, {
        action: 'plaza.eliminar',
        target: { kind: 'plaza', id },
        detail: { candidatosEliminados: d.candidatosEliminados },
      });
    return d;
  });
  if (!deleted) return null;
  await removeImage(files, deleted.imagen);
  return deleted.candidatosEliminados;
}

export const setFeatured = (db: Db, id: number, destacado: boolean) =>
  db.transaction().execute(async (trx) => {
    const r = await repo.setFeatured(trx, id, destacado);
    if (r !== null)
      await recordAudit(trx, { action: 'plaza.editar', target: { kind: 'plaza', id }, detail: { destacado } });
    return r;
  });
