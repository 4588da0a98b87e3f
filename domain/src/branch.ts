import { entityId } from './schema.js';

/**
 * Branches (sedes, spec 1 §3): id and name. Where a vacancy or an interview names a branch, the id
 * must be a database id; whether that branch exists is the api's answer.
 */
export const BRANCH_MESSAGES = {
  required: 'Debe de seleccionar una sede',
  notSpecified: 'Sede no especificada',
  interviewRequired: 'La sede es obligatoria',
} as const;

/** 'Sede {id}' when a branch's name is unknown (spec 1 §8). */
export const branchFallbackName = (id: string | number) => `Sede ${id}`;

export const branchIdSchema = (message: string = BRANCH_MESSAGES.required) => entityId(message);
