import { cleanItems, formatDate, isOpenForApplications, searchKey, todayInGuatemala } from '@bolsa/domain';
import { FormData } from 'undici';
import { unexpected } from '../errors.js';
import { filterByKeyword } from '../normalise/place.js';
import { normaliseVacancy, type VacancyDto } from '../normalise/vacancy.js';
import {
  normaliseNameCheck,
  normaliseVacancyDeletion,
  normaliseVacancyList,
  normaliseVacancyPage,
  type VacancyListPage,
} from '../normalise/vacancy-page.js';
import { createdIdOf } from '../normalise/write-answer.js';
import { Cached, CachedByKey } from './cached.js';
import type { CatalogueClient } from './catalogue.js';
import { failed, failure, isRecordId, success, type Result } from './failure.js';
import type { FilePart, Upstream } from './http.js';

export type VacancySortField = 'NAME' | 'BRANCH' | 'PUBLISHED_AT' | 'CREATED_BY' | 'UPDATED_BY' | 'STATUS';

/** The contract's `sort` values. */
const SORT_PARAM: Record<VacancySortField, string> = {
  NAME: 'name',
  BRANCH: 'branch',
  PUBLISHED_AT: 'publishedAt',
  CREATED_BY: 'createdBy',
  UPDATED_BY: 'updatedBy',
  STATUS: 'status',
};

export interface VacancyListQuery {
  /** PUBLIC: what the board shows (published, not past its end date), featured first. */
  view: 'PUBLIC' | 'STAFF';
  page: number;
  pageSize: number;
  search?: string | null;
  branchId?: string | null;
  vacancyId?: string | null;
  featuredOnly?: boolean | null;
  status?: 'ALL' | 'ACTIVE' | 'INACTIVE' | null;
  sort?: { field: VacancySortField; direction: 'ASC' | 'DESC' } | null;
}

/** A vacancy as the back-office writes it. */
export interface VacancyWrite {
  name: string;
  branchId: string;
  description: string;
  endsAt: string | null;
  active: boolean;
  departmentId: string | null;
  municipalityId: string | null;
  placeText: string | null;
  requirements: readonly string[];
  benefits: readonly string[];
}

/** Full name of a staff user by id (the staff directory), for lists sorted by author. */
export type NameOf = (userId: string) => Promise<string | null>;

const ONE_TIMEOUT = { timeoutMs: 15_000 };
const PUBLIC_PAGES_KEPT = 500;

/**
 * Plazas (spec 1 §7, spec 2 §7): the list with the paging contract, one vacancy, the duplicate
 * check, and the back-office writes. Public pages are cached per query for the public TTL.
 */
export class VacanciesClient {
  private readonly publicPages: CachedByKey<VacancyListPage>;
  /** Only for an api that answers the bare documented array (no paging): the whole list. */
  private readonly all: Cached<VacancyDto[]>;
  /** Whether the api pages (answers the envelope); unknown until its first answer. */
  private paging: boolean | null = null;

  constructor(
    private readonly http: Upstream,
    private readonly catalogue: CatalogueClient,
    private readonly nameOf: NameOf,
    publicTtlMs: number,
    /** Told after every write through this client (e.g. to drop whole cached GraphQL answers). */
    private readonly onWrite: () => void = () => {},
  ) {
    this.publicPages = new CachedByKey(publicTtlMs, PUBLIC_PAGES_KEPT);
    this.all = new Cached(publicTtlMs, async () => normaliseVacancyList(await this.http.read('/sedes/vacantes/lista')));
  }

  /** One page of the list; the public board's pages are shared by every visitor for the TTL. */
  list(q: VacancyListQuery): Promise<VacancyListPage> {
    if (q.view === 'PUBLIC') return this.publicPages.get(JSON.stringify(q), () => this.fetchPage(q));
    return this.fetchPage(q);
  }

  private async fetchPage(q: VacancyListQuery): Promise<VacancyListPage> {
    if (this.paging === false) return this.pageLocally(await this.all.get(), q);
    const raw = await this.http.read('/sedes/vacantes/lista', {
      query: {
        scope: q.view === 'PUBLIC' ? 'public' : 'staff',
        page: q.page,
        pageSize: q.pageSize,
        search: q.search?.trim() || undefined,
        branchId: q.branchId ?? undefined,
        vacancyId: q.vacancyId ?? undefined,
        featuredOnly: q.featuredOnly ? true : undefined,
        status: q.view === 'STAFF' ? (q.status ?? 'ALL').toLowerCase() : undefined,
        sort: q.sort ? SORT_PARAM[q.sort.field] : undefined,
        order: q.sort ? (q.sort.direction === 'ASC' ? 'asc' : 'desc') : undefined,
      },
    });
    const page = normaliseVacancyPage(raw, q);
    if (!page) {
      // An api without the paging contract answers the documented bare array.
      this.paging = false;
      return this.pageLocally(normaliseVacancyList(raw), q);
    }
    this.paging = true;
    // Past the last page the board shows the last one, as it always has.
    const last = Math.max(1, Math.ceil(page.totalCount / page.pageSize));
    if (!page.items.length && page.totalCount > 0 && q.page > last) return this.fetchPage({ ...q, page: last });
    return page;
  }

  /** The contract's filters, counts, order and paging, for an api that does not page. */
  private async pageLocally(all: VacancyDto[], q: VacancyListQuery): Promise<VacancyListPage> {
    const today = todayInGuatemala();
    let list = q.view === 'PUBLIC' ? all.filter((v) => isOpenForApplications(v, today)) : all;
    if (q.branchId) list = list.filter((v) => v.branchId === q.branchId);
    if (q.vacancyId) list = list.filter((v) => v.id === q.vacancyId);
    list = await filterByKeyword(list, q.search, this.catalogue);
    const active = list.filter((v) => v.active).length;
    const counts = { active, inactive: list.length - active, featured: list.filter((v) => v.featured).length };
    if (q.status === 'ACTIVE') list = list.filter((v) => v.active);
    if (q.status === 'INACTIVE') list = list.filter((v) => !v.active);
    if (q.featuredOnly) list = list.filter((v) => v.featured);
    const sorted = q.view === 'PUBLIC' && !q.sort ? [...list].sort(byBoardOrder) : await this.sortStaff(list, q);
    const last = Math.max(1, Math.ceil(sorted.length / q.pageSize));
    const page = Math.min(Math.max(q.page, 1), last);
    return {
      items: sorted.slice((page - 1) * q.pageSize, page * q.pageSize),
      totalCount: sorted.length,
      page,
      pageSize: q.pageSize,
      counts,
    };
  }

  private async sortStaff(list: VacancyDto[], q: VacancyListQuery): Promise<VacancyDto[]> {
    const dir = q.sort?.direction === 'ASC' ? 1 : -1;
    let keyOf: (v: VacancyDto) => string;
    switch (q.sort?.field) {
      case 'NAME':
        keyOf = (v) => searchKey(v.name);
        break;
      case 'BRANCH':
        keyOf = (v) => searchKey(v.branchName);
        break;
      case 'STATUS':
        keyOf = (v) => (v.active ? '1' : '0');
        break;
      case 'CREATED_BY':
      case 'UPDATED_BY': {
        const [idOf, nameOf] =
          q.sort.field === 'CREATED_BY'
            ? [(v: VacancyDto) => v.createdById, (v: VacancyDto) => v.createdByName]
            : [(v: VacancyDto) => v.updatedById, (v: VacancyDto) => v.updatedByName];
        const names = new Map<string, string>();
        await Promise.all(
          list.map(async (v) => {
            const uid = idOf(v);
            names.set(v.id, searchKey(nameOf(v) ?? (uid ? await this.nameOf(uid) : null)));
          }),
        );
        keyOf = (v) => names.get(v.id) ?? '';
        break;
      }
      default:
        keyOf = (v) => v.publishedAt ?? '';
    }
    return [...list].sort((a, b) => dir * keyOf(a).localeCompare(keyOf(b), 'es') || Number(b.id) - Number(a.id));
  }

  /** One vacancy in any status, fresh (GET /plazas/{id}); null when there is none by that id. */
  async get(vacancyId: string): Promise<VacancyDto | null> {
    if (!isRecordId(vacancyId)) return null;
    const r = await this.http.send(`/plazas/${vacancyId}`, ONE_TIMEOUT);
    if (r.ok) return normaliseVacancy(r.value);
    // The api answers 400 for an id it cannot read: there is no such vacancy either way.
    if (r.failure.kind === 'not-found' || r.failure.kind === 'invalid') return null;
    throw unexpected(r.failure);
  }

  /** Active vacancies with this name in this branch (GET /plazas/existe). */
  async nameCheck(name: string, branchId: string): Promise<Result<{ exists: boolean; activeCount: number }>> {
    if (!isRecordId(branchId)) return failed(failure('invalid'));
    const r = await this.http.send('/plazas/existe', { query: { nombre: name, sede: branchId } });
    if (!r.ok) return r;
    return success(normaliseNameCheck(r.value));
  }

  /** POST /guardar/Vacante (multipart with imagenFile); answers the stored vacancy. */
  async create(v: VacancyWrite, actorId: string, image: FilePart): Promise<Result<VacancyDto | null>> {
    const today = todayInGuatemala();
    const form = new FormData();
    const fields: Record<string, string> = {
      NombreVacante: v.name,
      Sede: v.branchId,
      SedeNombre: (await this.catalogue.branch(v.branchId))?.name ?? '',
      Descripcion: v.description,
      FechaPublicacion: today,
      FechaFinalizacion: v.endsAt ?? '',
      Status: v.active ? '1' : '0',
      PublicadoPor: actorId,
      ActualizadoPor: actorId,
      NombreDepartamento: v.departmentId ?? '',
      ...(await this.placeFields(v)),
      Requisitos: JSON.stringify(cleanItems(v.requirements)),
      Beneficios: JSON.stringify(cleanItems(v.benefits)),
    };
    for (const [k, value] of Object.entries(fields)) form.append(k, value);
    form.append('imagenFile', new Blob([new Uint8Array(image.data)], { type: image.mime }), image.name);
    const r = await this.http.send('/guardar/Vacante', { method: 'POST', form, timeoutMs: 30_000 });
    if (!r.ok) return r;
    const newId = createdIdOf(r.value);
    if (!newId) return failed(failure('unconfirmed'));
    this.invalidate();
    return success(await this.get(newId));
  }

  /** POST /vacantes/{id} (multipart; ImagenBase64 replaces the image); the publication date stays. */
  async update(
    vacancyId: string,
    v: VacancyWrite,
    authors: { createdById: string | null; actorId: string },
    image: FilePart | null,
  ): Promise<Result<VacancyDto | null>> {
    if (!isRecordId(vacancyId)) return failed(failure('not-found'));
    const form = new FormData();
    const fields: Record<string, string | string[]> = {
      Id: vacancyId,
      NombreVacante: v.name,
      Sede: v.branchId,
      Descripcion: v.description,
      FechaFinalizacion: v.endsAt ? formatDate(v.endsAt) : '',
      Status: v.active ? '1' : '0',
      NombreDepartamento: v.departmentId ?? '',
      Lugar: (await this.placeFields(v)).Lugar,
      PublicadoPor: authors.createdById ?? '',
      ActualizadoPor: authors.actorId,
      Requisitos: cleanItems(v.requirements),
      Beneficios: cleanItems(v.benefits),
    };
    for (const [k, value] of Object.entries(fields))
      for (const item of Array.isArray(value) ? value : [value]) form.append(k, item);
    if (image) form.append('ImagenBase64', `data:${image.mime};base64,${image.data.toString('base64')}`);
    const r = await this.http.send(`/vacantes/${vacancyId}`, { method: 'POST', form, timeoutMs: 30_000 });
    if (!r.ok) return r;
    this.invalidate();
    return success(await this.get(vacancyId));
  }

  /** POST /plazas/{id}: deletes it and its applications; answers how many applications went. */
  async delete(vacancyId: string): Promise<Result<{ deletedApplications: number }>> {
    if (!isRecordId(vacancyId)) return failed(failure('not-found'));
    const r = await this.http.send(`/plazas/${vacancyId}`, { method: 'POST' });
    if (!r.ok) return r;
    this.invalidate();
    return success(normaliseVacancyDeletion(r.value));
  }

  async setFeatured(vacancyId: string, featured: boolean): Promise<Result<VacancyDto | null>> {
    if (!isRecordId(vacancyId)) return failed(failure('not-found'));
    const r = await this.http.send(`/plazas/${vacancyId}/destacado`, { method: 'POST', json: { destacado: featured } });
    if (!r.ok) return r;
    this.invalidate();
    return success(await this.get(vacancyId));
  }

  /** Drops what this process cached, after a write through it (other replicas wait the TTL). */
  invalidate(): void {
    this.publicPages.invalidate();
    this.all.invalidate();
    this.onWrite();
  }

  /** lugar as 'municipio:departamento' (with both names) or free text. */
  private async placeFields(v: VacancyWrite) {
    if (v.municipalityId && v.departmentId) {
      const m = await this.catalogue.municipality(v.municipalityId);
      const d = await this.catalogue.department(v.departmentId);
      return {
        Lugar: `${v.municipalityId}:${v.departmentId}`,
        MunicipioNombre: m?.name ?? '',
        DepartamentoNombre: d?.name ?? m?.departmentName ?? '',
      };
    }
    const d = v.departmentId ? await this.catalogue.department(v.departmentId) : null;
    return { Lugar: v.placeText?.trim() ?? '', MunicipioNombre: '', DepartamentoNombre: d?.name ?? '' };
  }
}

const byBoardOrder = (a: VacancyDto, b: VacancyDto) =>
  Number(b.featured) - Number(a.featured) ||
  (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') ||
  Number(b.id) - Number(a.id);
