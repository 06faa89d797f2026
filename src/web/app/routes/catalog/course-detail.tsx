import { BookX } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AfterHydration } from '#web/components/after-hydration';
import { ErrorBoundary } from '#web/components/errors/error-boundary';
import { RegionError } from '#web/components/errors/region-error';
import { PageSpinner } from '#web/components/page-spinner';
import { Button } from '#web/components/ui/button';
import { useSavedCourse } from '#web/features/catalog/api/save-course';
import { CourseDetail } from '#web/features/catalog/components/course-detail';
import { courseHead } from '#web/features/catalog/lib/course-head';
import { useDocumentTitle, usePageHead } from '#web/hooks/use-document-title';
import { useCourse } from '#web/lib/api/get-course';
import { useMyCourses } from '#web/lib/api/get-my-courses';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { preloadSanitizer } from '#web/lib/use-sanitized-html';

// Only a guest's press on enroll opens it: Radix Dialog stays out of the page's first load.
const AccountRequiredDialog = lazy(() =>
  import('#web/features/enrollment/components/account-required-dialog').then((m) => ({ default: m.AccountRequiredDialog })),
);

// Only a return from signing in to enroll (`?enroll=1`) needs it.
const EnrollOnReturn = lazy(() => import('#web/features/enrollment/components/enroll-on-return'));

// Below the fold: fetched after the page's first paint (the 120 KB budget, js-budget.spec.ts).
const CourseReviews = lazy(() => import('#web/features/reviews/components/course-reviews'));

/** On a course's address: the visitor came back from signing in to enroll. */
const ENROLL_PARAM = 'enroll';

export default function CourseDetailRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const courseQuery = useCourse(id, { isCardShownWhileLoading: true });
  // The page renders in a transition once the course is here, in slices a phone can answer between
  // (a query's own update is one long task); a course left behind by a change of address never shows.
  const deferredCourse = useDeferredValue(courseQuery.data);
  const shownCourse = deferredCourse?.id.toLowerCase() === id.toLowerCase() ? deferredCourse : undefined;
  const myCourses = useMyCourses({ enabled: user?.role === 'student' });
  const saved = useSavedCourse(id, { enabled: Boolean(user) });
  const [isAccountDialogOpen, setAccountDialogOpen] = useState(false);
  // Stays mounted once opened, so closing animates like any dialog.
  const [hasAccountDialog, setHasAccountDialog] = useState(false);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const isEnrollRequested = searchParams.get(ENROLL_PARAM) === '1';
  useDocumentTitle(courseQuery.data?.title ?? (courseQuery.isError ? t('catalog.courseNotFound') : t('catalog.courseTitle')));
  // Read only from the HTML the server draws: the browser's bundle leaves the head's code out.
  usePageHead(import.meta.env.SSR && courseQuery.data ? courseHead(courseQuery.data) : {});
  // The description is rich text: fetch the sanitizer after first paint, alongside the course.
  useEffect(() => {
    preloadSanitizer().catch(() => {});
  }, []);

  const course = shownCourse;
  const enrollment = course ? myCourses.data?.find((c) => c.id === course.id) : undefined;
  const isEnrolled = Boolean(course?.isEnrolled || enrollment);
  const isOwner = Boolean(course && user?.id === course.creatorId);
  // Back from signing up or in (`?enroll=1`): finished once it is known whether they own the course already.
  const isEnrollmentKnown = user?.role !== 'student' || myCourses.isSuccess || myCourses.isError;

  if (courseQuery.isError) {
    if (isApiError(courseQuery.error, 404)) return <CourseNotFound />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <RegionError
          title={t('catalog.courseLoadError')}
          description={getErrorMessage(courseQuery.error, t('catalog.checkConnection'))}
          onRetry={() => courseQuery.refetch()}
        />
      </div>
    );
  }

  if (!course) return <PageSpinner label={t('catalog.loadingCourse')} />;

  const handleEnroll = () => {
    if (!user) {
      setHasAccountDialog(true);
      setAccountDialogOpen(true);
      return;
    }
    // Free and paid alike go through checkout, which enrolls a free course at once
    // (docs/product.md, Catalogue and course pages).
    navigate(paths.checkout.getHref(course.id));
  };

  return (
    <>
      <CourseDetail
        course={course}
        isEnrolled={isEnrolled}
        isOwner={isOwner}
        progress={enrollment?.progress ?? course.progress}
        onEnroll={handleEnroll}
        save={
          user
            ? { isSaved: saved.isSaved, busy: saved.toggle.isPending, onToggle: () => saved.toggle.mutate(!saved.isSaved) }
            : undefined
        }
        reviews={
          // The server draws no reviews: they come once the browser has the page.
          <AfterHydration>
            <Suspense fallback={null}>
              <CourseReviews courseId={course.id} isOwner={isOwner} />
            </Suspense>
          </AfterHydration>
        }
      />
      {isEnrollRequested && user && isEnrollmentKnown ? (
        // Its code not arriving (offline) leaves the page as it is: Enroll can be pressed again.
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <EnrollOnReturn course={course} isEnrolled={isEnrolled} isOwner={isOwner} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
      {hasAccountDialog ? (
        <Suspense fallback={null}>
          <AccountRequiredDialog
            open={isAccountDialogOpen}
            onOpenChange={setAccountDialogOpen}
            returnTo={`${paths.course.detail.getHref(course.id)}?${ENROLL_PARAM}=1`}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function CourseNotFound() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-4 py-16 text-center">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
        <BookX className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t('catalog.courseNotFound')}</h1>
      <p className="mt-2 text-muted-foreground">{t('catalog.courseGone')}</p>
      <Button asChild className="mt-6">
        <Link to={paths.home.getHref()}>{t('catalog.backToCourses')}</Link>
      </Button>
    </div>
  );
}
