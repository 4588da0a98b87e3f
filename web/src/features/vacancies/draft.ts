import { EMPTY_VACANCY, type VacancyFormValues } from './vacancy-form';

/** The create form's draft lives in this browser only; the image file is never kept (spec 2 §2). */
export const DRAFT_KEY = 'bolsa.borradorVacante';

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

export function readDraft(): VacancyFormValues | null {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Record<keyof VacancyFormValues, unknown>>;
    if (!d || typeof d !== 'object') return null;
    const str = (k: keyof VacancyFormValues) => (typeof d[k] === 'string' ? (d[k] as string) : '');
    return {
      ...EMPTY_VACANCY,
      name: str('name'),
      branchId: str('branchId'),
      departmentId: str('departmentId'),
      placeMode: d.placeMode === 'texto' ? 'texto' : 'municipio',
      municipalityId: typeof d.municipalityId === 'string' && d.municipalityId ? d.municipalityId : null,
      municipalityLabel: str('municipalityLabel'),
      placeText: str('placeText'),
      description: str('description'),
      endsAt: typeof d.endsAt === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d.endsAt) ? d.endsAt : null,
      active: typeof d.active === 'boolean' ? d.active : true,
      requirements: isStrings(d.requirements) ? d.requirements : [],
      benefits: isStrings(d.benefits) ? d.benefits : [],
    };
  } catch {
    return null;
  }
}

export function writeDraft(values: VacancyFormValues): void {
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // storage full or disabled: the draft is a convenience
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // ignore
  }
}

/** True when nothing has been typed or chosen. */
export function isBlank(v: VacancyFormValues): boolean {
  return (
    !v.name.trim() &&
    !v.branchId &&
    !v.departmentId &&
    !v.municipalityId &&
    !v.placeText.trim() &&
    !v.description.trim() &&
    !v.endsAt &&
    v.requirements.length === 0 &&
    v.benefits.length === 0
  );
}
