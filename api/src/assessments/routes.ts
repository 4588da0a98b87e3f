import { pipeline } from 'node:stream/promises';
import { parseFlag as domainFlag, searchKey } from '@bolsa/domain';
import { Router } from 'express';
import type { Db, TemplateCategory, TemplateType } from '../db/database.js';
import { badRequest, HttpError, MESSAGES, notFound, parseId } from '../errors.js';
import { contentTypeFor, newFileKey, type FileStore } from '../files/repository.js';
import { bodyOf, hasNul, parseActive } from '../input.js';
import { LIST_MESSAGES, parseFlag, parseSearchTerm, queryParam } from '../lists.js';
import { fileOf, first, FormError, readForm, type FormBody } from '../multipart.js';
import { contentDisposition, displayName, documentExtension, DOCUMENT_MAX_BYTES, needsFile } from './documents.js';
import {
  createTemplate,
  deleteTemplate,
  findTemplateFile,
  listTemplates,
  setTemplateActive,
  type NewTemplate,
} from './repository.js';

const TYPES: Record<string, TemplateType> = {
  PDF: 'PDF',
  WORD: 'WORD',
  EXCEL: 'EXCEL',
  LINK: 'LINK',
  'ENLACE WEB': 'LINK',
  ENLACE: 'LINK',
  FORMULARIO: 'FORMULARIO',
};

const CATEGORIES: Record<string, TemplateCategory> = {
  TECNICA: 'TECNICA',
  PSICOLOGICA: 'PSICOLOGICA',
  CONOCIMIENTOS: 'CONOCIMIENTOS',
  APTITUDES: 'APTITUDES',
  IDIOMAS: 'IDIOMAS',
  OTROS: 'OTROS',
};

/** Codes as stored ('TECNICA'), or the labels the form shows ('Técnica', 'Enlace Web'). */
const codeOf = <T>(table: Record<string, T>, raw: string): T | null => table[searchKey(raw).toUpperCase()] ?? null;

const optionInvalid = (): never => {
  throw badRequest(LIST_MESSAGES.optionInvalid);
};

const LINK_MAX = 2_000;

/** An absolute http(s) URL with a host and no spaces. */
function isWebLink(s: string): boolean {
  if (s.length > LINK_MAX || /\s/.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

async function readTemplateForm(req: Parameters<typeof readForm>[0]): Promise<FormBody> {
  try {
    return await readForm(req, { maxFileSize: DOCUMENT_MAX_BYTES, maxFiles: 1, maxFieldsSize: 256 * 1024 });
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    if (err.reason === 'fileTooLarge') throw new HttpError(413, MESSAGES.fileTooLarge);
    if (err.reason === 'tooManyFiles') throw badRequest(MESSAGES.oneFileOnly);
    if (err.reason === 'fieldsTooLarge') throw new HttpError(413, MESSAGES.tooLarge);
    throw badRequest();
  }
}

/** Assessment templates (spec 2 §3, §5, §7). */
export function assessmentRoutes(db: Db, files: FileStore): Router {
  const router = Router();

  router.get('/pruebas/templates', async (req, res) => {
    // Extra filters (PAGING-CONTRACT.md); without them the documented list of every template.
    const categoria = queryParam(req, 'categoria');
    const tipo = queryParam(req, 'tipo');
    const incluir = queryParam(req, 'incluirInactivas');
    const filter = {
      search: parseSearchTerm(req),
      categoria: categoria ? (codeOf(CATEGORIES, categoria) ?? optionInvalid()) : undefined,
      tipo: tipo ? (codeOf(TYPES, tipo) ?? optionInvalid()) : undefined,
      incluirInactivas: incluir === undefined ? undefined : parseFlag(req, 'incluirInactivas'),
    };
    res.json(await listTemplates(db, filter));
  });

  router.post('/pruebas/templates', async (req, res) => {
    const body = await readTemplateForm(req);
    const nombre = first(body, 'Nombre', 'nombre').trim();
    const descripcion = first(body, 'Descripcion', 'descripcion').trim();
    const link = first(body, 'Link', 'link').trim();
    if (hasNul(nombre, descripcion, link)) throw badRequest();
    // In the order the form warns (spec 2 §5).
    if (!nombre) throw badRequest(MESSAGES.templateNameRequired);
    if (!descripcion) throw badRequest(MESSAGES.templateDescriptionRequired);
    const tipo = codeOf(TYPES, first(body, 'Tipo', 'tipo'));
    if (!tipo) throw badRequest(MESSAGES.templateTypeRequired);
    const categoria = codeOf(CATEGORIES, first(body, 'Categoria', 'categoria'));
    if (!categoria) throw badRequest(MESSAGES.templateCategoryRequired);
    const activoRaw = first(body, 'Activo', 'activo').trim();
    const activo = activoRaw === '' || domainFlag(activoRaw);

    const template: NewTemplate = {
      nombre,
      descripcion,
      tipo,
      categoria,
      link: null,
      archivoNombre: null,
      archivoRuta: null,
      activo,
    };
    if (!needsFile(tipo)) {
      if (!isWebLink(link)) throw badRequest(MESSAGES.templateLinkInvalid);
      res.status(201).json(await createTemplate(db, { ...template, link }));
      return;
    }

    const file = fileOf(body, 'Archivo');
    if (!file) throw badRequest(MESSAGES.templateFileRequired);
    const ext = await documentExtension(tipo, file.originalName, file.data);
    if (!ext) throw badRequest(MESSAGES.templateFileMismatch);
    const key = newFileKey('pruebas', ext);
    await files.put(key, file.data);
    try {
      const created = await createTemplate(db, {
        ...template,
        archivoNombre: displayName(file.originalName, ext),
        archivoRuta: key,
      });
      res.status(201).json(created);
    } catch (err) {
      await files.remove(key).catch(() => undefined);
      throw err;
    }
  });

  router.post('/pruebas/templates/:id/activo', async (req, res) => {
    const id = parseId(req.params.id);
    const body = bodyOf(req);
    const activo = parseActive(body.activo ?? body.Activo);
    if (activo === null) throw badRequest(MESSAGES.activeInvalid);
    const updated = await setTemplateActive(db, id, activo);
    if (!updated) throw notFound(MESSAGES.templateNotFound);
    res.json(updated);
  });

  router.post('/pruebas/templates/:id', async (req, res) => {
    const deleted = await deleteTemplate(db, parseId(req.params.id));
    if (!deleted) throw notFound(MESSAGES.templateNotFound);
    // After the row is gone: a failed removal leaves an unreachable file, never a broken record.
    if (deleted.archivoRuta) await files.remove(deleted.archivoRuta).catch(() => undefined);
    res.json({ success: true });
  });

  router.get('/pruebas/templates/:id/download', async (req, res) => {
    const found = await findTemplateFile(db, parseId(req.params.id));
    if (!found) throw notFound(MESSAGES.templateNotFound);
    if (!found.archivo_ruta) {
      if (found.link) {
        res.json({ url: found.link });
        return;
      }
      throw notFound(MESSAGES.fileNotFound);
    }
    const file = await files.open(found.archivo_ruta);
    if (!file) throw notFound(MESSAGES.fileNotFound);
    res.setHeader('Content-Type', contentTypeFor(found.archivo_ruta));
    res.setHeader('Content-Length', String(file.size));
    res.setHeader(
      'Content-Disposition',
      contentDisposition(found.archivo_nombre ?? found.archivo_ruta.split('/').pop()!),
    );
    res.setHeader('Cache-Control', 'private, max-age=0');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      await pipeline(file.body, res);
    } catch (err) {
      // A client that goes away mid-download is not a server failure.
      if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
    }
  });

  return router;
}
