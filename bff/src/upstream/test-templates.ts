import { searchKey } from '@bolsa/domain';
import { FormData } from 'undici';
import {
  normaliseTestTemplate,
  normaliseTestTemplateList,
  type TestTemplateDto,
  type TestCategory,
  type TestType,
} from '../normalise/test-template.js';
import { failed, failure, isRecordId, success, type Result } from './failure.js';
import type { FilePart, Upstream } from './http.js';

export interface TemplateQuery {
  search?: string | null;
  category?: TestCategory | null;
  type?: TestType | null;
  includeInactive?: boolean | null;
}

export interface NewTemplate {
  name: string;
  description: string;
  type: TestType;
  category: TestCategory;
  active: boolean;
  link: string | null;
}

/** Plantillas de pruebas (spec 2 §7: /pruebas/templates and its /activo and delete calls). */
export class TestTemplatesClient {
  constructor(private readonly http: Upstream) {}

  async list(q: TemplateQuery = {}): Promise<TestTemplateDto[]> {
    const raw = await this.http.read('/pruebas/templates', {
      query: {
        search: q.search?.trim() || undefined,
        categoria: q.category ?? undefined,
        tipo: q.type ?? undefined,
        incluirInactivas: !!q.includeInactive,
      },
      timeoutMs: 10_000,
    });
    const key = searchKey(q.search);
    // The api filters too; filtering again keeps an older api that ignores the parameters right.
    return normaliseTestTemplateList(raw).filter(
      (t) =>
        (!!q.includeInactive || t.active) &&
        (!q.category || t.category === q.category) &&
        (!q.type || t.type === q.type) &&
        (!key || searchKey(`${t.name} ${t.description ?? ''}`).includes(key)),
    );
  }

  async create(t: NewTemplate, file: FilePart | null): Promise<Result<TestTemplateDto>> {
    const form = new FormData();
    form.append('Nombre', t.name);
    form.append('Descripcion', t.description);
    form.append('Tipo', t.type);
    form.append('Categoria', t.category);
    form.append('Activo', String(t.active));
    if (t.link) form.append('Link', t.link);
    else if (file) form.append('Archivo', new Blob([new Uint8Array(file.data)], { type: file.mime }), file.name);
    const r = await this.http.send('/pruebas/templates', { method: 'POST', form, timeoutMs: 30_000 });
    if (!r.ok) return r;
    const created = normaliseTestTemplate(r.value);
    return created ? success(created) : failed(failure('unconfirmed'));
  }

  async setActive(templateId: string, active: boolean): Promise<Result<TestTemplateDto | null>> {
    if (!isRecordId(templateId)) return failed(failure('not-found'));
    const r = await this.http.send(`/pruebas/templates/${templateId}/activo`, {
      method: 'POST',
      json: { activo: active },
    });
    if (!r.ok) return r;
    return success(
      normaliseTestTemplate(r.value) ??
        (await this.list({ includeInactive: true })).find((t) => t.id === templateId) ??
        null,
    );
  }

  async delete(templateId: string): Promise<Result<true>> {
    if (!isRecordId(templateId)) return failed(failure('not-found'));
    const r = await this.http.send(`/pruebas/templates/${templateId}`, { method: 'POST' });
    return r.ok ? success(true) : r;
  }
}
