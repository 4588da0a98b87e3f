import { normaliseBranchList, type BranchDto } from '../normalise/branch.js';
import {
  normaliseDepartmentList,
  normaliseMunicipalityList,
  type DepartmentDto,
  type MunicipalityDto,
} from '../normalise/geography.js';
import { Cached } from './cached.js';
import type { Upstream } from './http.js';

const GEOGRAPHY_TTL_MS = 60 * 60_000;

/** Branches (sedes) and Guatemala's geography (spec 1 §7, spec 2 §7), normalised and cached. */
export class CatalogueClient {
  readonly branches: Cached<BranchDto[]>;
  readonly municipalities: Cached<MunicipalityDto[]>;
  readonly departments: Cached<DepartmentDto[]>;

  constructor(http: Upstream, branchTtlMs: number) {
    this.branches = new Cached(branchTtlMs, async () =>
      normaliseBranchList(await http.read('/sedes')).sort((a, b) => a.name.localeCompare(b.name, 'es')),
    );
    // Guatemala's geography changes once in years: an hour is plenty.
    this.municipalities = new Cached(GEOGRAPHY_TTL_MS, async () =>
      normaliseMunicipalityList(await http.read('/municipios')),
    );
    this.departments = new Cached(GEOGRAPHY_TTL_MS, async () =>
      normaliseDepartmentList(await http.read('/plazas/departamentos')).sort((a, b) => a.id.localeCompare(b.id)),
    );
  }

  async branch(branchId: string): Promise<BranchDto | null> {
    return (await this.branches.get()).find((b) => b.id === branchId) ?? null;
  }

  async department(departmentId: string): Promise<DepartmentDto | null> {
    return (await this.departments.get()).find((d) => d.id === departmentId) ?? null;
  }

  private readonly municipalityIndexes = new WeakMap<MunicipalityDto[], Map<string, MunicipalityDto>>();

  /** One municipality by INE code (an index built once per fetched list). */
  async municipality(municipalityId: string): Promise<MunicipalityDto | null> {
    const list = await this.municipalities.get();
    let index = this.municipalityIndexes.get(list);
    if (!index) {
      index = new Map(list.map((m) => [m.id, m]));
      this.municipalityIndexes.set(list, index);
    }
    return index.get(municipalityId) ?? null;
  }
}
