import { schemaResolver, type UseFormReturnType } from '@mantine/form';
import dayjs from 'dayjs';
import {
  cleanItems,
  VACANCY_FIELD_ORDER,
  VACANCY_MESSAGES,
  vacancyMessageTitle,
  vacancySchema,
  type RuleFailure,
} from '@bolsa/domain';
import type { VacancyInput } from '../../gql/graphql';

// The vacancy form's values, validation and conversion, shared by create and edit. Its parts:
// GeneralInfoFields (step 1), ItemsFields (step 2), ImageField (step 3).

export interface VacancyFormValues {
  name: string;
  branchId: string;
  departmentId: string;
  /** lugar: a municipality of the catalogue, or free text (spec 2 §3). */
  placeMode: 'municipio' | 'texto';
  municipalityId: string | null;
  /** 'Municipio, Departamento' of the chosen municipality, kept for display and the draft. */
  municipalityLabel: string;
  placeText: string;
  description: string;
  /** 'YYYY-MM-DD' */
  endsAt: string | null;
  active: boolean;
  requirements: string[];
  benefits: string[];
}

export type VacancyForm = UseFormReturnType<VacancyFormValues>;

export const EMPTY_VACANCY: VacancyFormValues = {
  name: '',
  branchId: '',
  departmentId: '',
  placeMode: 'municipio',
  municipalityId: null,
  municipalityLabel: '',
  placeText: '',
  description: '',
  endsAt: null,
  active: true,
  requirements: [],
  benefits: [],
};

/** Which step (or tab) holds a field, to take the user to the first problem. */
export function stepOfField(field: string): number {
  if (field === 'requirements' || field === 'benefits') return 1;
  if (field === 'image') return 2;
  return 0;
}

/** The schema's view of the form: the place is the municipality or the text, as chosen. */
function schemaValues(v: VacancyFormValues) {
  return {
    name: v.name,
    branchId: v.branchId,
    municipalityId: v.placeMode === 'municipio' ? v.municipalityId : null,
    placeText: v.placeMode === 'texto' ? v.placeText : null,
    departmentId: v.departmentId,
    endsAt: v.endsAt,
    active: v.active,
    description: v.description,
    requirements: v.requirements,
    benefits: v.benefits,
  };
}

/** The form's errors by field ('image' included on create). */
export type VacancyErrors = Record<string, string>;

/**
 * The create or edit form's validation: the domain's vacancy schema (the bff checks the same one,
 * the api answers the same messages) through Mantine's schemaResolver. Create also asks for the
 * image, which is uploaded apart from the input. Memoise it: it builds the schema once.
 */
export function vacancyResolver(mode: 'create' | 'edit', today: string) {
  const resolve = schemaResolver(vacancySchema(mode, today), { sync: true });
  return (v: VacancyFormValues, hasImage = true): VacancyErrors => {
    const errors: VacancyErrors = {};
    for (const [path, message] of Object.entries(resolve(schemaValues(v)))) {
      // A list item's path ('requirements.3') belongs to its list.
      const field = path.split('.')[0]!;
      if (typeof message === 'string' && !errors[field]) errors[field] = message;
    }
    if (mode === 'create' && !hasImage && !errors.image) errors.image = VACANCY_MESSAGES.imageRequired;
    return errors;
  };
}

/**
 * The failure to show first, in the spec's order, with its dialog title ('Campo Obligado',
 * 'Fecha Inválida'…); `only` keeps the fields of one step. Null when nothing fails.
 */
export function firstFailure(errors: VacancyErrors, only?: (field: string) => boolean): RuleFailure | null {
  const rank = (field: string) => {
    const i = VACANCY_FIELD_ORDER.indexOf(field);
    return i < 0 ? VACANCY_FIELD_ORDER.length : i;
  };
  const field = Object.keys(errors)
    .filter((f) => !only || only(f))
    .sort((a, b) => rank(a) - rank(b))[0];
  if (field === undefined) return null;
  const message = errors[field]!;
  return { field, message, title: vacancyMessageTitle(message) };
}

export function toInput(v: VacancyFormValues): VacancyInput {
  const placeText = v.placeText.trim();
  return {
    name: v.name.trim(),
    branchId: v.branchId,
    description: v.description.trim(),
    endsAt: v.endsAt,
    active: v.active,
    departmentId: v.departmentId || null,
    municipalityId: v.placeMode === 'municipio' ? v.municipalityId : null,
    placeText: v.placeMode === 'texto' && placeText ? placeText : null,
    requirements: cleanItems(v.requirements),
    benefits: cleanItems(v.benefits),
  };
}

export function placeLabel(v: VacancyFormValues): string | null {
  if (v.placeMode === 'municipio') return v.municipalityLabel || null;
  return v.placeText.trim() || null;
}

/** Tomorrow, the earliest closing date the pickers offer (spec 2 §5). */
export function tomorrowOf(today: string): string {
  return dayjs(today, 'YYYY-MM-DD').add(1, 'day').format('YYYY-MM-DD');
}
