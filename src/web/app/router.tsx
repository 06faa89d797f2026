import { unstable_HistoryRouter as HistoryRouter, type RouteObject, renderMatches, useLocation } from 'react-router';
import { paths } from '#web/lib/paths';
import { type LazyPage, lazyPage } from './lazy-page';
import { createPageHistory, type PageHandle } from './page-history';
import { createRouteMatcher } from './route-matcher';
import { MainLayoutRoute, RootShell } from './routes/root';

// Declarative mode, not a data router: the pages fetch through TanStack Query, not loaders, and the
// data router's code (~20 KB gzip) would sit in every page's first load (issue 8, JavaScript budget).
// `createPageHistory` keeps the one thing of the data router the app relied on: the address changes
// when the next page's code is here.

function page(path: string | undefined, { element, preload, isLoaded }: LazyPage): RouteObject {
  return { ...(path === undefined ? { index: true } : { path }), element, handle: { preload, isLoaded } };
}

const routes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      {
        // Pages with the top navigation bar.
        element: <MainLayoutRoute />,
        children: [
          page(
            undefined,
            lazyPage(() => import('./routes/catalog/home').then((m) => m.HomeRoute)),
          ),
          page(
            paths.search.path,
            lazyPage(() => import('./routes/catalog/course-search').then((m) => m.CourseSearchRoute)),
          ),
          page(
            paths.myCourses.path,
            lazyPage(() => import('./routes/student/my-courses').then((m) => m.MyCoursesRoute)),
          ),
          page(
            paths.purchases.path,
            lazyPage(() => import('./routes/student/purchases').then((m) => m.PurchasesRoute)),
          ),
          page(
            paths.cart.path,
            lazyPage(() => import('./routes/student/cart').then((m) => m.CartRoute)),
          ),
          page(
            paths.account.path,
            lazyPage(() => import('./routes/account/account').then((m) => m.AccountRoute)),
          ),
          page(
            paths.confirmEmail.path,
            lazyPage(() => import('./routes/account/confirm-email').then((m) => m.ConfirmEmailRoute)),
          ),
          page(
            paths.checkout.path,
            lazyPage(() => import('./routes/student/checkout').then((m) => m.CheckoutRoute)),
          ),
          page(
            paths.creator.dashboard.path,
            lazyPage(() => import('./routes/creator/dashboard').then((m) => m.CreatorDashboardRoute)),
          ),
          page(
            paths.creator.createCourse.path,
            lazyPage(() => import('./routes/creator/create-course').then((m) => m.CreateCourseRoute)),
          ),
          page(
            paths.creator.editCourse.path,
            lazyPage(() => import('./routes/creator/edit-course').then((m) => m.EditCourseRoute)),
          ),
          page(
            paths.creator.courseAnalytics.path,
            lazyPage(() => import('./routes/creator/course-analytics').then((m) => m.CourseAnalyticsRoute)),
          ),
          page(
            paths.creator.courseStudents.path,
            lazyPage(() => import('./routes/creator/course-students').then((m) => m.CourseStudentsRoute)),
          ),
          page(
            paths.creator.courseBuilder.path,
            lazyPage(() => import('./routes/creator/course-builder').then((m) => m.CourseBuilderRoute)),
          ),
          page(
            paths.creator.moduleBuilder.path,
            lazyPage(() => import('./routes/creator/module-builder').then((m) => m.ModuleBuilderRoute)),
          ),
          page(
            paths.creator.quizBuilder.path,
            lazyPage(() => import('./routes/creator/quiz-builder').then((m) => m.QuizBuilderRoute)),
          ),
          page(
            paths.creator.coupons.path,
            lazyPage(() => import('./routes/creator/coupons').then((m) => m.CreatorCouponsRoute)),
          ),
          page(
            paths.creator.earnings.path,
            lazyPage(() => import('./routes/creator/earnings').then((m) => m.CreatorEarningsRoute)),
          ),
          page(
            paths.admin.path,
            lazyPage(() => import('./routes/admin/admin').then((m) => m.AdminRoute)),
          ),
          page(
            paths.certificate.path,
            lazyPage(() => import('./routes/certificates/certificate').then((m) => m.CertificateRoute)),
          ),
          page(
            paths.course.detail.path,
            lazyPage(() => import('./routes/catalog/course-detail').then((m) => m.CourseDetailRoute)),
          ),
          page(
            paths.instructor.path,
            lazyPage(() => import('./routes/instructors/instructor').then((m) => m.InstructorRoute)),
          ),
          page(
            '*',
            lazyPage(() => import('./routes/not-found').then((m) => m.NotFoundRoute)),
          ),
        ],
      },
      // Pages without the top navigation bar (docs/product.md, Pages, addresses and the header).
      page(
        paths.login.path,
        lazyPage(() => import('./routes/auth/login').then((m) => m.LoginRoute)),
      ),
      page(
        paths.creatorPortal.path,
        lazyPage(() => import('./routes/auth/creator-portal').then((m) => m.CreatorPortalRoute)),
      ),
      page(
        paths.forgotPassword.path,
        lazyPage(() => import('./routes/auth/forgot-password').then((m) => m.ForgotPasswordRoute)),
      ),
      page(
        paths.resetPassword.path,
        lazyPage(() => import('./routes/auth/reset-password').then((m) => m.ResetPasswordRoute)),
      ),
      page(
        paths.course.learn.path,
        lazyPage(() => import('./routes/learn/learn').then((m) => m.LearnRoute)),
      ),
      // The same page at one slide or quiz: switching between the two keeps the page (same element type).
      page(
        paths.course.learnItem.path,
        lazyPage(() => import('./routes/learn/learn').then((m) => m.LearnRoute)),
      ),
      page(
        paths.course.preview.path,
        lazyPage(() => import('./routes/learn/preview').then((m) => m.PreviewRoute)),
      ),
    ],
  },
];

const matchPages = createRouteMatcher(routes);

/** The pages of the app, under whichever router holds the address (the browser's, or the server's for one page). */
export function AppRoutes() {
  // What `useRoutes(routes)` renders at the top level, from the remembered match of the address.
  return renderMatches(matchPages(useLocation().pathname));
}

/** Loads the code of the pages an address shows: the server renders them, and the browser takes them over, without waiting. */
export function preloadPagesFor(pathname: string): Promise<unknown> {
  const handles = (matchPages(pathname) ?? []).flatMap(({ route }) => (route.handle ? [route.handle as PageHandle] : []));
  return Promise.all(handles.map((handle) => handle.preload()));
}

let history: ReturnType<typeof createPageHistory> | null = null;

export function AppRouter() {
  history ??= createPageHistory(matchPages);
  // Updates render at once: a page's code is loaded before its address is pushed.
  return (
    <HistoryRouter history={history} useTransitions={false}>
      <AppRoutes />
    </HistoryRouter>
  );
}
