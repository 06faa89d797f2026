/**
 * Which page module draws which address: the module as the build manifest names the router's lazy
 * import (relative to src/web), the address as the router's pattern. The server names a page's code
 * in the HTML it sends (`modulepreload`), so a phone fetches it beside the entry, not after it has
 * run; src/web/app/router.tsx pairs the same (tests/page-modules.test.ts keeps the two equal).
 * `*` is the router's catch-all, tried last.
 */
export const PAGE_MODULES: readonly { path: string; module: string }[] = [
  { path: '/', module: 'app/routes/catalog/home.tsx' },
  { path: '/courses', module: 'app/routes/catalog/course-search.tsx' },
  { path: '/my-courses', module: 'app/routes/student/my-courses.tsx' },
  { path: '/purchases', module: 'app/routes/student/purchases.tsx' },
  { path: '/cart', module: 'app/routes/student/cart.tsx' },
  { path: '/account', module: 'app/routes/account/account.tsx' },
  { path: '/account/confirm-email', module: 'app/routes/account/confirm-email.tsx' },
  { path: '/checkout/:courseId', module: 'app/routes/student/checkout.tsx' },
  { path: '/creator/dashboard', module: 'app/routes/creator/dashboard.tsx' },
  { path: '/creator/create-course', module: 'app/routes/creator/create-course.tsx' },
  { path: '/creator/courses/:id/edit', module: 'app/routes/creator/edit-course.tsx' },
  { path: '/creator/courses/:id/analytics', module: 'app/routes/creator/course-analytics.tsx' },
  { path: '/creator/courses/:id/students', module: 'app/routes/creator/course-students.tsx' },
  { path: '/creator/courses/:id/build', module: 'app/routes/creator/course-builder.tsx' },
  { path: '/creator/modules/:id/build', module: 'app/routes/creator/module-builder.tsx' },
  { path: '/creator/quizzes/:id/build', module: 'app/routes/creator/quiz-builder.tsx' },
  { path: '/creator/coupons', module: 'app/routes/creator/coupons.tsx' },
  { path: '/creator/earnings', module: 'app/routes/creator/earnings.tsx' },
  { path: '/admin', module: 'app/routes/admin/admin.tsx' },
  { path: '/certificates/:id', module: 'app/routes/certificates/certificate.tsx' },
  { path: '/course/:id', module: 'app/routes/catalog/course-detail.tsx' },
  { path: '/instructors/:id', module: 'app/routes/instructors/instructor.tsx' },
  { path: '/login', module: 'app/routes/auth/login.tsx' },
  { path: '/creator', module: 'app/routes/auth/creator-portal.tsx' },
  { path: '/forgot-password', module: 'app/routes/auth/forgot-password.tsx' },
  { path: '/reset-password', module: 'app/routes/auth/reset-password.tsx' },
  { path: '/course/:id/learn', module: 'app/routes/learn/learn.tsx' },
  { path: '/course/:id/learn/:itemId', module: 'app/routes/learn/learn.tsx' },
  { path: '/course/:id/preview', module: 'app/routes/learn/preview.tsx' },
  { path: '*', module: 'app/routes/not-found.tsx' },
];

/** The catch-all's page: the server answers its addresses with 404 (src/server/lib/page-status.ts). */
const NOT_FOUND_PAGE_MODULE = 'app/routes/not-found.tsx';

const segmentsOf = (pathname: string) => pathname.split('/').filter((segment) => segment !== '');

/** The page module for an address (its path, without query), as the router would choose it. */
export function pageModuleFor(pathname: string): string | undefined {
  return pageFor(pathname)?.module;
}

/** The router pattern of an address's page (`/course/:id`, `*`): how metrics name a page, never by its address. */
export function pagePatternFor(pathname: string): string {
  return pageFor(pathname)?.path ?? '*';
}

/** Every id in a page's address (a course, a slide, a person, a certificate) is a UUID. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The page an address names, its router pattern and parameters (`/course/:id` → `{ id }`), or
 * undefined where it names none: no pattern but the catch-all fits, or an id in it is not one that
 * can exist (the server answers both with 404).
 */
export function pageAddressFor(pathname: string): { path: string; params: Record<string, string> } | undefined {
  const page = pageFor(pathname);
  if (!page || page.module === NOT_FOUND_PAGE_MODULE) return undefined;
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

function pageFor(pathname: string): { path: string; module: string } | undefined {
  const segments = segmentsOf(pathname);
  return PAGE_MODULES.find(({ path }) => {
    if (path === '*') return true;
    const pattern = segmentsOf(path);
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part.toLowerCase() === segments[index]?.toLowerCase())
    );
  });
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
