import { CV_TEXT_LIMITS, cvSearchText } from '@bolsa/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { FileStore } from '../storage/index.js';
import type { ExtractLimits } from './extract.js';
import { createPdfTextReader } from './thread.js';

export interface CvTextWorkerOptions {
  db: Db;
  files: FileStore;
  limits?: Partial<ExtractLimits & { maxBytes: number; maxAttempts: number }>;
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed row stays with this worker before another may take it over. */
  leaseMs?: number;
  /** Counts and outcomes only, never keys' contents or text. */
  log?: (line: string) => void;
}

export interface CvTextWorker {
  /** One pass: claims pending files, reads them, stores their text. Returns how many were read. */
  runOnce(): Promise<number>;
  /** Claims nothing more; resolves once the files already claimed are done. */
  stop(): Promise<void>;
}

interface Claimed {
  clave: string;
  intentos: number;
}

/**
 * Claims pending files for this worker: FOR UPDATE SKIP LOCKED lets any number of api processes
 * read the queue without two taking the same file (the outbox's pattern); a claim is a lease, so a
 * file whose process died is taken again when it ends.
 */
async function claim(db: Db, batch: number, leaseMs: number): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    update textos_archivos set bloqueado_hasta = now() + ${`${leaseMs} milliseconds`}::interval, intentos = intentos + 1
    where clave in (
      select clave from textos_archivos
      where estado = 'pendiente' and (bloqueado_hasta is null or bloqueado_hasta < now())
      order by creado_en, clave
      limit ${batch}
      for update skip locked
    )
    returning clave, intentos`.execute(db);
  return rows;
}

async function readAll(files: FileStore, key: string, maxBytes: number): Promise<Buffer | 'missing' | 'too-big'> {
  const file = await files.open(key);
  if (!file) return 'missing';
  if (file.size > maxBytes) {
    file.body.destroy();
    return 'too-big';
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      file.body.destroy();
      return 'too-big';
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function startCvTextWorker(o: CvTextWorkerOptions): CvTextWorker {
  const limits = { ...CV_TEXT_LIMITS, ...o.limits };
  const log = o.log ?? (() => undefined);
  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  // PDFs are parsed in a thread of their own: the api's event loop keeps answering meanwhile.
  const pdf = createPdfTextReader();

  async function finish(key: string, estado: 'listo' | 'sin_texto' | 'fallido', text: string | null): Promise<void> {
    await o.db
      .updateTable('textos_archivos')
      .set({
        estado,
        texto: text,
        // The folded text's words (what every search is), and the text's own: Spanish stems some
        // accented endings only with their accent ('administraciones' finds 'administración').
        tsv: text
          ? sql<string>`to_tsvector('spanish', ${cvSearchText(text)}) || to_tsvector('spanish', ${text})`
          : null,
        bloqueado_hasta: null,
        procesado_en: sql<string>`now()`,
      })
      .where('clave', '=', key)
      .execute();
    // Every application naming the key (a profile's CV is shared) searches its words from now on.
    await sql`update postulantes set cv_tsv = postulantes_cv_tsv(id)
      where id in (select postulante_id from postulante_archivos where clave = ${key})`.execute(o.db);
  }

  async function read(row: Claimed): Promise<'listo' | 'sin_texto' | 'fallido' | 'reintento'> {
    let data: Awaited<ReturnType<typeof readAll>>;
    try {
      data = await readAll(o.files, row.clave, limits.maxBytes);
    } catch {
      data = 'missing';
    }
    if (data === 'missing') {
      // Not (yet) readable from the store: again after the lease, a few times.
      if (row.intentos < limits.maxAttempts) return 'reintento';
      await finish(row.clave, 'fallido', null);
      return 'fallido';
    }
    if (data === 'too-big') {
      await finish(row.clave, 'sin_texto', null);
      return 'sin_texto';
    }
    // The page-by-page bound stops between pages; the reader ends a thread stuck in a page.
    const result = await pdf.read(data, limits);
    const text = result === 'timeout' ? '' : result.text;
    const estado = text ? 'listo' : 'sin_texto';
    await finish(row.clave, estado, text || null);
    return estado;
  }

  async function runOnce(): Promise<number> {
    const rows = await claim(o.db, o.batchSize ?? 5, o.leaseMs ?? 60_000);
    const outcomes: Record<string, number> = {};
    for (const row of rows) {
      const outcome = await read(row).catch(() => 'reintento' as const);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    if (rows.length)
      log(
        `textos de CV: ${Object.entries(outcomes)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')}`,
      );
    return rows.length;
  }

  const pollMs = o.pollMs ?? 2_000;
  const tick = () => {
    if (stopped) return;
    running = runOnce()
      .catch((err: unknown) => {
        log(`textos de CV: la cola no se pudo leer (${(err as Error)?.name ?? 'error'})`);
        return 0;
      })
      .then((n) => {
        running = null;
        // A full batch: more may be waiting (a backfill); otherwise wait for the next poll.
        if (!stopped) {
          timer = setTimeout(tick, n >= (o.batchSize ?? 5) ? 0 : pollMs);
          timer.unref();
        }
        return n;
      });
  };
  timer = setTimeout(tick, 0);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await pdf.close();
    },
  };
}
