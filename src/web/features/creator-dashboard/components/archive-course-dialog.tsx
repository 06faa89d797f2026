import type { Course } from '#shared/schemas/catalog';
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

export const ARCHIVE_CONFIRMATION =
  'Are you sure you want to archive this course? It will be hidden from the marketplace but students who have enrolled can still access it.';

/** SPEC §5: archiving asks first; closing the dialog any other way keeps the course as it is. */
export function ArchiveCourseDialog({
  course,
  onConfirm,
  onClose,
}: {
  course: Course | null;
  onConfirm: (course: Course) => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog open={course !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-words">Archive “{course?.title}”?</AlertDialogTitle>
          <AlertDialogDescription>{ARCHIVE_CONFIRMATION}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => course && onConfirm(course)}>
            Archive
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
