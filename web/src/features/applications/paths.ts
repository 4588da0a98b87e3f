/** The shareable address that opens the application form of a vacancy (spec 1 §2.6, issue 9). */
export const APPLICATION_ROUTE = '/vacantes/:id/postular';

export const applicationPath = (vacancyId: string) => `/vacantes/${encodeURIComponent(vacancyId)}/postular`;

/** Whether `pathname` is a vacancy's application link (APPLICATION_ROUTE), read before the router exists. */
export const isApplicationPath = (pathname: string) => /^\/vacantes\/[^/]+\/postular\/?$/.test(pathname);
