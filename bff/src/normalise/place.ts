import { searchKey } from '@bolsa/domain';
import type { DepartmentDto, MunicipalityDto } from './geography.js';
import type { VacancyDto } from './vacancy.js';

/** Where names of places come from (the catalogue client). */
export interface PlaceLookup {
  municipality(municipalityId: string): Promise<MunicipalityDto | null>;
  department(departmentId: string): Promise<DepartmentDto | null>;
}

export interface ResolvedPlace {
  text: string | null;
  municipality: MunicipalityDto | null;
  departmentId: string | null;
  departmentName: string | null;
}

/**
 * lugar as people read it: a 'municipio:departamento' pair becomes 'Municipio, Departamento'
 * (names from the vacancy itself, else from the municipalities list); free text stays as written.
 */
export function resolvePlace(v: VacancyDto, lookup: PlaceLookup): Promise<ResolvedPlace> {
  // Several fields of one vacancy ask for its place: work it out once per fetched vacancy.
  let place = places.get(v);
  if (!place) {
    place = computePlace(v, lookup);
    places.set(v, place);
    place.catch(() => places.delete(v));
  }
  return place;
}

const places = new WeakMap<VacancyDto, Promise<ResolvedPlace>>();
const searchTexts = new WeakMap<VacancyDto, string>();

/**
 * Vacancies matching every word of `search` (accents and case ignored) over name, branch,
 * description, place, municipality and department: the board's and the staff list's keyword.
 */
export async function filterByKeyword(
  list: VacancyDto[],
  search: string | null | undefined,
  lookup: PlaceLookup,
): Promise<VacancyDto[]> {
  const words = searchKey(search).split(/\s+/).filter(Boolean);
  if (!words.length) return list;
  const texts = await Promise.all(
    list.map(async (v) => {
      let text = searchTexts.get(v);
      if (text === undefined) {
        const p = await resolvePlace(v, lookup);
        text = searchKey(
          [v.name, v.branchName, v.description, p.text, v.municipalityName, v.departmentName, p.departmentName].join(
            ' ',
          ),
        );
        searchTexts.set(v, text);
      }
      return text;
    }),
  );
  return list.filter((_, i) => words.every((w) => texts[i]!.includes(w)));
}

async function computePlace(v: VacancyDto, lookup: PlaceLookup): Promise<ResolvedPlace> {
  const p = v.place;
  if (!p) return { text: null, municipality: null, departmentId: null, departmentName: v.departmentName };
  if (p.kind === 'text') return { text: p.text, municipality: null, departmentId: null, departmentName: null };
  let municipality: MunicipalityDto | null = null;
  let mName = v.municipalityName;
  let dName = v.departmentName;
  if (!mName || !dName) {
    const m = await lookup.municipality(p.municipalityId);
    municipality = m;
    mName ??= m?.name ?? null;
    dName ??= m?.departmentName ?? null;
    if (!dName) dName = (await lookup.department(p.departmentId))?.name ?? null;
  } else {
    municipality = { id: p.municipalityId, name: mName, departmentId: p.departmentId, departmentName: dName };
  }
  const text = mName && dName ? `${mName}, ${dName}` : (mName ?? dName);
  return { text, municipality, departmentId: p.departmentId, departmentName: dName };
}
