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
  '/review': 'student/review',
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
  '/creator/questions': 'creator/questions',
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
