import { ArrowRight, Languages } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { htmlToPlainLines } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';
import { AddToCartButton } from '#web/components/add-to-cart-button';
import { CourseThumbnail } from '#web/components/course-thumbnail';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Progress } from '#web/components/ui/progress';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatPrice } from '#web/lib/i18n/format';
import { RichText, slot } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { languageName } from '../lib/language-name';
import { CourseStats } from './course-stats';
import { DifficultyBadge } from './difficulty-badge';

interface CourseCardProps {
  course: Course;
  /** 0–100 when the signed-in student is enrolled (from /api/my-courses). */
  progress?: number | undefined;
  priority?: boolean;
}

export function CourseCard({ course, progress, priority }: CourseCardProps) {
  const titleId = useId();
  // Lines and bullets as the creator wrote them, as text (never HTML), clamped to the card.
  const excerpt = htmlToPlainLines(course.description);
  const isEnrolled = progress !== undefined;
  const courseHref = paths.course.detail.getHref(course.id);

  return (
    <article
      data-testid="course-card"
      aria-labelledby={titleId}
      className="group flex w-full flex-col overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm transition-[box-shadow,transform,border-color] duration-200 hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-xl hover:shadow-primary/5"
    >
      <div className="relative aspect-video overflow-hidden bg-muted">
        {/* The picture opens the course too; the title's link is the one screen readers and the keyboard meet. */}
        <Link to={courseHref} tabIndex={-1} aria-hidden="true" className="block size-full">
          <CourseThumbnail
            course={course}
            priority={priority}
            className="transition-transform duration-500 group-hover:scale-[1.03]"
          />
        </Link>
        <div className="pointer-events-none absolute start-3 end-3 top-3 flex flex-wrap gap-1.5">
          <DifficultyBadge difficulty={course.difficulty} />
          <Badge variant="glass" data-testid="course-language">
            <Languages aria-hidden="true" />
            <RichText
              text={t('catalog.taughtIn', { language: languageName(course.language) })}
              tags={{ sr: (words) => <span className="sr-only">{words}</span> }}
            />
          </Badge>
          {course.archived ? <Badge variant="glass">{t('catalog.archived')}</Badge> : null}
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 id={titleId} className="line-clamp-2 text-lg leading-snug font-semibold tracking-tight break-words">
          <Link to={courseHref} className="hover:underline">
            {course.title}
          </Link>
        </h3>
        <p className="-mt-2 truncate text-sm text-muted-foreground">
          <RichText
            text={t('catalog.byInstructor', { name: slot('name') })}
            values={{ name: course.instructor.name }}
            tags={{
              // The name as it is, never read for tags.
              link: () => (
                <Link
                  to={paths.instructor.getHref(course.instructor.id)}
                  className="font-medium hover:text-foreground hover:underline"
                >
                  {course.instructor.name}
                </Link>
              ),
            }}
          />
        </p>
        {excerpt ? <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-muted-foreground">{excerpt}</p> : null}
        <CourseStats course={course} />

        {isEnrolled ? (
          <div className="grid gap-1.5">
            <div className="flex items-center justify-between text-xs">
              <span className="text-muted-foreground">{t('catalog.yourProgress')}</span>
              <span className="font-semibold">{t('catalog.percentComplete', { percent: progress ?? 0 })}</span>
            </div>
            <Progress value={progress} aria-label={t('catalog.titleProgress', { title: course.title })} />
          </div>
        ) : null}

        <div className="mt-auto flex items-center justify-between gap-3 border-t pt-4">
          <span className="text-xl font-bold tracking-tight">{formatPrice(course.price)}</span>
          <div className="flex items-center gap-2">
            {isEnrolled || course.isEnrolled ? null : <AddToCartButton course={course} compact />}
            <Button asChild size="sm" variant={isEnrolled ? 'default' : 'outline'} className="group/btn">
              {/* Fixed words on the button; its name says which course, as a list of links reads them out of their cards. */}
              <Link to={courseHref} aria-label={t('catalog.viewCourseNamed', { title: course.title })}>
                {t('catalog.viewCourse')}
                <ArrowRight
                  className="transition-transform group-hover/btn:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover/btn:-translate-x-0.5"
                  aria-hidden="true"
                />
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}

export function CourseCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border bg-card">
      <Skeleton className="aspect-video rounded-none" />
      <div className="grid gap-3 p-5">
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <div className="mt-2 flex items-center justify-between border-t pt-4">
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-9 w-28" />
        </div>
      </div>
    </div>
  );
}
