import { CheckCircle2, EyeOff, Rocket } from 'lucide-react';
import { useState } from 'react';
import type { Course } from '#shared/schemas/catalog';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { useUnpublishCourse } from '../api/publish-course';
import { PublishDialog } from './publish-dialog';

/**
 * Publish Course opens the checklist and a confirmation; a published course shows the product's disabled
 * 'Published' (docs/product.md, Publishing and the studio) and, unless archived, an Unpublish that asks first.
 */
export function PublishButton({ course }: { course: Course }) {
  const [isPublishing, setPublishing] = useState(false);
  const [isUnpublishing, setUnpublishing] = useState(false);
  const unpublish = useUnpublishCourse();

  if (!course.published) {
    return (
      <>
        <Button variant="gradient" onClick={() => setPublishing(true)}>
          <Rocket aria-hidden="true" />
          {t('courseBuilder.publishCourse')}
        </Button>
        <PublishDialog course={course} open={isPublishing} onOpenChange={setPublishing} />
      </>
    );
  }

  const onUnpublish = () =>
    unpublish.mutate(
      { id: course.id },
      {
        onSuccess: () =>
          toast({
            variant: 'success',
            title: t('courseBuilder.courseUnpublished'),
            description: t('courseBuilder.courseUnpublishedDescription'),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('courseBuilder.unpublishFailed'),
            description: getErrorMessage(error, t('courseEditor.checkConnection')),
          }),
      },
    );
  return (
    <>
      <Button variant="outline" disabled>
        <CheckCircle2 aria-hidden="true" />
        {t('courseBuilder.published')}
      </Button>
      {course.archived ? null : (
        <Button variant="outline" onClick={() => setUnpublishing(true)} disabled={unpublish.isPending}>
          {unpublish.isPending ? <Spinner /> : <EyeOff aria-hidden="true" />}
          {t('courseBuilder.unpublish')}
        </Button>
      )}
      <ConfirmDialog
        open={isUnpublishing}
        onOpenChange={setUnpublishing}
        title={t('courseBuilder.unpublishTitle', { title: course.title })}
        description={t('courseBuilder.unpublishConfirmation')}
        confirmLabel={t('courseBuilder.unpublish')}
        isDestructive={false}
        onConfirm={onUnpublish}
      />
    </>
  );
}
