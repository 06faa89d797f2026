import { pageAddressFor } from '#shared/page-modules';
import type { ApiGet } from './page-renderer';

/*
 * The status of a page's answer (ADR 0043). The page itself is drawn by the browser (or the server,
 * ADR 0019) from the API, whatever the status; the status is what a search engine and a link checker
 * go by, so an address that names nothing answers 404, never a 200 with the app's generic page.
 */

/**
 * Pages about one thing, and the API address that says whether it exists for the viewer: a draft is
 * its creator's alone there, so the page answers 404 to everyone else, exactly as the API does, and
 * tells nothing the API does not.
 */
const SUBJECTS: Readonly<Record<string, (params: Record<string, string>) => string>> = {
  '/course/:id': ({ id }) => `/api/courses/${id}`,
  '/course/:id/learn': ({ id }) => `/api/courses/${id}`,
  '/course/:id/learn/:itemId': ({ id }) => `/api/courses/${id}`,
  '/course/:id/preview': ({ id }) => `/api/courses/${id}`,
  '/checkout/:courseId': ({ courseId }) => `/api/courses/${courseId}`,
  '/instructors/:id': ({ id }) => `/api/instructors/${id}`,
  '/certificates/:id': ({ id }) => `/api/certificates/${id}`,
};

/**
 * 404 for an address no page answers, one with an id that cannot exist, and a page whose subject
 * the API does not show `token`'s holder (a guest for null); 200 otherwise. The studio's pages are
 * not asked about: never in a search engine, and their creator's own to mistype.
 */
export async function pageStatus({
  pathname,
  token,
  get,
  requestId,
}: {
  pathname: string;
  token: string | null;
  get: ApiGet;
  requestId?: string;
}): Promise<200 | 404> {
  const page = pageAddressFor(pathname);
  if (!page) return 404;
  const subject = SUBJECTS[page.path];
  if (!subject) return 200;
  let { status } = await get(subject(page.params), token, requestId);
  // A cookie that names no live session is a guest's.
  if (status === 401 && token !== null) ({ status } = await get(subject(page.params), null, requestId));
  return status === 404 ? 404 : 200;
}
