import { BookOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CreatorCourse } from '#shared/schemas/creator';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { RegionError } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/hooks/use-toast';
import { useCreatorCourses } from '#web/lib/api/get-creator-courses';
import { paths } from '#web/lib/paths';
import { useArchiveCourse } from '../api/archive-course';
import { useRestoreCourse } from '../api/restore-course';
import { CourseRow } from './course-row';

const ARCHIVE_CONFIRMATION =
  'Are you sure you want to archive this course? It will be hidden from the marketplace but students who have enrolled can still access it.';

function EmptyCourses() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary dark:bg-primary/20">
        <BookOpen className="size-7" aria-hidden="true" />
      </span>
      <p className="text-lg font-medium">You haven't created any courses yet</p>
      <Button asChild variant="gradient">
        <Link to={paths.creator.createCourse.getHref()}>
          <Plus aria-hidden="true" /> Create Your First Course
        </Link>
      </Button>
    </div>
  );
}

function CourseListSkeleton() {
  return (
    <div role="status" aria-label="Loading your courses" className="grid gap-3">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-20 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** The creator's courses with their state, price and row menu (docs/product.md, Publishing and the studio). */
export function CourseList() {
  const courses = useCreatorCourses();
  const [archiving, setArchiving] = useState<CreatorCourse | null>(null);
  const archive = useArchiveCourse({
    onSuccess: () =>
      toast({
        variant: 'success',
        title: 'Course archived',
        description:
          'The course has been archived and hidden from the marketplace. Students who have enrolled can still access it.',
      }),
    onError: (error) => {
      console.error(error);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to archive course' });
    },
  });

  const restore = useRestoreCourse({
    onSuccess: () =>
      toast({
        variant: 'success',
        title: 'Course restored',
        description: 'It is no longer archived: a published course is back in the marketplace.',
      }),
    onError: (error) => {
      console.error(error);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to restore course' });
    },
  });

  if (courses.isPending) return <CourseListSkeleton />;
  if (courses.isError) {
    return (
      <RegionError
        title="Your courses could not be loaded"
        description="Check your connection and try again."
        onRetry={() => void courses.refetch()}
      />
    );
  }
  if (courses.data.length === 0) return <EmptyCourses />;
  return (
    <>
      <ul className="grid gap-3">
        {courses.data.map((course) => (
          <CourseRow key={course.id} course={course} onArchive={setArchiving} onRestore={(picked) => restore.mutate(picked)} />
        ))}
      </ul>
      {/* Archiving asks first; closing the dialog any other way keeps the course as it is. */}
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(isOpen) => isOpen || setArchiving(null)}
        title={`Archive “${archiving?.title ?? ''}”?`}
        description={ARCHIVE_CONFIRMATION}
        confirmLabel="Archive"
        onConfirm={() => {
          if (archiving) archive.mutate(archiving);
        }}
      />
    </>
  );
}
