import {
  ArrowLeft,
  BarChart3,
  Bookmark,
  BookmarkCheck,
  CalendarClock,
  CircleCheckBig,
  Clock,
  Eye,
  FileQuestion,
  Languages,
  Layers,
  PenLine,
  PlayCircle,
  Users,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { htmlToPlainLines } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';
import { AddToCartButton } from '#web/components/add-to-cart-button';
import { AfterHydration } from '#web/components/after-hydration';
import { CourseThumbnail } from '#web/components/course-thumbnail';
import { RegionErrorBoundary } from '#web/components/errors/region-error';
import { RichHtml } from '#web/components/rich-html';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Progress } from '#web/components/ui/progress';
import { useHydrated } from '#web/hooks/use-hydrated';
import { difficultyLabel } from '#web/lib/i18n/difficulty';
import { formatCount, formatDay, formatPrice } from '#web/lib/i18n/format';
import { RichText, slot } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { useCourseOutline } from '../hooks/use-course-outline';
import { languageName } from '../lib/language-name';
import { learnLabel } from '../lib/learn-label';
import { CourseStats } from './course-stats';
import { DifficultyBadge } from './difficulty-badge';

interface CourseDetailProps {
  course: Course;
  isEnrolled: boolean;
  /** The signed-in user created this course: they edit and preview it rather than enroll. */
  isOwner?: boolean;
  /** Enrolled student's progress percent, when known. */
  progress?: number | undefined;
  onEnroll: () => void;
  /** Save for later: absent for guests, who have no list to save to. */
  save?: { isSaved: boolean; onToggle: () => void; busy: boolean } | undefined;
  /** The reviews section, composed by the route (another feature's). */
  reviews?: ReactNode;
}

// A phone's bar with the price and Enroll: the browser's alone, after first paint (the JavaScript budget).
const PinnedCourseActions = lazy(() => import('./pinned-course-actions'));

export function CourseDetail({ course, isEnrolled, isOwner = false, progress, onEnroll, save, reviews }: CourseDetailProps) {
  const excerpt = useMemo(() => htmlToPlainLines(course.description), [course.description]);
  const isFree = Number(course.price) === 0;
  const mainActions = useRef<HTMLDivElement>(null);

  return (
    <article>
      <div className="border-b bg-gradient-to-b from-secondary/60 to-background">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:px-8 lg:py-12">
          <div className="flex min-w-0 flex-col gap-5">
            <Button asChild variant="ghost" size="sm" className="-ms-3 w-fit text-muted-foreground">
              <Link to={paths.home.getHref()}>
                <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
                {t('catalog.backToCourses')}
              </Link>
            </Button>
            <div className="flex flex-wrap gap-2">
              <DifficultyBadge difficulty={course.difficulty} />
              {isEnrolled ? (
                <Badge variant="success">
                  <CircleCheckBig aria-hidden="true" />
                  {t('catalog.enrolled')}
                </Badge>
              ) : null}
              {course.archived ? <Badge variant="secondary">{t('catalog.archived')}</Badge> : null}
            </div>
            {/* break-words: a long unbroken title wraps instead of running off a phone's screen. */}
            <h1 className="text-3xl leading-tight font-extrabold tracking-tight text-balance break-words sm:text-4xl lg:text-5xl">
              {course.title}
            </h1>
            {excerpt ? (
              <p className="line-clamp-3 text-lg break-words whitespace-pre-line text-muted-foreground">{excerpt}</p>
            ) : null}
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <CourseStats course={course} />
              <span className="flex items-center gap-1 text-sm text-muted-foreground">
                <CalendarClock className="size-4" aria-hidden="true" />
                <RichText text={t('catalog.lastUpdated')} tags={{ date: () => <LastUpdated iso={course.updatedAt} /> }} />
              </span>
              <span className="text-sm text-muted-foreground">
                <RichText
                  text={t('catalog.createdBy', { name: slot('name') })}
                  values={{ name: course.instructor.name }}
                  tags={{
                    // The name as it is, never read for tags.
                    link: () => (
                      <Link
                        to={paths.instructor.getHref(course.instructor.id)}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {course.instructor.name}
                      </Link>
                    ),
                  }}
                />
              </span>
            </div>
          </div>

          <aside aria-label={t('catalog.enrollment')} className="lg:row-span-2">
            <div className="overflow-hidden rounded-2xl border bg-card shadow-lg shadow-primary/5 lg:sticky lg:top-24">
              <div className="aspect-video overflow-hidden bg-muted">
                <CourseThumbnail course={course} priority />
              </div>
              <div className="grid gap-4 p-6">
                {isEnrolled ? (
                  progress !== undefined ? (
                    <div className="grid gap-2">
                      <div className="flex items-center justify-between text-sm">
                        <span className="text-muted-foreground">{t('catalog.yourProgress')}</span>
                        <span className="font-semibold">{t('catalog.percentComplete', { percent: progress })}</span>
                      </div>
                      <Progress value={progress} aria-label={t('catalog.courseProgress')} />
                    </div>
                  ) : (
                    <p className="text-sm text-muted-foreground">{t('catalog.youAreEnrolled')}</p>
                  )
                ) : (
                  <p className="text-3xl font-extrabold tracking-tight">{formatPrice(course.price)}</p>
                )}
                <div ref={mainActions} className="grid gap-4">
                  {isEnrolled ? (
                    <Button asChild variant="gradient" size="lg">
                      <Link to={paths.course.learn.getHref(course.id)}>
                        <PlayCircle aria-hidden="true" />
                        {learnLabel(progress)}
                      </Link>
                    </Button>
                  ) : isOwner ? (
                    <OwnerActions courseId={course.id} />
                  ) : (
                    <>
                      <Button variant="gradient" size="lg" onClick={onEnroll}>
                        {isFree ? t('catalog.enrollForFree') : t('catalog.enrollNow')}
                      </Button>
                      <AddToCartButton course={course} />
                    </>
                  )}
                </div>
                {save && !isEnrolled && !isOwner ? (
                  <Button variant="outline" onClick={save.onToggle} disabled={save.busy} aria-pressed={save.isSaved}>
                    {save.isSaved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
                    {save.isSaved ? t('catalog.saved') : t('catalog.save')}
                  </Button>
                ) : null}
              </div>
            </div>
          </aside>
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:px-8 lg:py-14">
        <div className="grid min-w-0 gap-10">
          <section aria-labelledby="course-facts" className="grid gap-4">
            <h2 id="course-facts" className="sr-only">
              {t('catalog.courseFacts')}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]">
              <Fact
                icon={<BarChart3 aria-hidden="true" />}
                label={t('catalog.level')}
                value={difficultyLabel(course.difficulty ?? 'Beginner')}
              />
              {course.duration ? (
                <Fact icon={<Clock aria-hidden="true" />} label={t('catalog.duration')} value={course.duration} />
              ) : null}
              {course.studentCount > 0 ? (
                <Fact
                  icon={<Users aria-hidden="true" />}
                  label={t('catalog.students')}
                  value={formatCount(course.studentCount)}
                />
              ) : null}
              <Fact
                icon={<Languages aria-hidden="true" />}
                label={t('catalog.language')}
                value={languageName(course.language)}
                testId="course-language"
              />
            </ul>
          </section>
          <section aria-labelledby="course-about" className="grid gap-4">
            <h2 id="course-about" className="text-2xl font-bold tracking-tight">
              {t('catalog.aboutCourse')}
            </h2>
            <RegionErrorBoundary title={t('catalog.descriptionError')} resetKeys={[course.id]}>
              <CourseDescription html={course.description} />
            </RegionErrorBoundary>
          </section>
          <CourseOutline courseId={course.id} />
          {reviews}
        </div>
      </div>
      {isOwner && !isEnrolled ? null : (
        <AfterHydration>
          <Suspense fallback={null}>
            <PinnedCourseActions
              course={course}
              isEnrolled={isEnrolled}
              progress={progress}
              onEnroll={onEnroll}
              mainActions={mainActions}
            />
          </Suspense>
        </AfterHydration>
      )}
    </article>
  );
}

function CourseOutline({ courseId }: { courseId: string }) {
  const outline = useCourseOutline(courseId);
  if (outline.isPending || outline.isError || outline.sections.length === 0) return null;
  return (
    <section aria-labelledby="course-outline" className="grid gap-4">
      <h2 id="course-outline" className="text-2xl font-bold tracking-tight">
        {t('catalog.courseContent')}
      </h2>
      <ol className="grid gap-3">
        {outline.sections.map((section, index) => (
          <li key={section.id} className="rounded-xl border bg-card p-4">
            <p className="flex items-center gap-2 font-semibold">
              {section.kind === 'module' ? (
                <Layers className="size-4 text-primary" aria-hidden="true" />
              ) : (
                <FileQuestion className="size-4 text-primary" aria-hidden="true" />
              )}
              <span className="break-words">
                {index + 1}. {section.title}
              </span>
            </p>
            {section.kind === 'module' && section.lessons.length > 0 ? (
              <ul className="mt-2 grid gap-1 ps-6 text-sm text-muted-foreground">
                {section.lessons.map((lesson) => (
                  <li key={lesson.id} className="break-words">
                    {lesson.title}
                  </li>
                ))}
              </ul>
            ) : section.kind === 'quiz' ? (
              <p className="mt-1 ps-6 text-sm text-muted-foreground">
                {t('catalog.quizQuestions', { count: section.questionCount })}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** In the reader's time zone; in UTC where the server drew the page, until the browser takes it over. */
function LastUpdated({ iso }: { iso: string }) {
  const isHydrated = useHydrated();
  return (
    <time dateTime={iso} className="font-medium text-foreground">
      {formatDay(new Date(iso), { utc: !isHydrated })}
    </time>
  );
}

function Fact({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId?: string }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border bg-card p-4" data-testid={testId}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-5">
        {icon}
      </span>
      <span className="grid min-w-0">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="truncate font-semibold">{value}</span>
      </span>
    </li>
  );
}

function CourseDescription({ html }: { html: string }) {
  // Judged on the stored text, not the sanitized one, so the server and the browser draw the same
  // element before the browser's sanitizer is here (the server's allowlist already ran on write).
  if (!htmlToPlainLines(html)) return <p className="text-muted-foreground">{t('catalog.noDescription')}</p>;
  return <RichHtml html={html} className="rich-text max-w-3xl text-foreground/90" />;
}

/** A creator on their own course's page: they already read it, so they build or preview it instead. */
function OwnerActions({ courseId }: { courseId: string }) {
  return (
    <>
      <p className="text-sm text-muted-foreground">{t('catalog.youCreated')}</p>
      <Button asChild variant="gradient" size="lg">
        <Link to={paths.creator.courseBuilder.getHref(courseId)}>
          <PenLine aria-hidden="true" />
          {t('catalog.editCourse')}
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={paths.course.preview.getHref(courseId)}>
          <Eye aria-hidden="true" />
          {t('catalog.previewCourse')}
        </Link>
      </Button>
    </>
  );
}
