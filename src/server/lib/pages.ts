import type { PageCode } from '#shared/drawn-page';
import { BARE_PAGES, PAGES } from '#shared/page-modules';
import type { ApiGet } from './page-renderer';

/** The page an address shows, as the router chooses it. */
export type Page = {
  /** Its router pattern (`/course/:id`, `*`): how metrics name a page, never by its address. */
  path: string;
  /** Its module, as the build manifest names it. */
  module: string;
  /** Its parameters (`/course/:id` → `{ id }`); none where the address names no page (404). */
  params: Record<string, string> | undefined;
};

const segmentsOf = (pathname: string) => pathname.split('/').filter((segment) => segment !== '');
const manifestKey = (module: string) => `app/routes/${module}.tsx`;

const ROUTES = [...Object.entries(PAGES), ...Object.entries(BARE_PAGES)]
  .filter(([path]) => path !== '*')
  .map(([path, module]) => ({ path, pattern: segmentsOf(path), module: manifestKey(module) }));
const CATCH_ALL: Page = { path: '*', module: manifestKey(PAGES['*'] ?? 'not-found'), params: undefined };

/** Every id in a page's address (a course, a slide, a person, a certificate) is a UUID. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The page at an address (its path, without query), as the router would choose it: its segments,
 * case aside, or the catch-all. An id in it that cannot exist leaves it without parameters.
 */
export function findPage(pathname: string): Page {
  const segments = segmentsOf(pathname);
  const route = ROUTES.find(
    ({ pattern }) =>
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part.toLowerCase() === segments[index]?.toLowerCase()),
  );
  if (!route) return CATCH_ALL;
  const params: Record<string, string> = {};
  for (const [index, part] of route.pattern.entries()) {
    const value = segments[index] ?? '';
    if (!part.startsWith(':')) continue;
    if (!ID_PATTERN.test(value)) return { path: route.path, module: route.module, params: undefined };
    params[part.slice(1)] = value;
  }
  return { path: route.path, module: route.module, params };
}

/**
 * The pages the server draws before their code arrives (ADR 0019), for whom, and when their code
 * starts. `anyone`, or only a signed-in viewer (a guest's Learn page is a redirect to sign in, which
 * the browser does). Pages made for reading (docs/performance.md, First paint) have real links, a real search form and nothing
 * that changes by itself: their code waits for the visitor's first sign of use (`engaged`). A page
 * where the app must act unasked (Learn counts what is watched) takes over once it shows.
 */
export const DRAWN_PAGES: Readonly<Record<string, { for: 'anyone' | 'signed-in'; start: PageCode['start'] }>> = {
  [manifestKey('catalog/home')]: { for: 'anyone', start: 'engaged' },
  [manifestKey('catalog/course-detail')]: { for: 'anyone', start: 'engaged' },
  [manifestKey('catalog/course-search')]: { for: 'anyone', start: 'engaged' },
  [manifestKey('instructors/instructor')]: { for: 'anyone', start: 'engaged' },
  [manifestKey('learn/learn')]: { for: 'signed-in', start: 'shown' },
};

/**
 * Pages about one thing, and the API address that says whether it exists for the viewer: a draft is
 * its creator's alone there, so the page answers 404 to everyone else, exactly as the API does, and
 * tells nothing the API does not.
 */
const SUBJECTS: Readonly<Record<string, string>> = {
  '/course/:id': '/api/courses/:id',
  '/course/:id/learn': '/api/courses/:id',
  '/course/:id/learn/:itemId': '/api/courses/:id',
  '/course/:id/preview': '/api/courses/:id',
  '/checkout/:courseId': '/api/courses/:courseId',
  '/instructors/:id': '/api/instructors/:id',
  '/certificates/:id': '/api/certificates/:id',
};

/**
 * The status of a page's answer (ADR 0043), which a search engine and a link checker go by (the page
 * itself is the app's, whatever the status): 404 for an address that names no page, and for a page whose
 * subject the API does not show `token`'s holder (a guest for null); 200 otherwise. The studio's pages
 * are not asked about: never in a search engine, and their creator's own to mistype.
 */
export async function pageStatus(page: Page, token: string | null, get: ApiGet, requestId?: string): Promise<200 | 404> {
  const { params } = page;
  if (!params) return 404;
  const subject = SUBJECTS[page.path]?.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
  if (!subject) return 200;
  let { status } = await get(subject, token, requestId);
  // A cookie that names no live session is a guest's.
  if (status === 401 && token !== null) ({ status } = await get(subject, null, requestId));
  return status === 404 ? 404 : 200;
}
