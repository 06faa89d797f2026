import { CheckCircle2, Rocket } from 'lucide-react';
import type { Course } from '#shared/schemas/catalog';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { usePublishCourse } from '../api/publish-course';

/** SPEC §4: publishing has no way back here, so a published course shows a disabled 'Published'. */
export function PublishButton({ course }: { course: Course }) {
  const publish = usePublishCourse();
  if (course.published) {
    return (
      <Button variant="outline" disabled>
        <CheckCircle2 aria-hidden="true" />
        Published
      </Button>
    );
  }
  const onPublish = () =>
    publish.mutate(
      { id: course.id },
      {
        onSuccess: () =>
          toast({ variant: 'success', title: 'Course published!', description: 'Your course is now live in the marketplace.' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to publish course',
            description: getErrorMessage(error, 'Please check your connection and try again.'),
          }),
      },
    );
  return (
    <Button variant="gradient" onClick={onPublish} disabled={publish.isPending}>
      {publish.isPending ? <Spinner /> : <Rocket aria-hidden="true" />}
      Publish Course
    </Button>
  );
}
