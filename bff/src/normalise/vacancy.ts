import { isActiveStatus, parseFlag, splitList, toCalendarDate } from '@bolsa/domain';
import { fieldsOf, id, pick, text } from './fields.js';
import { padCode } from './geography.js';

export type Place = { kind: 'ine'; municipalityId: string; departmentId: string } | { kind: 'text'; text: string };

/** A vacancy (plaza) as the BFF knows it, whatever spelling the api used. */
export interface VacancyDto {
  id: string;
  name: string;
  branchId: string | null;
  branchName: string | null;
  place: Place | null;
  municipalityName: string | null;
  departmentName: string | null;
  /** NombreDepartamento: the department code, when the api sends it apart from lugar. */
  departmentCode: string | null;
  description: string | null;
  requirements: string[];
  benefits: string[];
  /** Path or URL of the image as the api gave it. */
  image: string | null;
  imageBase64: string | null;
  publishedAt: string | null;
  endsAt: string | null;
  createdAt: string | null;
  active: boolean;
  featured: boolean;
  createdById: string | null;
  updatedById: string | null;
  /** Full names of those staff users when the api sends them (creadoPorNombre), else null. */
  createdByName: string | null;
  updatedByName: string | null;
}

const CODE_PAIR = /^\s*(\d{1,4})\s*:\s*(\d{1,2})\s*$/;

/** lugar is 'municipioId:departamentoId' or free text (spec 1 §3). */
export function parsePlace(raw: unknown): Place | null {
  const t = text(raw);
  if (!t) return null;
  const m = CODE_PAIR.exec(t);
  if (m) return { kind: 'ine', municipalityId: padCode(m[1], 4)!, departmentId: padCode(m[2], 2)! };
  return { kind: 'text', text: t };
}

export function normaliseVacancy(raw: unknown): VacancyDto | null {
  const f = fieldsOf(raw);
  const vid = id(pick(f, 'id', 'plazaId', 'idPlaza', 'vacanteId'));
  const name = text(pick(f, 'nombreVacante', 'nombre', 'nombrePlaza', 'name'));
  if (!vid || !name) return null;
  let place = parsePlace(pick(f, 'lugar'));
  const municipalityId = padCode(pick(f, 'municipioId'), 4);
  const departmentId = padCode(pick(f, 'departamentoId', 'NombreDepartamento'), 2);
  if (!place && municipalityId && departmentId) place = { kind: 'ine', municipalityId, departmentId };
  return {
    id: vid,
    name,
    branchId: id(pick(f, 'sede', 'sedeId', 'idSede')),
    branchName: text(pick(f, 'sedeNombre', 'nombreSede')),
    place,
    municipalityName: text(pick(f, 'municipioNombre', 'nombreMunicipio')),
    departmentName: text(pick(f, 'departamentoNombre', 'selectedDepartmentName', 'nombreDepartamentoTexto')),
    departmentCode: padCode(pick(f, 'NombreDepartamento', 'departamentoId'), 2),
    description: text(pick(f, 'descripcion', 'description')),
    requirements: splitList(pick(f, 'requisitos', 'requerimientos')),
    benefits: splitList(pick(f, 'beneficios', 'ofrece', 'ofrecemos')),
    image: text(pick(f, 'imagen', 'imagenUrl', 'imagenRuta')),
    imageBase64: text(pick(f, 'imagenBase64')),
    publishedAt: toCalendarDate(pick(f, 'fechaPublicacion')),
    endsAt: toCalendarDate(pick(f, 'fechaFinalizacion', 'fechaFin', 'fechaCierre')),
    createdAt: text(pick(f, 'fechaCreacion')),
    active: isActiveStatus(pick(f, 'status', 'estatus', 'estado', 'activo')),
    featured: parseFlag(pick(f, 'destacado', 'esDestacado', 'destacada')),
    createdById: id(pick(f, 'PublicadoPor', 'creadoPor')),
    updatedById: id(pick(f, 'ActualizadoPor', 'editadoPor', 'modificadoPor')),
    createdByName: text(pick(f, 'creadoPorNombre', 'publicadoPorNombre')),
    updatedByName: text(pick(f, 'actualizadoPorNombre', 'editadoPorNombre')),
  };
}

/**
 * The card-sized variant: our api stores '<key>-card.webp' next to '<key>.webp' for uploaded
 * images; anything else (legacy paths, base64) has only the one image.
 */
export function cardImageUrl(v: Pick<VacancyDto, 'image' | 'imageBase64'>): string | null {
  const full = imageUrl(v);
  return full && /^\/images\/plazas\/[0-9a-f-]{36}\.webp$/.test(full) ? full.replace(/\.webp$/, '-card.webp') : full;
}

/** Public URL of a vacancy image: api file paths are re-served by the BFF under /images/. */
export function imageUrl(v: Pick<VacancyDto, 'image' | 'imageBase64'>): string | null {
  if (v.image) {
    if (/^https?:\/\//i.test(v.image)) return v.image;
    const key = v.image.replace(/^\/+/, '').replace(/^archivos\//, '');
    if (key.startsWith('plazas/') && !key.includes('..')) return `/images/${key}`;
    return null;
  }
  if (v.imageBase64) {
    return v.imageBase64.startsWith('data:') ? v.imageBase64 : `data:image/jpeg;base64,${v.imageBase64}`;
  }
  return null;
}
