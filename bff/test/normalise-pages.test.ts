import { ACTIVE_STATES, TERMINAL_STATES } from '@bolsa/domain';
import { describe, expect, it } from 'vitest';
import { normaliseCandidateList, normaliseCandidatePage } from '../src/normalise/candidate-page.js';
import { pageEnvelope } from '../src/normalise/paging.js';
import {
  normaliseNameCheck,
  normaliseVacancyDeletion,
  normaliseVacancyList,
  normaliseVacancyPage,
} from '../src/normalise/vacancy-page.js';
import candidates from './fixtures/legacy-candidates.json' with { type: 'json' };
import vacancies from './fixtures/legacy-vacancies.json' with { type: 'json' };

/**
 * List answers in every shape the api or the legacy backend sends: the paging envelope in any
 * key case, the documented bare array, and arrays wrapped under a Spanish or generic key.
 */
const asked = { page: 3, pageSize: 25 };

describe('normalise/paging', () => {
  it('reads the envelope in any key case; missing page and pageSize fall back to what was asked', () => {
    expect(pageEnvelope({ Items: [1], TotalCount: '41', PAGE: 2, page_size: 20, Counts: { a: 1 } }, asked)).toEqual({
      items: [1],
      totalCount: 41,
      page: 2,
      pageSize: 20,
      counts: { a: 1 },
    });
    expect(pageEnvelope({ items: [] }, asked)).toEqual({
      items: [],
      totalCount: 0,
      page: 3,
      pageSize: 25,
      counts: undefined,
    });
  });
  it('is null for a bare array or an answer without an items list (the caller pages it)', () => {
    expect(pageEnvelope([{ id: 1 }], asked)).toBeNull();
    expect(pageEnvelope({ data: [{ id: 1 }] }, asked)).toBeNull();
    expect(pageEnvelope({ items: 'x' }, asked)).toBeNull();
    expect(pageEnvelope(null, asked)).toBeNull();
  });
});

describe('normalise/candidate-page', () => {
  it('reads candidate lists bare or wrapped under candidatos, postulantes, data, items', () => {
    const ids = (raw: unknown) => normaliseCandidateList(raw).map((c) => c.id);
    // The fixture's last row has no id: it is dropped.
    expect(ids(candidates)).toEqual(['11', '12', '13', '14', '15']);
    expect(ids({ candidatos: candidates })).toEqual(ids(candidates));
    expect(ids({ Postulantes: candidates })).toEqual(ids(candidates));
    expect(ids({ data: candidates })).toEqual(ids(candidates));
    expect(ids({ candidatos: [{ nombre: 'sin id' }, null, 3] })).toEqual([]);
  });
  it('reads a page: counts per state under legacy spellings (added up), todos, states outside the list dropped', () => {
    const page = normaliseCandidatePage(
      {
        items: candidates,
        totalCount: 57,
        page: 2,
        pageSize: 10,
        counts: {
          postulado: 3,
          'En Revisión': 2,
          'en seguimiento': 4,
          'PRUEBAS TECNICAS': 1,
          contratado: 9,
          Todos: 57,
        },
      },
      ACTIVE_STATES,
      asked,
    );
    expect(page).not.toBeNull();
    expect(page!.items.map((c) => c.state)).toEqual(normaliseCandidateList(candidates).map((c) => c.state));
    expect([page!.totalCount, page!.page, page!.pageSize, page!.allCount]).toEqual([57, 2, 10, 57]);
    expect(page!.counts.get('postulado')).toBe(3);
    expect(page!.counts.get('en seguimiento')).toBe(7);
    expect(page!.counts.has('contratado')).toBe(false);
    expect([...page!.counts.keys()]).toEqual([...ACTIVE_STATES]);
  });
  it('without todos the whole count is the sum of the list states; without counts every state is 0', () => {
    const page = normaliseCandidatePage(
      { Items: [], COUNTS: { RECHAZADO: '4', contratado: 2 } },
      TERMINAL_STATES,
      asked,
    );
    expect(page!.allCount).toBe(6);
    expect([page!.page, page!.pageSize]).toEqual([3, 25]);
    const empty = normaliseCandidatePage({ items: [] }, TERMINAL_STATES, asked);
    expect([...empty!.counts.values()]).toEqual([0, 0]);
    expect(empty!.allCount).toBe(0);
  });
  it('is null for the documented bare array', () => {
    expect(normaliseCandidatePage(candidates, ACTIVE_STATES, asked)).toBeNull();
    expect(normaliseCandidatePage({ postulantes: candidates }, ACTIVE_STATES, asked)).toBeNull();
  });
});

describe('normalise/vacancy-page', () => {
  it('reads vacancy lists bare or wrapped under vacantes, plazas, data, items', () => {
    const ids = (raw: unknown) => normaliseVacancyList(raw).map((v) => v.id);
    const all = ids(vacancies);
    expect(all.length).toBeGreaterThan(1);
    expect(ids({ vacantes: vacancies })).toEqual(all);
    expect(ids({ Plazas: vacancies })).toEqual(all);
    expect(ids({ value: vacancies })).toEqual(all);
  });
  it('reads a page with its counts in any key case; null for a bare array', () => {
    const page = normaliseVacancyPage(
      { items: vacancies, totalCount: 12, page: 1, pageSize: 6, counts: { Active: '9', INACTIVE: 3, featured: null } },
      asked,
    );
    expect(page!.items.map((v) => v.id)).toEqual(normaliseVacancyList(vacancies).map((v) => v.id));
    expect([page!.totalCount, page!.page, page!.pageSize]).toEqual([12, 1, 6]);
    expect(page!.counts).toEqual({ active: 9, inactive: 3, featured: 0 });
    expect(normaliseVacancyPage({ Items: [] }, asked)!.counts).toEqual({ active: 0, inactive: 0, featured: 0 });
    expect(normaliseVacancyPage(vacancies, asked)).toBeNull();
  });
  it('reads the name check and the delete answer', () => {
    expect(normaliseNameCheck({ existe: true, activas: '2' })).toEqual({ exists: true, activeCount: 2 });
    expect(normaliseNameCheck({ Existe: 'true', Activas: null })).toEqual({ exists: false, activeCount: 0 });
    expect(normaliseVacancyDeletion({ candidatosEliminados: 4 })).toEqual({ deletedApplications: 4 });
    expect(normaliseVacancyDeletion({ CANDIDATOS_ELIMINADOS: 'x' })).toEqual({ deletedApplications: 0 });
    expect(normaliseVacancyDeletion(null)).toEqual({ deletedApplications: 0 });
  });
});
