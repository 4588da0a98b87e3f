import { pipeline } from 'node:stream/promises';
import {
  checkTestTemplate,
  parseFlag as domainFlag,
  FILE_MESSAGES,
  MAX_FILE_BYTES,
  TEST_TEMPLATE_MESSAGES,
  testCategoryOf,
  testTypeOf,
  UPLOAD_RULES,
} from '@bolsa/domain';
import { Router } from 'express';
import type { Db } from '../db/database.js';
import { badRequest, HttpError, MESSAGES, notFound, parseId } from '../errors.js';
import { contentTypeFor, type FileStore } from '../storage/index.js';
import { bodyOf, hasControl, parseActive } from '../input.js';
import { LIST_MESSAGES, parseFlag, parseSearchTerm, queryParam } from '../lists.js';
import { fileOf, first, FormError, readForm, type FormBody } from '../multipart.js';
import { contentDisposition, needsFile } from './documents.js';
import type { NewTemplate } from './service.js';
import * as templates from './service.js';

const optionInvalid = (): never => {
  throw badRequest(LIST_MESSAGES.optionInvalid);
};

async function readTemplateForm(req: Parameters<typeof readForm>[0]): Promise<FormBody> {
  try {
    return await readForm(req, { maxFileSize: MAX_FILE_BYTES, maxFiles: 1, maxFieldsSize: 256 * 1024 });
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    if (err.reason === 'fileTooLarge') throw new HttpError(413, UPLOAD_RULES['test-file'].tooLarge.message);
    if (err.reason === 'tooManyFiles') throw badRequest(FILE_MESSAGES.oneFileOnly);
    if (err.reason === 'fieldsTooLarge') throw new HttpError(413, MESSAGES.tooLarge);
    throw badRequest();
  }
}

/** Assessment templates (spec 2 §3, §5, §7). */
export function assessmentRoutes(db: Db, files: FileStore): Router {
  const router = Router();

  router.get('/pruebas/templates', async (req, res) => {
    // Extra filters (docs/decisions/2026-11-23-list-paging-in-the-api.md); without them the documented list of every template.
    const categoria = queryParam(req, 'categoria');
    const tipo = queryParam(req, 'tipo');
    const incluir = queryParam(req, 'incluirInactivas');
    const filter = {
      search: parseSearchTerm(req),
      categoria: categoria ? (testCategoryOf(categoria) ?? optionInvalid()) : undefined,
      tipo: tipo ? (testTypeOf(tipo) ?? optionInvalid()) : undefined,
      incluirInactivas: incluir === undefined ? undefined : parseFlag(req, 'incluirInactivas'),
    };
    res.json(await templates.listTemplates(db, filter));
  });

  router.post('/pruebas/templates', async (req, res) => {
    const body = await readTemplateForm(req);
    const nombre = first(body, 'Nombre', 'nombre').trim();
    const descripcion = first(body, 'Descripcion', 'descripcion').trim();
    const link = first(body, 'Link', 'link').trim();
    if (hasControl(nombre, descripcion, link)) throw badRequest();
    const tipo = testTypeOf(first(body, 'Tipo', 'tipo'));
    const categoria = testCategoryOf(first(body, 'Categoria', 'categoria'));
    const file = fileOf(body, 'Archivo');
    // The domain's checks in the order the form warns (spec 2 §5), limits and safe links included.
    const problem = checkTestTemplate({
      name: nombre,
      description: descripcion,
      type: tipo,
      category: categoria,
      link,
      hasFile: !!file,
    });
    if (problem) throw badRequest(problem);
    const activoRaw = first(body, 'Activo', 'activo').trim();
    const template: NewTemplate = {
      nombre,
      descripcion,
      tipo: tipo!,
      categoria: categoria!,
      link: needsFile(tipo!) ? null : link,
      archivoNombre: null,
      archivoRuta: null,
      activo: activoRaw === '' || domainFlag(activoRaw),
    };
    const created = await templates.createTemplate(db, files, template, file);
    if (created === 'fileMismatch') throw badRequest(TEST_TEMPLATE_MESSAGES.fileMismatch);
    res.status(201).json(created);
  });

  router.post('/pruebas/templates/:id/activo', async (req, res) => {
    const id = parseId(req.params.id);
    const body = bodyOf(req);
    const activo = parseActive(body.activo ?? body.Activo);
    if (activo === null) throw badRequest(MESSAGES.activeInvalid);
    const updated = await templates.setTemplateActive(db, id, activo);
    if (!updated) throw notFound(TEST_TEMPLATE_MESSAGES.notFound);
    res.json(updated);
  });

  router.post('/pruebas/templates/:id', async (req, res) => {
    if (!(await templates.deleteTemplate(db, files, parseId(req.params.id))))
      throw notFound(TEST_TEMPLATE_MESSAGES.notFound);
    res.json({ success: true });
  });

  router.get('/pruebas/templates/:id/download', async (req, res) => {
    const found = await templates.findTemplateFile(db, parseId(req.params.id));
    if (!found) throw notFound(TEST_TEMPLATE_MESSAGES.notFound);
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
