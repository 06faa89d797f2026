import { Archive, ArchiveRestore, BarChart3, MoreVertical, Pencil, Star, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { CreatorCourse } from '#shared/schemas/creator';
import { ModerationNotice } from '#web/components/moderation-notice';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu';
import { formatPrice, formatRating, formatUsd } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

/** Students, net earnings (as on the Earnings page) and rating of one course: a course nobody rated says so. */
function CourseFigures({ course }: { course: CreatorCourse }) {
  return (
    <dl
      className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground"
      aria-label={t('creator.figuresOf', { title: course.title })}
    >
      <div className="flex items-center gap-1">
        <dt className="sr-only">{t('creator.students')}</dt>
        <Users className="size-4" aria-hidden="true" />
        <dd className="tabular-nums">{t('creator.studentCount', { count: course.studentCount })}</dd>
      </div>
      <div className="flex items-center gap-1">
        <dt>{t('creator.netEarnings')}</dt>
        <dd className="font-medium text-foreground tabular-nums">{formatUsd(course.revenue)}</dd>
      </div>
      <div className="flex items-center gap-1">
        <dt className="sr-only">{t('creator.rating')}</dt>
        {course.rating === null ? (
          <dd>{t('creator.noRatingsYet')}</dd>
        ) : (
          <dd className="flex items-center gap-1 tabular-nums">
            <Star className="size-4 fill-current text-warning" aria-hidden="true" />
            {t('creator.ratingWithCount', { rating: formatRating(course.rating) ?? '', count: course.ratingCount })}
          </dd>
        )}
      </div>
    </dl>
  );
}

export function CourseRow({
  course,
  onArchive,
  onRestore,
}: {
  course: CreatorCourse;
  onArchive: (course: CreatorCourse) => void;
  onRestore: (course: CreatorCourse) => void;
}) {
  return (
    <li className="flex items-center gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs">
      <div className="min-w-0 flex-1">
        <Link
          to={paths.creator.courseBuilder.getHref(course.id)}
          className="rounded-sm font-semibold break-words hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {course.title}
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {course.published ? (
            <Badge variant="success">{t('creator.published')}</Badge>
          ) : (
            <Badge variant="secondary">{t('creator.draft')}</Badge>
          )}
          {course.archived ? <Badge variant="warning">{t('creator.archived')}</Badge> : null}
          {course.moderation ? <Badge variant="danger">{t('creator.unpublishedByAdmin')}</Badge> : null}
          <span className="font-medium text-foreground tabular-nums">{formatPrice(course.price)}</span>
        </div>
        <CourseFigures course={course} />
        {course.moderation ? <ModerationNotice moderation={course.moderation} className="mt-3" /> : null}
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('creator.actionsFor', { title: course.title })}>
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link to={paths.creator.courseBuilder.getHref(course.id)}>
              <Pencil aria-hidden="true" /> {t('creator.edit')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.creator.courseAnalytics.getHref(course.id)}>
              <BarChart3 aria-hidden="true" /> {t('creator.analytics')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.creator.courseStudents.getHref(course.id)}>
              <Users aria-hidden="true" /> {t('creator.viewStudents')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {course.archived ? (
            <DropdownMenuItem onSelect={() => onRestore(course)}>
              <ArchiveRestore aria-hidden="true" /> {t('creator.restore')}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem variant="destructive" onSelect={() => onArchive(course)}>
              <Archive aria-hidden="true" /> {t('creator.archive')}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
