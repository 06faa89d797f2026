import { Rocket } from 'lucide-react';
import type { Course } from '#shared/schemas/catalog';
import { RegionError } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { formatPrice } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
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
          toast({
            variant: 'success',
            title: t('courseBuilder.coursePublished'),
            description: t('courseBuilder.coursePublishedDescription'),
          });
        },
        onError: (error) => {
          // The course may have changed since the checklist was read: show the server's answer again.
          void checklist.refetch();
          toast({
            variant: 'destructive',
            title: t('courseBuilder.publishFailed'),
            description: getErrorMessage(error, t('courseEditor.checkConnection')),
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
          <DialogTitle className="break-words pe-6">{t('courseBuilder.publishTitle', { title: course.title })}</DialogTitle>
          <DialogDescription>
            {data === undefined
              ? t('courseBuilder.checkingCourse')
              : data.canPublish
                ? t('courseBuilder.goesLive', { price: formatPrice(course.price) })
                : t('courseBuilder.archivedCannotPublish')}
          </DialogDescription>
        </DialogHeader>
        {data?.canPublish && missing > 0 ? (
          <p className="rounded-lg border border-warning/40 bg-warning-muted px-3 py-2 text-sm text-warning-muted-foreground">
            {t('courseBuilder.missingWarning', { count: missing })}
          </p>
        ) : null}
        {checklist.isError ? (
          <RegionError
            title={t('courseBuilder.checklistLoadFailed')}
            description={getErrorMessage(checklist.error, t('courseEditor.checkConnection'))}
            onRetry={() => void checklist.refetch()}
          />
        ) : data === undefined ? (
          <div role="status" aria-label={t('courseBuilder.checkingCourseLabel')} className="grid gap-2">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-12 rounded-lg" />
            ))}
          </div>
        ) : (
          <PublishChecklist items={data.items} price={course.price} />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('courseEditor.cancel')}
          </Button>
          <Button
            variant="gradient"
            onClick={onPublish}
            disabled={!data?.canPublish || publish.isPending || checklist.isFetching}
          >
            {publish.isPending ? <Spinner /> : <Rocket aria-hidden="true" />}
            {missing > 0 ? t('courseBuilder.publishAnyway') : t('courseBuilder.publishNow')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
