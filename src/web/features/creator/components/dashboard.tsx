import { useMutation, useQuery } from '@tanstack/react-query';
import { Archive, BarChart3, BookOpen, DollarSign, MoreVertical, Pencil, Plus, TrendingUp, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';
import { RegionError } from '#web/components/errors/region-error';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu';
import { Skeleton } from '#web/components/ui/skeleton';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { apiJson } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { creatorCoursesQuery, creatorStatsQuery } from '../api/creator-queries';
import { useRefreshCourse } from '../api/use-refresh';
import { CreatorPage, PageHeader } from './page-header';

export const ARCHIVE_CONFIRMATION =
  'Are you sure you want to archive this course? It will be hidden from the marketplace but students who have enrolled can still access it.';

function MetricCard({ label, value, icon, loading }: { label: string; value: ReactNode; icon: ReactNode; loading: boolean }) {
  return (
    <Card className="flex items-center justify-between gap-3 p-5">
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {loading ? <Skeleton className="mt-2 h-7 w-20" /> : <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>}
      </div>
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
        aria-hidden="true"
      >
        {icon}
      </span>
    </Card>
  );
}

function Metrics() {
  const stats = useQuery(creatorStatsQuery());
  if (stats.isError) {
    return <RegionError title="Your figures could not be loaded" onRetry={() => void stats.refetch()} className="mb-8 py-6" />;
  }
  const money = (value: string | undefined) => (value === undefined ? '' : `$${value}`);
  return (
    <section aria-label="Your figures" className="mb-10 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <MetricCard
        label="Total Revenue"
        value={money(stats.data?.totalRevenue)}
        icon={<DollarSign className="size-5" />}
        loading={stats.isPending}
      />
      <MetricCard
        label="Total Students"
        value={stats.data?.totalStudents}
        icon={<Users className="size-5" />}
        loading={stats.isPending}
      />
      <MetricCard
        label="Active Courses"
        value={stats.data?.activeCourses}
        icon={<BookOpen className="size-5" />}
        loading={stats.isPending}
      />
      <MetricCard
        label="This Month"
        value={money(stats.data?.thisMonthRevenue)}
        icon={<TrendingUp className="size-5" />}
        loading={stats.isPending}
      />
    </section>
  );
}

function CourseRow({ course, onArchive }: { course: Course; onArchive: (course: Course) => void }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border bg-card p-4">
      <div className="min-w-0 flex-1">
        <Link to={paths.creator.courseBuilder.getHref(course.id)} className="font-semibold break-words hover:underline">
          {course.title}
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {course.published ? <Badge variant="success">Published</Badge> : <Badge variant="secondary">Draft</Badge>}
          {course.archived ? <Badge variant="warning">Archived</Badge> : null}
          <span className="tabular-nums">{formatPrice(course.price)}</span>
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
            <DropdownMenuItem variant="destructive" onSelect={() => onArchive(course)}>
              <Archive aria-hidden="true" /> Archive
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}

function CourseList() {
  const courses = useQuery(creatorCoursesQuery());
  const refresh = useRefreshCourse();
  const [archiving, setArchiving] = useState<Course | null>(null);
  const archive = useMutation({
    mutationFn: (course: Course) => apiJson<Course>('DELETE', `/api/courses/${encodeURIComponent(course.id)}`),
    onSuccess: async (course) => {
      toast({
        variant: 'success',
        title: 'Course archived',
        description:
          'The course has been archived and hidden from the marketplace. Students who have enrolled can still access it.',
      });
      await refresh(course.id);
    },
    onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to archive course' }),
  });

  if (courses.isPending) {
    return (
      <ul aria-label="Loading your courses" className="grid gap-3">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-20 w-full rounded-xl" />
        ))}
      </ul>
    );
  }
  if (courses.isError) return <RegionError title="Your courses could not be loaded" onRetry={() => void courses.refetch()} />;
  if (courses.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed px-6 py-14 text-center">
        <BookOpen className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="text-lg font-medium">You haven't created any courses yet</p>
        <Button asChild variant="gradient">
          <Link to={paths.creator.createCourse.getHref()}>
            <Plus aria-hidden="true" /> Create Your First Course
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-3">
        {courses.data.map((course) => (
          <CourseRow key={course.id} course={course} onArchive={setArchiving} />
        ))}
      </ul>
      <AlertDialog open={archiving !== null} onOpenChange={(open) => !open && setArchiving(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Archive “{archiving?.title}”?</AlertDialogTitle>
            <AlertDialogDescription>{ARCHIVE_CONFIRMATION}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => archiving && archive.mutate(archiving)}>
              Archive
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

export function CreatorDashboard() {
  useDocumentTitle('Creator Dashboard');
  return (
    <CreatorPage>
      <PageHeader
        title="Creator Dashboard"
        description="Build, publish and follow your courses."
        actions={
          <Button asChild variant="gradient">
            <Link to={paths.creator.createCourse.getHref()}>
              <Plus aria-hidden="true" /> Create Course
            </Link>
          </Button>
        }
      />
      <Metrics />
      <section aria-labelledby="my-courses-title">
        <h2 id="my-courses-title" className="mb-4 text-xl font-semibold">
          My Courses
        </h2>
        <CourseList />
      </section>
    </CreatorPage>
  );
}
