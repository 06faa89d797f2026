import { Award, BookOpen, Layers, Loader2, PlayCircle, RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Course } from '#shared/schemas/catalog';
import type { MyCourse } from '#shared/schemas/enrollment';
import { CourseThumbnail } from '#web/components/course-thumbnail';
import { RegionError } from '#web/components/errors/region-error';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Progress } from '#web/components/ui/progress';
import { Skeleton } from '#web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { useMyCourses } from '#web/lib/api/get-my-courses';
import { useReviewDeck } from '#web/lib/api/get-review-deck';
import { useSavedCourses } from '#web/lib/api/get-saved-courses';
import { formatPrice } from '#web/lib/i18n/format';
import { intlLocale } from '#web/lib/i18n/locale';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { downloadCertificate } from '../api/download-certificate';

/** The tab lives in the address (`?tab=completed`), so reload, back and forward keep it; In Progress has none. */
const TABS = ['in-progress', 'completed', 'saved'] as const;
type MyCoursesTab = (typeof TABS)[number];
const tabOf = (value: string | null): MyCoursesTab =>
  TABS.includes(value as MyCoursesTab) ? (value as MyCoursesTab) : 'in-progress';
const tabHref = (tab: MyCoursesTab) =>
  tab === 'in-progress' ? paths.myCourses.getHref() : `${paths.myCourses.getHref()}?tab=${tab}`;

const linkClass = 'font-medium text-primary underline underline-offset-4';

/** A course's progress, 0 to 100, as the language writes a percentage ("45%", "45 %"). */
const formatPercent = (progress: number) => new Intl.NumberFormat(intlLocale(), { style: 'percent' }).format(progress / 100);

function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed px-6 py-14 text-center">
      <BookOpen className="size-10 text-muted-foreground" aria-hidden="true" />
      <div className="grid gap-1 text-muted-foreground">{children}</div>
    </div>
  );
}

/** The product's fixed empty text, and a way on from it (docs/product.md, Learning). */
function EmptyWithBrowse({ text }: { text: string }) {
  return (
    <>
      <p>{text}</p>
      <p>
        <Link to={paths.home.getHref()} className={linkClass}>
          {t('enrollment.browseCourses')}
        </Link>
      </p>
    </>
  );
}

function CourseRow({ course, children, actions }: { course: Course; children: ReactNode; actions: ReactNode }) {
  return (
    <li data-testid="my-course" className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center">
      {/* The picture opens the course too; the title's link is the one screen readers and the keyboard meet. */}
      <Link
        to={paths.course.detail.getHref(course.id)}
        tabIndex={-1}
        aria-hidden="true"
        className="block aspect-video w-full shrink-0 overflow-hidden rounded-lg bg-muted sm:w-40"
      >
        <CourseThumbnail course={course} initialsClassName="text-5xl sm:text-3xl" />
      </Link>
      <div className="grid min-w-0 flex-1 gap-2">
        <Link to={paths.course.detail.getHref(course.id)} className="font-semibold break-words hover:underline">
          {course.title}
        </Link>
        {children}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col sm:items-stretch">{actions}</div>
    </li>
  );
}

function ProgressLine({ course }: { course: MyCourse }) {
  return (
    <div className="flex items-center gap-3">
      <Progress
        value={course.progress}
        className="h-2 max-w-xs flex-1"
        aria-label={t('enrollment.courseProgress', { title: course.title })}
      />
      <span className="text-sm tabular-nums text-muted-foreground">{formatPercent(course.progress)}</span>
    </div>
  );
}

/** The row's way into Learn: `label` is its visible words, and its name adds which course. */
function LearnButton({ course, label }: { course: Course; label: string }) {
  return (
    <Button asChild variant="gradient">
      <Link to={paths.course.learn.getHref(course.id)} aria-label={t('enrollment.learnLabel', { label, title: course.title })}>
        <PlayCircle aria-hidden="true" /> {label}
      </Link>
    </Button>
  );
}

/** The certificate PDF is fetched with the session token, so this is a button rather than a plain link. */
function CertificateButton({ course }: { course: MyCourse }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadCertificate(course.id);
      toast({ variant: 'success', title: t('enrollment.success'), description: t('enrollment.certificateDownloaded') });
    } catch {
      toast({ variant: 'destructive', title: t('enrollment.certificateFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      onClick={() => void onClick()}
      disabled={busy}
      aria-label={t('enrollment.downloadCertificateFor', { title: course.title })}
    >
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Award aria-hidden="true" />}
      {t('enrollment.downloadCertificate')}
    </Button>
  );
}

/** The review deck's due cards, when there are any (docs/product.md, Review deck): a way to them. */
function ToReview() {
  const dueCount = useReviewDeck().data?.dueCount ?? 0;
  if (dueCount === 0) return null;
  return (
    <Button asChild variant="outline">
      <Link to={paths.review.getHref()}>
        <Layers aria-hidden="true" /> {t('enrollment.toReview', { count: dueCount })}
      </Link>
    </Button>
  );
}

function Loading() {
  return (
    <ul aria-label={t('enrollment.loadingCourses')} className="grid gap-3">
      {[0, 1].map((key) => (
        <Skeleton key={key} className="h-24 rounded-xl" />
      ))}
    </ul>
  );
}

/** My Courses (docs/product.md, Learning): In Progress, Completed and Saved from real data. */
export function MyCourses() {
  useDocumentTitle(t('enrollment.myCourses'));
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));
  const enrolled = useMyCourses();
  const saved = useSavedCourses();
  const inProgress = (enrolled.data ?? []).filter((course) => !course.completed);
  const completed = (enrolled.data ?? []).filter((course) => course.completed);

  const onTabChange = (next: string) => {
    const params = new URLSearchParams(searchParams);
    if (tabOf(next) === 'in-progress') params.delete('tab');
    else params.set('tab', next);
    // A new history entry: back returns to the tab before.
    setSearchParams(params, { preventScrollReset: true });
  };

  const enrolledList = (list: MyCourse[], empty: ReactNode, row: (course: MyCourse) => ReactNode) =>
    enrolled.isPending ? (
      <Loading />
    ) : enrolled.isError ? (
      <RegionError title={t('enrollment.coursesLoadFailed')} onRetry={() => void enrolled.refetch()} />
    ) : list.length === 0 ? (
      <Empty>{empty}</Empty>
    ) : (
      <ul className="grid gap-3">{list.map(row)}</ul>
    );

  const toHome = (words: string) => (
    <Link to={paths.home.getHref()} className={linkClass}>
      {words}
    </Link>
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('enrollment.myCourses')}</h1>
        <ToReview />
      </div>
      <Tabs value={tab} onValueChange={onTabChange}>
        <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <TabsList>
            <TabsTrigger value="in-progress">{t('enrollment.inProgress')}</TabsTrigger>
            <TabsTrigger value="completed">{t('enrollment.completed')}</TabsTrigger>
            <TabsTrigger value="saved">{t('enrollment.saved')}</TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="in-progress" className="mt-6">
          {enrolledList(
            inProgress,
            completed.length === 0 ? (
              <p>
                <RichText text={t('enrollment.noEnrolled')} tags={{ link: toHome }} />
              </p>
            ) : (
              // Enrolled, all finished: say so, rather than "no enrolled courses".
              <>
                <p className="font-medium text-foreground">{t('enrollment.nothingInProgress')}</p>
                <p>
                  <RichText
                    text={t('enrollment.completedSome', { count: completed.length })}
                    tags={{
                      completed: (words) => (
                        <Link to={tabHref('completed')} className={linkClass}>
                          {words}
                        </Link>
                      ),
                      browse: toHome,
                    }}
                  />
                </p>
              </>
            ),
            (course) => (
              <CourseRow
                key={course.id}
                course={course}
                actions={
                  <LearnButton
                    course={course}
                    label={course.progress === 0 ? t('enrollment.startCourse') : t('enrollment.continue')}
                  />
                }
              >
                <ProgressLine course={course} />
              </CourseRow>
            ),
          )}
        </TabsContent>
        <TabsContent value="completed" className="mt-6">
          {enrolledList(completed, <EmptyWithBrowse text={t('enrollment.noCompleted')} />, (course) => (
            <CourseRow
              key={course.id}
              course={course}
              actions={
                <>
                  <CertificateButton course={course} />
                  <Button asChild variant="ghost">
                    <Link
                      to={paths.course.learn.getHref(course.id)}
                      aria-label={t('enrollment.reviewCourse', { title: course.title })}
                    >
                      <RotateCcw aria-hidden="true" /> {t('enrollment.review')}
                    </Link>
                  </Button>
                </>
              }
            >
              <Badge variant="success" className="w-fit">
                <Award aria-hidden="true" /> {t('enrollment.completedCertificate')}
              </Badge>
            </CourseRow>
          ))}
        </TabsContent>
        <TabsContent value="saved" className="mt-6">
          {saved.isPending ? (
            <Loading />
          ) : saved.isError ? (
            <RegionError title={t('enrollment.savedLoadFailed')} onRetry={() => void saved.refetch()} />
          ) : saved.data.length === 0 ? (
            <Empty>
              <EmptyWithBrowse text={t('enrollment.noSaved')} />
            </Empty>
          ) : (
            <ul className="grid gap-3">
              {saved.data.map((course) => (
                <CourseRow
                  key={course.id}
                  course={course}
                  actions={
                    <Button asChild variant="outline">
                      <Link
                        to={paths.course.detail.getHref(course.id)}
                        aria-label={t('enrollment.viewCourseLabel', { title: course.title })}
                      >
                        {t('enrollment.viewCourse')}
                      </Link>
                    </Button>
                  }
                >
                  <span className="text-sm text-muted-foreground">{formatPrice(course.price)}</span>
                </CourseRow>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
