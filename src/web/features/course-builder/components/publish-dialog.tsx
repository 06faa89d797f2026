import { Rocket } from 'lucide-react';
import { formatPrice } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';
import { RegionError } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { usePublishChecklist } from '../api/get-publish-checklist';
import { usePublishCourse } from '../api/publish-course';
import { PublishChecklist } from './publish-checklist';

/**
 * The safety net before a course goes live: the server's checklist of what is missing or empty, then a
 * confirmation that says what will happen. The creator may publish anyway (learners see the empty
 * messages); only an archived course cannot be published until it is restored.
 */
export function PublishDialog({
  course,
  open,
  onOpenChange,
}: {
  course: Course;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const checklist = usePublishChecklist(course.id, { enabled: open });
  const publish = usePublishCourse();

  const onPublish = () =>
    publish.mutate(
      { id: course.id },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ variant: 'success', title: 'Course published!', description: 'Your course is now live in the marketplace.' });
        },
        onError: (error) => {
          // The course may have changed since the checklist was read: show the server's answer again.
          void checklist.refetch();
          toast({
            variant: 'destructive',
            title: 'Failed to publish course',
            description: getErrorMessage(error, 'Please check your connection and try again.'),
          });
        },
      },
    );

  const data = checklist.data;
  const missing = data?.items.filter((item) => !item.ok).length ?? 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle className="break-words pr-6">Publish “{course.title}”?</DialogTitle>
          <DialogDescription>
            {data === undefined
              ? 'Checking your course...'
              : data.canPublish
                ? `It goes live in the marketplace at once, priced ${formatPrice(course.price)}, and students can enroll. You can unpublish it later; enrolled students keep access.`
                : 'An archived course cannot be published. Restore it from your dashboard first.'}
          </DialogDescription>
        </DialogHeader>
        {data?.canPublish && missing > 0 ? (
          <p className="rounded-lg border border-warning/40 bg-warning-muted px-3 py-2 text-sm text-warning-muted-foreground">
            {missing} {missing === 1 ? 'item is' : 'items are'} missing or empty. You can publish anyway: learners see a message
            where content is missing (“No lessons in this module yet.”), and empty modules and quizzes count for nothing in their
            progress.
          </p>
        ) : null}
        {checklist.isError ? (
          <RegionError
            title="The checklist could not be loaded"
            description={getErrorMessage(checklist.error, 'Please check your connection and try again.')}
            onRetry={() => void checklist.refetch()}
          />
        ) : data === undefined ? (
          <div role="status" aria-label="Checking your course" className="grid gap-2">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-12 rounded-lg" />
            ))}
          </div>
        ) : (
          <PublishChecklist items={data.items} />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="gradient"
            onClick={onPublish}
            disabled={!data?.canPublish || publish.isPending || checklist.isFetching}
          >
            {publish.isPending ? <Spinner /> : <Rocket aria-hidden="true" />}
            {missing > 0 ? 'Publish anyway' : 'Publish now'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
