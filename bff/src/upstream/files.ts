import type { Readable } from 'node:stream';
import { normaliseStagedFile } from '../normalise/write-answer.js';
import { failure, type Failure } from './failure.js';
import type { Upstream } from './http.js';

/** What a staged file may be: a PDF document or a JPEG/PNG photo (the api judges the bytes). */
export type StagingKind = 'documento' | 'foto';

export type StageResult =
  | { ok: true; id: string; size: number; mime: string }
  | { ok: false; kind: 'too-large' | 'wrong-type' | 'empty' }
  /** An image over the pixel limit, header-only or truncated: the api's Spanish message. */
  | { ok: false; kind: 'bad-image'; message: string }
  | { ok: false; kind: 'failed'; failure: Failure };

/** A file staged in the api (FilesClient.stage), named by a form in place of its bytes. */
export interface StagedFile {
  id: string;
}

/** `?preparados=Campo:id,…`, the documented multipart endpoints' extra parameter for staged files. */
export function stagedQuery(parts: [string, StagedFile | undefined][]): { preparados?: string } {
  const named = parts.filter((p): p is [string, StagedFile] => !!p[1]).map(([field, f]) => `${field}:${f.id}`);
  return named.length ? { preparados: named.join(',') } : {};
}

/** Files the BFF streams on: public vacancy images and staff-only assessment files; candidates' files it stages. */
export class FilesClient {
  constructor(private readonly http: Upstream) {}

  /** GET /internal/archivos/{key} (keys under plazas/ only; the caller checks). */
  vacancyImage(key: string) {
    return this.http.raw(`/internal/archivos/${key}`);
  }

  /** GET /pruebas/templates/{id}/download. */
  testTemplateFile(templateId: string) {
    return this.http.raw(`/pruebas/templates/${templateId}/download`, { timeoutMs: 30_000 });
  }

  /**
   * POST /internal/archivos-preparados: a candidate's file streamed into the api's store while it
   * is still arriving from the browser; forms then name it by id (docs/decisions/2026-11-24-staged-uploads.md).
   */
  /** `candidateId`: the registered candidate staging it (erasing their account removes it), null for a guest. */
  async stage(
    body: Readable,
    kind: StagingKind,
    name: string,
    candidateId: string | null = null,
  ): Promise<StageResult> {
    const r = await this.http.send('/internal/archivos-preparados', {
      method: 'POST',
      query: { tipo: kind, nombre: name, ...(candidateId ? { usuarioId: candidateId } : {}) },
      stream: body,
      timeoutMs: 120_000,
    });
    if (!r.ok) {
      if (r.failure.status === 413) return { ok: false, kind: 'too-large' };
      if (r.failure.status === 415) return { ok: false, kind: 'wrong-type' };
      if (r.failure.status === 422 && r.failure.message)
        return { ok: false, kind: 'bad-image', message: r.failure.message };
      if (r.failure.kind === 'invalid') return { ok: false, kind: 'empty' };
      return { ok: false, kind: 'failed', failure: r.failure };
    }
    const staged = normaliseStagedFile(r.value);
    if (!staged) return { ok: false, kind: 'failed', failure: failure('unconfirmed') };
    return { ok: true, ...staged };
  }

  /** Drops a staged file no form will name (its upload was refused after it was stored). */
  async dropStaged(id: string): Promise<void> {
    await this.http.send(`/internal/archivos-preparados/${encodeURIComponent(id)}/eliminar`, {
      method: 'POST',
      timeoutMs: 10_000,
    });
  }
}
