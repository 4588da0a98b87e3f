import { staffEmailRule } from './auth.js';

/** A validation failure with the dialog title the spec gives it. */
export interface RuleFailure {
  title: string;
  message: string;
  field: string;
}

const REQUIRED = 'Campo Obligado';

export interface VacancyDraft {
  name: string;
  branchId: string | null;
  /** lugar: a municipality code, or free text. */
  municipalityId: string | null;
  placeText: string | null;
  departmentId: string | null;
  endsAt: string | null;
  description: string;
  requirements: string[];
  benefits: string[];
  hasImage: boolean;
}

/** Trimmed, non-blank items (blank list items are ignored, spec 2 §5). */
export const cleanItems = (items: readonly string[]) => items.map((s) => s.trim()).filter(Boolean);

/** Create-vacancy checks of spec 2 §5, in the spec's order; null when the draft may be saved. */
export function checkNewVacancy(d: VacancyDraft, today: string): RuleFailure | null {
  if (!d.name.trim()) return { title: REQUIRED, message: 'Debe de ingresar un nombre de vacante', field: 'name' };
  if (!d.branchId) return { title: REQUIRED, message: 'Debe de seleccionar una sede', field: 'branchId' };
  if (!d.municipalityId && !d.placeText?.trim())
    return { title: REQUIRED, message: 'Debe seleccionar una ubicación', field: 'municipalityId' };
  if (!d.departmentId)
    return { title: REQUIRED, message: 'Debe seleccionar un departamento para la vacante', field: 'departmentId' };
  if (!d.endsAt) return { title: REQUIRED, message: 'Debe de seleccionar una fecha de finalización', field: 'endsAt' };
  if (d.endsAt <= today)
    return { title: 'Fecha Inválida', message: 'La fecha de finalización debe ser posterior a hoy', field: 'endsAt' };
  if (!d.description.trim())
    return { title: REQUIRED, message: 'Debe de ingresar una descripción de la vacante', field: 'description' };
  if (!cleanItems(d.requirements).length)
    return { title: REQUIRED, message: 'Debe de ingresar al menos un requisito', field: 'requirements' };
  if (!cleanItems(d.benefits).length)
    return { title: REQUIRED, message: 'Debe de ingresar al menos un beneficio', field: 'benefits' };
  if (!d.hasImage) return { title: REQUIRED, message: 'Debe de seleccionar una imagen', field: 'image' };
  return null;
}

export const VACANCY_MESSAGES = {
  editRequired: 'Por favor complete los campos obligatorios',
  editDepartment: 'Por favor seleccione un departamento.',
  activateNeedsFutureDate: 'Para activar la plaza, la fecha de finalización debe ser posterior a hoy.',
  reactivateNeedsFutureDate: 'Para reactivar la plaza, debe extender la fecha de finalización a una fecha futura.',
  futureDateHint: 'Para la plaza, la fecha debe ser posterior a hoy',
  notFound: 'No se encontró información de la vacante',
  duplicateCheckFailed: 'No se pudo verificar si existe una plaza con el mismo nombre; el guardado continuará.',
  createFailed: 'Error al guardar la vacante.',
  created: 'La plaza ha sido registrada exitosamente',
  updateFailed: 'Error al actualizar la vacante',
  updated: '¡Actualización exitosa!',
  deleted: 'Vacante eliminada correctamente.',
  deleteNotFound: 'La vacante no existe o ya fue eliminada.',
  deleteServerError: 'Error interno del servidor. Contacte al administrador.',
  deleteNetwork: 'Error de conexión. Verifique su conexión a internet e intente nuevamente.',
  deleteDefault: 'No se pudo eliminar la vacante.',
  featuredOn: 'Plaza marcada como destacada',
  featuredOff: 'Plaza desmarcada',
  featuredFailedTitle: 'No se pudo actualizar',
  featuredNotConfirmed: 'El servidor respondió sin confirmar el cambio.',
  featuredError: 'Ocurrió un error al actualizar el estado destacado. Intenta de nuevo.',
  noData: 'Falta información para enviar',
  noImage: 'Falta la imagen para enviar',
} as const;

/** Edit-vacancy checks of spec 2 §5. */
export function checkVacancyEdit(
  d: Pick<VacancyDraft, 'name' | 'branchId' | 'departmentId' | 'endsAt'> & { active: boolean },
  today: string,
): RuleFailure | null {
  if (!d.name.trim() || !d.branchId) return { title: REQUIRED, message: VACANCY_MESSAGES.editRequired, field: 'name' };
  if (!d.departmentId) return { title: REQUIRED, message: VACANCY_MESSAGES.editDepartment, field: 'departmentId' };
  if (d.active && (!d.endsAt || d.endsAt <= today)) {
    return { title: 'Fecha Inválida', message: VACANCY_MESSAGES.activateNeedsFutureDate, field: 'endsAt' };
  }
  return null;
}

export const TEST_TEMPLATE_MESSAGES = {
  name: 'Falta el nombre',
  description: 'Falta la descripción',
  type: 'Selecciona un tipo',
  category: 'Selecciona una categoría',
  file: 'Adjunta el archivo de la prueba',
  link: 'Ingresa un enlace válido (https://…)',
} as const;

export const TEST_CATEGORY_LABEL = {
  TECNICA: 'Técnica',
  PSICOLOGICA: 'Psicológica',
  CONOCIMIENTOS: 'Conocimientos',
  APTITUDES: 'Aptitudes',
  IDIOMAS: 'Idiomas',
  OTROS: 'Otros',
} as const;

export const TEST_TYPE_LABEL = {
  PDF: 'PDF',
  WORD: 'WORD (.doc/.docx)',
  EXCEL: 'EXCEL (.xls/.xlsx)',
  LINK: 'LINK (Enlace Web)',
  FORMULARIO: 'FORMULARIO',
} as const;

/** File extensions the file input accepts for each type. */
export const TEST_TYPE_EXTENSIONS: Record<keyof typeof TEST_TYPE_LABEL, string[]> = {
  PDF: ['.pdf'],
  WORD: ['.doc', '.docx'],
  EXCEL: ['.xls', '.xlsx'],
  LINK: [],
  FORMULARIO: [],
};

export const isLinkType = (t: string | null | undefined) => t === 'LINK' || t === 'FORMULARIO';

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s.trim());
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

export function checkTestTemplate(t: {
  name: string;
  description: string;
  type: string | null;
  category: string | null;
  link: string | null;
  hasFile: boolean;
}): string | null {
  if (!t.name.trim()) return TEST_TEMPLATE_MESSAGES.name;
  if (!t.description.trim()) return TEST_TEMPLATE_MESSAGES.description;
  if (!t.type) return TEST_TEMPLATE_MESSAGES.type;
  if (!t.category) return TEST_TEMPLATE_MESSAGES.category;
  if (isLinkType(t.type)) return t.link && isHttpUrl(t.link) ? null : TEST_TEMPLATE_MESSAGES.link;
  return t.hasFile ? null : TEST_TEMPLATE_MESSAGES.file;
}

/** Administrative e-mail rules (spec 2 §5): local part + @domain, owner name ≥ 3 characters. */
export function adminEmailRule(domain: string) {
  const rule = staffEmailRule(domain);
  return {
    normalise: (email: string) => email.trim().toLowerCase(),
    checkEmail: (email: string, mode: 'create' | 'edit') =>
      rule.test(email) ? null : mode === 'create' ? `Formato inválido. Solo @${rule.domain}` : `Solo @${rule.domain}`,
    checkName: (name: string) => (name.trim().length >= 3 ? null : 'Nombre demasiado corto'),
    mustEndWith: `Debe terminar en @${rule.domain}`,
  };
}
