import { Clock, Sparkles, Star, Users } from 'lucide-react';
import { formatCount, formatRating, formatStudentCount } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';
import { cn } from '#web/lib/utils';

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
            <span className="sr-only">Rated </span>
            {rating}
          </span>
          {course.ratingCount > 0 ? (
            <span>
              ({formatCount(course.ratingCount)}
              <span className="sr-only"> ratings</span>)
            </span>
          ) : null}
        </li>
      ) : null}
      {hasStudents ? (
        <li className="flex items-center gap-1">
          <Users className="size-4" aria-hidden="true" />
          {formatStudentCount(course.studentCount)}
        </li>
      ) : null}
      {!rating && !hasStudents ? (
        <li className="flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
          <Sparkles className="size-3.5" aria-hidden="true" />
          New
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
