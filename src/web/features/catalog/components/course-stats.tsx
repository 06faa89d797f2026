import { Clock, Sparkles, Star, Users } from 'lucide-react';
import type { Course } from '#shared/schemas/catalog';
import { formatCount, formatRating } from '#web/lib/i18n/format';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';

const srOnly = { sr: (words: string) => <span className="sr-only">{words}</span> };

/**
 * Rating, student count and duration, each only when there is something to say: a star only beside a
 * real rating (a star beside "New" read as a rating), a count only above zero ("0 students" is no
 * figure), and "New" for a course with neither yet.
 */
export function CourseStats({
  course,
  className,
}: {
  course: Pick<Course, 'rating' | 'ratingCount' | 'studentCount' | 'duration'>;
  className?: string;
}) {
  const rating = formatRating(course.rating);
  const hasStudents = course.studentCount > 0;
  return (
    <ul className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      {rating ? (
        <li className="flex items-center gap-1">
          <Star className="size-4 fill-star text-star" aria-hidden="true" />
          <span className="font-semibold text-foreground">
            <RichText text={t('catalog.rated', { rating })} tags={srOnly} />
          </span>
          {course.ratingCount > 0 ? (
            <span>
              <RichText
                text={t('catalog.ratingCount', { count: course.ratingCount, formatted: formatCount(course.ratingCount) })}
                tags={srOnly}
              />
            </span>
          ) : null}
        </li>
      ) : null}
      {hasStudents ? (
        <li className="flex items-center gap-1">
          <Users className="size-4" aria-hidden="true" />
          {t('catalog.studentCount', { count: course.studentCount, formatted: formatCount(course.studentCount) })}
        </li>
      ) : null}
      {!rating && !hasStudents ? (
        <li className="flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
          <Sparkles className="size-3.5" aria-hidden="true" />
          {t('catalog.new')}
        </li>
      ) : null}
      {course.duration ? (
        <li className="flex items-center gap-1">
          <Clock className="size-4" aria-hidden="true" />
          {course.duration}
        </li>
      ) : null}
    </ul>
  );
}
