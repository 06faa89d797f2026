import { PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

/**
 * docs/product.md, Checkout: 'Congratulations!' with Start Learning and Go to My Courses. Its close button, Escape
 * and a press outside close it, over a page that says the learner is enrolled.
 */
export function EnrollmentSuccessDialog({
  open,
  onOpenChange,
  courseId,
  courseTitle,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  courseId: string;
  courseTitle: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-success-muted text-success-muted-foreground sm:mx-0">
            <PartyPopper className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle>{t('enrollment.congratulations')}</DialogTitle>
          <DialogDescription>{t('enrollment.youAreEnrolledIn', { title: courseTitle })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to={paths.myCourses.getHref()}>{t('enrollment.goToMyCourses')}</Link>
          </Button>
          <Button asChild variant="gradient">
            <Link to={paths.course.learn.getHref(courseId)}>{t('enrollment.startLearning')}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
