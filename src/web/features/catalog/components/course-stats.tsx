import { Clock, Star, Users } from 'lucide-react';
import { formatCount, formatRating, formatStudentCount } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';
import { cn } from '#web/lib/utils';

/** Rating, student count and duration: real values only, duration hidden when unknown. */
export function CourseStats({
  course,
  className,
}: {
  course: Pick<Course, 'rating' | 'ratingCount' | 'studentCount' | 'duration'>;
  className?: string;
}) {
  const rating = formatRating(course.rating);
  return (
    <ul className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      <li className="flex items-center gap-1">
        <Star className="size-4 fill-star text-star" aria-hidden="true" />
        {rating ? (
          <>
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
          </>
        ) : (
          <span className="font-medium text-foreground">New</span>
        )}
      </li>
      <li className="flex items-center gap-1">
        <Users className="size-4" aria-hidden="true" />
        {formatStudentCount(course.studentCount)}
      </li>
      {course.duration ? (
        <li className="flex items-center gap-1">
          <Clock className="size-4" aria-hidden="true" />
          {course.duration}
        </li>
      ) : null}
    </ul>
  );
}
