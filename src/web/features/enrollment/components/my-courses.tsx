import { BookOpen, PlayCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';
import { RegionError } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { Progress } from '#web/components/ui/progress';
import { Skeleton } from '#web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { useMyCourses } from '#web/lib/api/get-my-courses';
import { useSavedCourses } from '#web/lib/api/get-saved-courses';
import { paths } from '#web/lib/paths';

function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed px-6 py-14 text-center">
      <BookOpen className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-muted-foreground">{children}</p>
    </div>
  );
}

function CourseRow({ course, action }: { course: Course; action: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center">
      <div className="aspect-video w-full shrink-0 overflow-hidden rounded-lg bg-gradient-to-br from-brand-from/30 to-brand-to/30 sm:w-40">
        {course.thumbnail ? <img src={course.thumbnail} alt="" className="size-full object-cover" /> : null}
      </div>
      <div className="grid min-w-0 flex-1 gap-2">
        <Link to={paths.course.detail.getHref(course.id)} className="font-semibold break-words hover:underline">
          {course.title}
        </Link>
        {course.progress !== undefined ? (
          <div className="flex items-center gap-3">
            <Progress value={course.progress} className="h-2 max-w-xs flex-1" aria-label={`${course.title} progress`} />
            <span className="text-sm tabular-nums text-muted-foreground">{course.progress}%</span>
          </div>
        ) : (
          <span className="text-sm text-muted-foreground">{formatPrice(course.price)}</span>
        )}
      </div>
      {action}
    </li>
  );
}

function Loading() {
  return (
    <ul aria-label="Loading courses" className="grid gap-3">
      {[0, 1].map((key) => (
        <Skeleton key={key} className="h-24 rounded-xl" />
      ))}
    </ul>
  );
}

/** SPEC §2 My Courses and DECISIONS §5: In Progress, Completed and Saved from real data. */
export function MyCourses() {
  useDocumentTitle('My Courses');
  const enrolled = useMyCourses();
  const saved = useSavedCourses();
  const inProgress = (enrolled.data ?? []).filter((course) => !course.completed);
  const completed = (enrolled.data ?? []).filter((course) => course.completed);
  const learnButton = (course: Course, label: string) => (
    <Button asChild variant="gradient" className="shrink-0">
      <Link to={paths.course.learn.getHref(course.id)}>
        <PlayCircle aria-hidden="true" /> {label}
      </Link>
    </Button>
  );
  const enrolledList = (list: Course[], empty: ReactNode, label: string) =>
    enrolled.isPending ? (
      <Loading />
    ) : enrolled.isError ? (
      <RegionError title="Your courses could not be loaded" onRetry={() => void enrolled.refetch()} />
    ) : list.length === 0 ? (
      <Empty>{empty}</Empty>
    ) : (
      <ul className="grid gap-3">
        {list.map((course) => (
          <CourseRow key={course.id} course={course} action={learnButton(course, label)} />
        ))}
      </ul>
    );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">My Courses</h1>
      <Tabs defaultValue="in-progress">
        <TabsList>
          <TabsTrigger value="in-progress">In Progress</TabsTrigger>
          <TabsTrigger value="completed">Completed</TabsTrigger>
          <TabsTrigger value="saved">Saved</TabsTrigger>
        </TabsList>
        <TabsContent value="in-progress" className="mt-6">
          {enrolledList(
            inProgress,
            <>
              No enrolled courses yet.{' '}
              <Link to={paths.home.getHref()} className="text-primary underline underline-offset-4">
                Browse courses
              </Link>{' '}
              to get started!
            </>,
            'Continue',
          )}
        </TabsContent>
        <TabsContent value="completed" className="mt-6">
          {enrolledList(completed, 'No completed courses yet', 'Review')}
        </TabsContent>
        <TabsContent value="saved" className="mt-6">
          {saved.isPending ? (
            <Loading />
          ) : saved.isError ? (
            <RegionError title="Your saved courses could not be loaded" onRetry={() => void saved.refetch()} />
          ) : saved.data.length === 0 ? (
            <Empty>No saved courses yet</Empty>
          ) : (
            <ul className="grid gap-3">
              {saved.data.map((course) => (
                <CourseRow
                  key={course.id}
                  course={{ ...course, progress: undefined }}
                  action={
                    <Button asChild variant="outline" className="shrink-0">
                      <Link to={paths.course.detail.getHref(course.id)}>View Course</Link>
                    </Button>
                  }
                />
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
