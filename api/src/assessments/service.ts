import type { Db } from '../db/database.js';
import { newFileKey, type FileStore } from '../storage/index.js';
import type { UploadedFile } from '../multipart.js';
import { displayName, documentExtension, needsFile } from './documents.js';
import * as repo from './repository.js';
import type { NewTemplate, TemplateFilter, TemplateJson } from './repository.js';
export type { NewTemplate } from './repository.js';

export const listTemplates = (db: Db, filter: TemplateFilter) => repo.listTemplates(db, filter);
export const findTemplateFile = (db: Db, id: number) => repo.findTemplateFile(db, id);
export const setTemplateActive = (db: Db, id: number, activo: boolean) => repo.setTemplateActive(db, id, activo);

/**
 * A link template, or a file template whose bytes match its type: the file is stored first and
 * removed again if the row cannot be written, so no row points at a missing file.
 */
export async function createTemplate(
  db: Db,
  files: FileStore,
  template: NewTemplate,
  file: UploadedFile | null,
): Promise<TemplateJson | 'fileMismatch'> {
  const tipo = template.tipo;
  if (!needsFile(tipo) || !file) return repo.createTemplate(db, template);
  const ext = await documentExtension(tipo, file.originalName, file.data);
  if (!ext) return 'fileMismatch';
  const key = newFileKey('pruebas', ext);
  await files.put(key, file.data);
  try {
    return await repo.createTemplate(db, {
      ...template,
      archivoNombre: displayName(file.originalName, ext),
      archivoRuta: key,
    });
  } catch (err) {
    await files.remove(key).catch(() => undefined);
    throw err;
  }
}

/** After the row is gone: a failed removal leaves an unreachable file, never a broken record. */
export async function deleteTemplate(db: Db, files: FileStore, id: number): Promise<boolean> {
  const deleted = await repo.deleteTemplate(db, id);
  if (!deleted) return false;
  if (deleted.archivoRuta) await files.remove(deleted.archivoRuta).catch(() => undefined);
  return true;
}
