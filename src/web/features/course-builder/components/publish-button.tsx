import { CheckCircle2, EyeOff, Rocket } from 'lucide-react';
import { useState } from 'react';
import type { Course } from '#shared/schemas/catalog';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { useUnpublishCourse } from '../api/publish-course';
import { PublishDialog } from './publish-dialog';

const UNPUBLISH_CONFIRMATION =
  'It goes back to a draft and leaves the marketplace; nobody new can enroll. Students who have enrolled keep access.';

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
          Publish Course
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
            title: 'Course unpublished',
            description: 'It is a draft again. Students who have enrolled keep access.',
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to unpublish course',
            description: getErrorMessage(error, 'Please check your connection and try again.'),
          }),
      },
    );
  return (
    <>
      <Button variant="outline" disabled>
        <CheckCircle2 aria-hidden="true" />
        Published
      </Button>
      {course.archived ? null : (
        <Button variant="outline" onClick={() => setUnpublishing(true)} disabled={unpublish.isPending}>
          {unpublish.isPending ? <Spinner /> : <EyeOff aria-hidden="true" />}
          Unpublish
        </Button>
      )}
      <ConfirmDialog
        open={isUnpublishing}
        onOpenChange={setUnpublishing}
        title={`Unpublish “${course.title}”?`}
        description={UNPUBLISH_CONFIRMATION}
        confirmLabel="Unpublish"
        isDestructive={false}
        onConfirm={onUnpublish}
      />
    </>
  );
}
