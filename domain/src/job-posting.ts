import { guatemalaIsoWithOffset } from './time.js';

/** What a schema.org JobPosting needs from a vacancy, in the GraphQL Vacancy's terms. */
export interface JobPostingInput {
  name: string;
  description: string | null;
  publishedAt: string | null;
  endsAt: string | null;
  branchName: string | null;
  municipalityName: string | null;
  departmentName: string | null;
  place: string | null;
  imageUrl: string | null;
}

/**
 * schema.org JobPosting (https://schema.org/JobPosting) for a vacancy page, so search engines
 * can list the vacancy. `origin` makes relative URLs absolute.
 */
export function jobPosting(v: JobPostingInput, organisation: string, origin: string): Record<string, unknown> {
  const abs = (u: string | null) => (u && !/^https?:|^data:/.test(u) ? origin + u : u);
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: v.name,
    description: v.description ?? v.name,
    ...(v.publishedAt ? { datePosted: v.publishedAt } : {}),
    ...(v.endsAt ? { validThrough: guatemalaIsoWithOffset(v.endsAt, '23:59:59') ?? v.endsAt } : {}),
    employmentType: 'FULL_TIME',
    directApply: false,
    hiringOrganization: { '@type': 'Organization', name: organisation, sameAs: origin },
    ...(v.imageUrl && !v.imageUrl.startsWith('data:') ? { image: abs(v.imageUrl) } : {}),
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: v.municipalityName ?? v.place ?? v.branchName ?? 'Guatemala',
        addressRegion: v.departmentName ?? 'Guatemala',
        addressCountry: 'GT',
      },
    },
  };
}

/** JSON safe to place inside a <script> element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const ORGANISATION_NAME = 'Bolsa de Trabajo';
