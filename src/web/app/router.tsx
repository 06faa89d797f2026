import type { ComponentType } from 'react';
import { useState } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { RouteError } from '#web/components/errors/route-error';
import { PageSpinner } from '#web/components/page-spinner';
import { paths } from '#web/lib/paths';
import { MainLayoutRoute, RootShell } from './routes/root';

/** Lazily loaded page; its own error boundary keeps the surrounding layout usable. */
function page(path: string | undefined, load: () => Promise<ComponentType>): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    ErrorBoundary: RouteError,
    lazy: async () => ({ Component: await load() }),
  };
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootShell,
      ErrorBoundary: RouteError,
      HydrateFallback: PageSpinner,
      children: [
        {
          // Pages with the top navigation bar.
          Component: MainLayoutRoute,
          children: [
            page(undefined, () => import('./routes/catalog/home').then((m) => m.HomeRoute)),
            page(paths.myCourses.path, () => import('./routes/student/my-courses').then((m) => m.MyCoursesRoute)),
            page(paths.checkout.path, () => import('./routes/student/checkout').then((m) => m.CheckoutRoute)),
            page(paths.creator.dashboard.path, () => import('./routes/creator/dashboard').then((m) => m.CreatorDashboardRoute)),
            page(paths.creator.createCourse.path, () =>
              import('./routes/creator/create-course').then((m) => m.CreateCourseRoute),
            ),
            page(paths.creator.editCourse.path, () => import('./routes/creator/edit-course').then((m) => m.EditCourseRoute)),
            page(paths.creator.courseAnalytics.path, () =>
              import('./routes/creator/course-analytics').then((m) => m.CourseAnalyticsRoute),
            ),
            page(paths.creator.courseStudents.path, () =>
              import('./routes/creator/course-students').then((m) => m.CourseStudentsRoute),
            ),
            page(paths.creator.courseBuilder.path, () =>
              import('./routes/creator/course-builder').then((m) => m.CourseBuilderRoute),
            ),
            page(paths.creator.moduleBuilder.path, () =>
              import('./routes/creator/module-builder').then((m) => m.ModuleBuilderRoute),
            ),
            page(paths.creator.quizBuilder.path, () => import('./routes/creator/quiz-builder').then((m) => m.QuizBuilderRoute)),
            page(paths.certificate.path, () => import('./routes/certificates/certificate').then((m) => m.CertificateRoute)),
            page(paths.course.detail.path, () => import('./routes/catalog/course-detail').then((m) => m.CourseDetailRoute)),
            page('*', () => import('./routes/not-found').then((m) => m.NotFoundRoute)),
          ],
        },
        // Pages without the top navigation bar (SPEC §2).
        page(paths.login.path, () => import('./routes/auth/login').then((m) => m.LoginRoute)),
        page(paths.creatorPortal.path, () => import('./routes/auth/creator-portal').then((m) => m.CreatorPortalRoute)),
        page(paths.forgotPassword.path, () => import('./routes/auth/forgot-password').then((m) => m.ForgotPasswordRoute)),
        page(paths.resetPassword.path, () => import('./routes/auth/reset-password').then((m) => m.ResetPasswordRoute)),
        page(paths.course.learn.path, () => import('./routes/learn/learn').then((m) => m.LearnRoute)),
        page(paths.course.preview.path, () => import('./routes/learn/preview').then((m) => m.PreviewRoute)),
      ],
    },
  ]);
}

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
