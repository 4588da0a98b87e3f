import { listOf } from '../normalise/fields.js';
import { normaliseBranch, type BranchDto } from '../normalise/branch.js';
import {
  normaliseDepartment,
  normaliseMunicipality,
  type DepartmentDto,
  type MunicipalityDto,
} from '../normalise/geography.js';
import { normaliseVacancy, type VacancyDto } from '../normalise/vacancy.js';
import { orNull, type Upstream } from './http.js';

/**
 * A value fetched from the api, reused for `ttlMs` and fetched once however many requests ask at
 * the same moment (single flight). Every BFF replica holds its own copy, so `ttlMs` bounds how
 * stale a read can be; writes through this BFF call `invalidate()`.
 */
export class Cached<T> {
  private value: { at: number; data: T } | null = null;
  private inflight: Promise<T> | null = null;
  constructor(
    private readonly ttlMs: number,
    private readonly load: () => Promise<T>,
  ) {}

  get(): Promise<T> {
    const now = Date.now();
    if (this.value && now - this.value.at < this.ttlMs) return Promise.resolve(this.value.data);
    if (!this.inflight) {
      this.inflight = this.load()
        .then((data) => {
          this.value = { at: Date.now(), data };
          return data;
        })
        .finally(() => {
          this.inflight = null;
        });
    }
    return this.inflight;
  }

  invalidate(): void {
    this.value = null;
  }
}

const GEOGRAPHY_TTL_MS = 60 * 60_000;

/** Read access to the REST api's vacancy, branch and geography calls, normalised. */
export class CatalogueClient {
  readonly vacancies: Cached<VacancyDto[]>;
  readonly branches: Cached<BranchDto[]>;
  readonly municipalities: Cached<MunicipalityDto[]>;
  readonly departments: Cached<DepartmentDto[]>;

  constructor(
    private readonly http: Upstream,
    publicTtlMs: number,
  ) {
    this.vacancies = new Cached(publicTtlMs, async () =>
      listOf(await http.request('/sedes/vacantes/lista'), 'vacantes', 'plazas')
        .map(normaliseVacancy)
        .filter((v): v is VacancyDto => v !== null),
    );
    this.branches = new Cached(publicTtlMs, async () =>
      listOf(await http.request('/sedes'), 'sedes')
        .map(normaliseBranch)
        .filter((b): b is BranchDto => b !== null)
        .sort((a, b) => a.name.localeCompare(b.name, 'es')),
    );
    // Guatemala's geography changes once in years: an hour is plenty.
    this.municipalities = new Cached(GEOGRAPHY_TTL_MS, async () =>
      listOf(await http.request('/municipios'), 'municipios')
        .map(normaliseMunicipality)
        .filter((m): m is MunicipalityDto => m !== null),
    );
    this.departments = new Cached(GEOGRAPHY_TTL_MS, async () =>
      listOf(await http.request('/plazas/departamentos'), 'departamentos')
        .map(normaliseDepartment)
        .filter((d): d is DepartmentDto => d !== null)
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
  }

  /** One vacancy fresh from the api (GET /plazas/{id}, 15 s time-out per spec 2 §7). */
  async vacancy(vacancyId: string): Promise<VacancyDto | null> {
    if (!/^\d+$/.test(vacancyId)) return null;
    const raw = await orNull(this.http.request(`/plazas/${vacancyId}`, { timeoutMs: 15_000 }));
    return raw === null ? null : normaliseVacancy(raw);
  }
}
