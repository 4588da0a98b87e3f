import { jobPosting, jsonForScript } from '@bolsa/domain';
import { SITE } from '../../lib/site';
import type { VacancyDetailQuery } from '../../gql/graphql';

type VacancyDetail = NonNullable<VacancyDetailQuery['vacancy']>;

/**
 * schema.org JobPosting of the open vacancy, built by the same domain function the BFF uses when
 * it serves /vacantes/:id to crawlers that run no script.
 */
export function JobPostingJsonLd({ vacancy: v }: { vacancy: VacancyDetail }) {
  const origin = window.location.origin;
  const data = {
    ...jobPosting(
      {
        name: v.name,
        description: v.description,
        publishedAt: v.publishedAt,
        endsAt: v.endsAt,
        branchName: v.branch?.name ?? null,
        municipalityName: v.municipality?.name ?? null,
        departmentName: v.department?.name ?? null,
        place: v.place,
        imageUrl: v.imageUrl,
      },
      SITE.organization,
      origin,
    ),
    url: new URL(`/vacantes/${encodeURIComponent(v.id)}`, origin).href,
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />;
}
