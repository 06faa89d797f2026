/**
 * The app's pages: each router pattern and the module that draws it, named by its file under
 * src/web/app/routes (whose default export is the page). The router's routes are made from this table
 * at build (vite.config.ts, `virtual:page-code`), and the server reads it to name a page's code in the
 * HTML it sends (`modulepreload`: a phone fetches it beside the entry, not after the entry has run) and
 * to answer 404 where no page answers. `*` is the router's catch-all, tried last.
 */
export const PAGES: Readonly<Record<string, string>> = {
  '/': 'catalog/home',
  '/courses': 'catalog/course-search',
  '/my-courses': 'student/my-courses',
  '/purchases': 'student/purchases',
  '/cart': 'student/cart',
  '/account': 'account/account',
  '/account/confirm-email': 'account/confirm-email',
  '/checkout/:courseId': 'student/checkout',
  '/creator/dashboard': 'creator/dashboard',
  '/creator/create-course': 'creator/create-course',
  '/creator/courses/:id/edit': 'creator/edit-course',
  '/creator/courses/:id/analytics': 'creator/course-analytics',
  '/creator/courses/:id/students': 'creator/course-students',
  '/creator/courses/:id/build': 'creator/course-builder',
  '/creator/modules/:id/build': 'creator/module-builder',
  '/creator/quizzes/:id/build': 'creator/quiz-builder',
  '/creator/coupons': 'creator/coupons',
  '/creator/earnings': 'creator/earnings',
  '/admin': 'admin/admin',
  '/certificates/:id': 'certificates/certificate',
  '/course/:id': 'catalog/course-detail',
  '/instructors/:id': 'instructors/instructor',
  '*': 'not-found',
};

/** The pages drawn without the top navigation bar, as PAGES. */
export const BARE_PAGES: Readonly<Record<string, string>> = {
  '/login': 'auth/login',
  '/creator': 'auth/creator-portal',
  '/forgot-password': 'auth/forgot-password',
  '/reset-password': 'auth/reset-password',
  '/course/:id/learn': 'learn/learn',
  // The same page at one slide or quiz: switching between the two keeps the page (same element type).
  '/course/:id/learn/:itemId': 'learn/learn',
  '/course/:id/preview': 'learn/preview',
};

/** The page module for an address (its path, without query), as the build manifest names it, as the router would choose it. */
export function pageModuleFor(pathname: string): string | undefined {
  const page = pageFor(pathname);
  return page && `app/routes/${page.module}.tsx`;
}

/** The router pattern of an address's page (`/course/:id`, `*`): how metrics name a page, never by its address. */
export function pagePatternFor(pathname: string): string {
  return pageFor(pathname)?.path ?? '*';
}

const segmentsOf = (pathname: string) => pathname.split('/').filter((segment) => segment !== '');

/** Every id in a page's address (a course, a slide, a person, a certificate) is a UUID. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The page an address names, its router pattern and parameters (`/course/:id` → `{ id }`), or
 * undefined where it names none: no pattern but the catch-all fits, or an id in it is not one that
 * can exist (the server answers both with 404).
 */
export function pageAddressFor(pathname: string): { path: string; params: Record<string, string> } | undefined {
  const page = pageFor(pathname);
  if (!page || page.path === '*') return undefined;
  const segments = segmentsOf(pathname);
  const params: Record<string, string> = {};
  for (const [index, part] of segmentsOf(page.path).entries()) {
    if (!part.startsWith(':')) continue;
    const value = segments[index] ?? '';
    if (!ID_PATTERN.test(value)) return undefined;
    params[part.slice(1)] = value;
  }
  return { path: page.path, params };
}

const ROUTES = [...Object.entries(PAGES), ...Object.entries(BARE_PAGES)].map(([path, module]) => ({ path, module }));

function pageFor(pathname: string): { path: string; module: string } | undefined {
  const segments = segmentsOf(pathname);
  const page = ROUTES.find(({ path }) => {
    const pattern = segmentsOf(path);
    return (
      path !== '*' &&
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part.toLowerCase() === segments[index]?.toLowerCase())
    );
  });
  return page ?? ROUTES.find(({ path }) => path === '*');
}

/**
 * The pages the server draws before their code arrives (ADR 0019), and for whom: `anyone`, or only a
 * signed-in viewer (a guest's Learn page is a redirect to sign in, which the browser does).
 */
export const SERVER_RENDERED_PAGES: Readonly<Record<string, 'anyone' | 'signed-in'>> = {
  'app/routes/catalog/home.tsx': 'anyone',
  'app/routes/catalog/course-detail.tsx': 'anyone',
  'app/routes/catalog/course-search.tsx': 'anyone',
  'app/routes/instructors/instructor.tsx': 'anyone',
  'app/routes/learn/learn.tsx': 'signed-in',
};

/**
 * Drawn pages made for reading (ADR 0033): their links are real links, their search form a real form,
 * and nothing on them changes by itself, so their code waits for the visitor's first sign of use (a
 * pointer moving or pressing, a touch, a key, focus, the wheel) instead of running as soon as they
 * show. A page where the app must act unasked (Learn counts what is watched) takes over at once.
 */
export const PAGES_STARTED_ON_ENGAGEMENT: ReadonlySet<string> = new Set([
  'app/routes/catalog/home.tsx',
  'app/routes/catalog/course-detail.tsx',
  'app/routes/catalog/course-search.tsx',
  'app/routes/instructors/instructor.tsx',
]);
