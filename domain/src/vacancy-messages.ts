import { LIMITS } from './limits.js';

/*
 * The back office's vacancy messages (spec 2 §5, §8): apart from vacancy.ts, which the public board
 * loads. The image's messages are its upload purposes' (files.ts: 'vacancy-image', 'vacancy-image-edit').
 */

/** A validation failure with the dialog title the spec gives it. */
export interface RuleFailure {
  title: string;
  message: string;
  field: string;
}

const REQUIRED = 'Campo Obligado';
const BAD_DATE = 'Fecha Inválida';

export const VACANCY_MESSAGES = {
  titleRequired: REQUIRED,
  titleBadDate: BAD_DATE,
  nameRequired: 'Debe de ingresar un nombre de vacante',
  branchRequired: 'Debe de seleccionar una sede',
  placeRequired: 'Debe seleccionar una ubicación',
  departmentRequired: 'Debe seleccionar un departamento para la vacante',
  endDateRequired: 'Debe de seleccionar una fecha de finalización',
  endDateNotFuture: 'La fecha de finalización debe ser posterior a hoy',
  descriptionRequired: 'Debe de ingresar una descripción de la vacante',
  requirementRequired: 'Debe de ingresar al menos un requisito',
  benefitRequired: 'Debe de ingresar al menos un beneficio',
  imageRequired: 'Debe de seleccionar una imagen',
  nameTooLong: `El nombre de la vacante no puede tener más de ${LIMITS.name} caracteres.`,
  descriptionTooLong: `La descripción no puede tener más de ${LIMITS.description} caracteres.`,
  placeTooLong: `La ubicación no puede tener más de ${LIMITS.shortText} caracteres.`,
  endDateInvalid: 'La fecha de finalización no es válida.',
  editRequired: 'Por favor complete los campos obligatorios',
  editDepartment: 'Por favor seleccione un departamento.',
  activateNeedsFutureDate: 'Para activar la plaza, la fecha de finalización debe ser posterior a hoy.',
  reactivateNeedsFutureDate: 'Para reactivar la plaza, debe extender la fecha de finalización a una fecha futura.',
  futureDateHint: 'Para la plaza, la fecha debe ser posterior a hoy',
  notFound: 'No se encontró información de la vacante',
  duplicateCheckFailed: 'No se pudo verificar si existe una plaza con el mismo nombre; el guardado continuará.',
  createFailed: 'Error al guardar la vacante.',
  createdTitle: 'Plaza creada',
  created: 'La plaza ha sido registrada exitosamente',
  updateFailed: 'Error al actualizar la vacante',
  updated: '¡Actualización exitosa!',
  editConfirm: '¿Confirmar cambios?',
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
  listLoadFailed: 'No se pudieron cargar los datos. Intente nuevamente más tarde.',
  listEmptySearch: 'No hay vacantes que coincidan con tu búsqueda',
  noData: 'Falta información para enviar',
  noImage: 'Falta la imagen para enviar',
} as const;

/** 'Error al actualizar la vacante: {message}' (spec 2 §8, unexpected failure). */
export const vacancyUpdateErrorMessage = (message: string) => `${VACANCY_MESSAGES.updateFailed}: ${message}`;
