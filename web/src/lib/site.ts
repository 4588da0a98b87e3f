import { ORGANISATION_NAME } from '@bolsa/domain';

/**
 * Facts about the organisation shown around the site. Kept in one place so that communications
 * staff can change them without touching components.
 */
export const SITE = {
  name: ORGANISATION_NAME,
  /** hiringOrganization of the vacancies' structured data; the BFF's server-rendered copy uses the same. */
  organization: ORGANISATION_NAME,
  contactNumber: '1586',
  social: [
    { label: 'Facebook', url: 'https://www.facebook.com/' },
    { label: 'Instagram', url: 'https://www.instagram.com/' },
    { label: 'YouTube', url: 'https://www.youtube.com/' },
    { label: 'X', url: 'https://x.com/' },
  ],
} as const;

export type SocialNetwork = (typeof SITE.social)[number]['label'];

export function pageTitle(title?: string | null): string {
  return title ? `${title} · ${SITE.name}` : SITE.name;
}
