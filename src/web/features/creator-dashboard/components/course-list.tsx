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
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { useArchiveCourse } from '../api/archive-course';
import { useRestoreCourse } from '../api/restore-course';
import { CourseRow } from './course-row';

function EmptyCourses() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary dark:bg-primary/20">
        <BookOpen className="size-7" aria-hidden="true" />
      </span>
      <p className="text-lg font-medium">{t('creator.noCoursesYet')}</p>
      <Button asChild variant="gradient">
        <Link to={paths.creator.createCourse.getHref()}>
          <Plus aria-hidden="true" /> {t('creator.createFirstCourse')}
        </Link>
      </Button>
    </div>
  );
}

function CourseListSkeleton() {
  return (
    <div role="status" aria-label={t('creator.loadingCourses')} className="grid gap-3">
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
        title: t('creator.courseArchived'),
        description: t('creator.courseArchivedDescription'),
      }),
    onError: (error) => {
      console.error(error);
      toast({ variant: 'destructive', title: t('creator.error'), description: t('creator.archiveFailed') });
    },
  });

  const restore = useRestoreCourse({
    onSuccess: () =>
      toast({
        variant: 'success',
        title: t('creator.courseRestored'),
        description: t('creator.courseRestoredDescription'),
      }),
    onError: (error) => {
      console.error(error);
      toast({ variant: 'destructive', title: t('creator.error'), description: t('creator.restoreFailed') });
    },
  });

  if (courses.isPending) return <CourseListSkeleton />;
  if (courses.isError) {
    return (
      <RegionError
        title={t('creator.coursesLoadFailed')}
        description={t('creator.checkConnection')}
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
        title={t('creator.archiveTitle', { title: archiving?.title ?? '' })}
        description={t('creator.archiveConfirmation')}
        confirmLabel={t('creator.archive')}
        onConfirm={() => {
          if (archiving) archive.mutate(archiving);
        }}
      />
    </>
  );
}
