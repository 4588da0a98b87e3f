import { Readable, type Writable } from 'node:stream';
import {
  can,
  CANDIDATE_EXPORT_COLUMNS,
  CANDIDATE_EXPORT_MESSAGES,
  candidateExportCells,
  candidateExportFileName,
  CSV_BOM,
  csvLine,
  readCandidateExportQuery,
  type CandidateExportFormat,
  type CandidateExportRow,
} from '@bolsa/domain';
import ExcelJS from 'exceljs';
import { Router, type Request, type Response } from 'express';
import type { Services } from '../context.js';
import { MESSAGES } from '../errors.js';
import { streamToResponse } from './stream-to-response.js';

const CONTENT_TYPE: Record<CandidateExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The CSV, line by line as the rows arrive (BOM first for Excel, CRLF lines). */
async function* csvChunks(rows: AsyncIterable<CandidateExportRow>): AsyncGenerator<string> {
  let chunk = CSV_BOM + csvLine(CANDIDATE_EXPORT_COLUMNS.map((c) => c.heading));
  for await (const r of rows) {
    chunk += csvLine(candidateExportCells(r));
    // A few KB per write: fewer, larger chunks than one per row.
    if (chunk.length >= 16_384) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * The XLSX through exceljs's streaming writer: each row is committed (written out and let go) as
 * it arrives; the next row is pulled from the api only when the browser has taken what is
 * buffered. Every cell is a string cell: a name like '=HYPERLINK(…)' is text, never a formula.
 */
async function writeXlsx(rows: AsyncIterable<CandidateExportRow>, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Candidatos', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = CANDIDATE_EXPORT_COLUMNS.map((c) => ({ header: c.heading, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const r of rows) {
    sheet.addRow(candidateExportCells(r)).commit();
    if (out.writableNeedDrain) await drained(out);
    if (out.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

/** Resolves when the response can take more, or is gone (leaves no listener behind). */
const drained = (w: Writable) =>
  new Promise<void>((resolve) => {
    const done = () => {
      w.off('drain', done);
      w.off('close', done);
      w.off('error', done);
      resolve();
    };
    w.on('drain', done);
    w.on('close', done);
    w.on('error', done);
  });

const refuse = (res: Response, status: number, message: string) => void res.status(status).json({ message });

/**
 * GET /reports/candidates.csv and /reports/candidates.xlsx with a list's filter as query
 * parameters (the domain's `candidateExportQuery`): the inbox or a vacancy's list as filtered,
 * streamed from the api through the file to the browser, never held whole. Staff roles 1–2
 * (401 without a session, 403 for other roles); the api records every export.
 */
export function candidateExportsRouter(services: Services): Router {
  const router = Router();
  const handler = (format: CandidateExportFormat) => async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'private, no-store');
    const viewer = await services.sessions.viewer(req, res);
    if (!viewer) return refuse(res, 401, MESSAGES.UNAUTHENTICATED);
    if (viewer.kind === 'CANDIDATE' || !can(viewer.role, 'candidate.export'))
      return refuse(res, 403, MESSAGES.FORBIDDEN);
    const filter = readCandidateExportQuery(req.query as Record<string, unknown>);
    if (!filter.ok) return refuse(res, 400, filter.message);
    let cancel = () => {};
    try {
      const r = await services.exports.candidates(filter.value, format, viewer);
      if (!r.ok) {
        if (r.failure.kind === 'invalid')
          return refuse(res, 400, r.failure.message ?? CANDIDATE_EXPORT_MESSAGES.failed);
        if (r.failure.kind === 'not-found') return refuse(res, 404, MESSAGES.NOT_FOUND);
        return refuse(res, 503, CANDIDATE_EXPORT_MESSAGES.failed);
      }
      cancel = r.value.cancel;
      res.on('close', () => {
        if (!res.writableFinished) cancel();
      });
      res.setHeader('Content-Type', CONTENT_TYPE[format]);
      res.setHeader('Content-Disposition', `attachment; filename="${candidateExportFileName(filter.value, format)}"`);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (r.value.total !== null) res.setHeader('X-Total-Count', String(r.value.total));
      if (format === 'csv') await streamToResponse(Readable.from(csvChunks(r.value.rows)), res);
      else await writeXlsx(r.value.rows, res);
    } catch {
      cancel();
      if (!res.headersSent) refuse(res, 503, CANDIDATE_EXPORT_MESSAGES.failed);
      else res.destroy();
    }
  };
  router.get('/candidates.csv', handler('csv'));
  router.get('/candidates.xlsx', handler('xlsx'));
  return router;
}
