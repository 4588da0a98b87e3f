import type { Upstream } from './http.js';

/** Files the BFF streams on: public vacancy images and staff-only assessment files. */
export class FilesClient {
  constructor(private readonly http: Upstream) {}

  /** GET /archivos/{key} (keys under plazas/ only; the caller checks). */
  vacancyImage(key: string) {
    return this.http.raw(`/archivos/${key}`);
  }

  /** GET /pruebas/templates/{id}/download. */
  testTemplateFile(templateId: string) {
    return this.http.raw(`/pruebas/templates/${templateId}/download`, { timeoutMs: 30_000 });
  }
}
