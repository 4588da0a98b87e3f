import { FormData } from 'undici';
import { listOf } from '../normalise/fields.js';
import type { StoredUpload } from '../uploads/routes.js';
import { answer, type Answer } from './accounts.js';
import type { Upstream } from './http.js';

/** The back-office calls of spec 2 §7: vacancies, assessment templates, administrative e-mails. */
export class BackofficeClient {
  constructor(private readonly http: Upstream) {}

  nameCheck(name: string, branchId: string) {
    return this.http.request('/plazas/existe', { query: { nombre: name, sede: branchId } });
  }

  createVacancy(fields: Record<string, string>, image: { data: Buffer; upload: StoredUpload }): Promise<Answer> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('imagenFile', new Blob([new Uint8Array(image.data)], { type: image.upload.mime }), image.upload.name);
    return answer(this.http.request('/guardar/Vacante', { method: 'POST', form, timeoutMs: 30_000 }));
  }

  updateVacancy(
    vacancyId: string,
    fields: Record<string, string | string[]>,
    image?: { data: Buffer; upload: StoredUpload },
  ): Promise<Answer> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
    if (image) form.append('ImagenBase64', `data:${image.upload.mime};base64,${image.data.toString('base64')}`);
    return answer(
      this.http.request(`/vacantes/${encodeURIComponent(vacancyId)}`, { method: 'POST', form, timeoutMs: 30_000 }),
    );
  }

  deleteVacancy(vacancyId: string) {
    return answer(this.http.request(`/plazas/${encodeURIComponent(vacancyId)}`, { method: 'POST' }));
  }

  setFeatured(vacancyId: string, featured: boolean) {
    return answer(
      this.http.request(`/plazas/${encodeURIComponent(vacancyId)}/destacado`, {
        method: 'POST',
        json: { destacado: featured },
      }),
    );
  }

  async templates(): Promise<unknown[]> {
    return listOf(await this.http.request('/pruebas/templates', { timeoutMs: 10_000 }), 'templates', 'pruebas');
  }

  createTemplate(fields: Record<string, string>, file?: { data: Buffer; upload: StoredUpload }) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file)
      form.append('Archivo', new Blob([new Uint8Array(file.data)], { type: file.upload.mime }), file.upload.name);
    return answer(this.http.request('/pruebas/templates', { method: 'POST', form, timeoutMs: 30_000 }));
  }

  setTemplateActive(templateId: string, active: boolean) {
    return answer(
      this.http.request(`/pruebas/templates/${encodeURIComponent(templateId)}/activo`, {
        method: 'POST',
        json: { activo: active },
      }),
    );
  }

  deleteTemplate(templateId: string) {
    return answer(this.http.request(`/pruebas/templates/${encodeURIComponent(templateId)}`, { method: 'POST' }));
  }

  async emails(onlyActive: boolean): Promise<unknown[]> {
    return listOf(
      await this.http.request('/correos', { query: { soloActivos: onlyActive }, timeoutMs: 15_000 }),
      'correos',
    );
  }
  createEmail(email: string, name: string) {
    return answer(this.http.request('/correos', { method: 'POST', json: { email, nombre: name }, timeoutMs: 15_000 }));
  }
  updateEmail(emailId: string, email: string, name: string) {
    return answer(
      this.http.request(`/correos/${encodeURIComponent(emailId)}`, {
        method: 'POST',
        json: { email, nombre: name },
        timeoutMs: 15_000,
      }),
    );
  }
  setEmailActive(emailId: string, active: boolean) {
    return answer(
      this.http.request(`/correos/${encodeURIComponent(emailId)}/activo`, {
        method: 'POST',
        json: { Activo: active },
        timeoutMs: 15_000,
      }),
    );
  }
  deleteEmail(emailId: string) {
    return answer(
      this.http.request(`/correos/${encodeURIComponent(emailId)}/eliminar`, { method: 'POST', timeoutMs: 15_000 }),
    );
  }
}
