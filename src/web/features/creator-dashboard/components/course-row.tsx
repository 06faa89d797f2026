import { Archive, BarChart3, MoreVertical, Pencil, Users } from 'lucide-react';
import { Link } from 'react-router';
import { formatPrice } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu';
import { paths } from '#web/lib/paths';

export function CourseRow({ course, onArchive }: { course: Course; onArchive: (course: Course) => void }) {
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
          {course.published ? <Badge variant="success">Published</Badge> : <Badge variant="secondary">Draft</Badge>}
          {course.archived ? <Badge variant="warning">Archived</Badge> : null}
          <span className="font-medium text-foreground tabular-nums">{formatPrice(course.price)}</span>
        </div>
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${course.title}`}>
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link to={paths.creator.courseBuilder.getHref(course.id)}>
              <Pencil aria-hidden="true" /> Edit
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.creator.courseAnalytics.getHref(course.id)}>
              <BarChart3 aria-hidden="true" /> Analytics
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.creator.courseStudents.getHref(course.id)}>
              <Users aria-hidden="true" /> View Students
            </Link>
          </DropdownMenuItem>
          {course.archived ? null : (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => onArchive(course)}>
                <Archive aria-hidden="true" /> Archive
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
