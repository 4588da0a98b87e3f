import { searchKey } from '@bolsa/domain';
import type { MunicipalityDto } from '../normalise/geography.js';
import type { VacancyDto } from '../normalise/vacancy.js';
import type { Services } from '../context.js';

type Ctx = Pick<Services, 'catalogue'>;

const indexes = new WeakMap<MunicipalityDto[], Map<string, MunicipalityDto>>();

/** Municipalities by INE code, built once per fetched list. */
export async function municipalityIndex(ctx: Ctx): Promise<Map<string, MunicipalityDto>> {
  const list = await ctx.catalogue.municipalities.get();
  let index = indexes.get(list);
  if (!index) {
    index = new Map(list.map((m) => [m.id, m]));
    indexes.set(list, index);
  }
  return index;
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
export function resolvePlace(v: VacancyDto, ctx: Ctx): Promise<ResolvedPlace> {
  // Several fields of one vacancy ask for its place: work it out once per fetched vacancy.
  let place = places.get(v);
  if (!place) {
    place = computePlace(v, ctx);
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
  ctx: Ctx,
): Promise<VacancyDto[]> {
  const words = searchKey(search).split(/\s+/).filter(Boolean);
  if (!words.length) return list;
  const texts = await Promise.all(
    list.map(async (v) => {
      let text = searchTexts.get(v);
      if (text === undefined) {
        const p = await resolvePlace(v, ctx);
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

async function computePlace(v: VacancyDto, ctx: Ctx): Promise<ResolvedPlace> {
  const p = v.place;
  if (!p) return { text: null, municipality: null, departmentId: null, departmentName: v.departmentName };
  if (p.kind === 'text') return { text: p.text, municipality: null, departmentId: null, departmentName: null };
  let municipality: MunicipalityDto | null = null;
  let mName = v.municipalityName;
  let dName = v.departmentName;
  if (!mName || !dName) {
    const m = (await municipalityIndex(ctx)).get(p.municipalityId) ?? null;
    municipality = m;
    mName ??= m?.name ?? null;
    dName ??= m?.departmentName ?? null;
    if (!dName) dName = (await ctx.catalogue.departments.get()).find((d) => d.id === p.departmentId)?.name ?? null;
  } else {
    municipality = { id: p.municipalityId, name: mName, departmentId: p.departmentId, departmentName: dName };
  }
  const text = mName && dName ? `${mName}, ${dName}` : (mName ?? dName);
  return { text, municipality, departmentId: p.departmentId, departmentName: dName };
}
