import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Course } from '#shared/schemas/catalog';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { enrollFree, refreshEnrollment } from '../api/enroll';

/**
 * Back on a course's page from signing up or in (`?enroll=1`), what the guest pressed Enroll for is
 * finished (ADR 0045): a free course is enrolled right here, and the page then shows them enrolled; a
 * paid one goes on to its checkout; a course they already own or made just shows its page. Loaded only
 * then, in a chunk of its own (the course page's JavaScript budget).
 */
export default function EnrollOnReturn({
  course,
  isEnrolled,
  isOwner,
}: {
  course: Course;
  isEnrolled: boolean;
  isOwner: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isStarted = useRef(false);
  useEffect(() => {
    if (isStarted.current) return;
    isStarted.current = true;
    const coursePage = paths.course.detail.getHref(course.id);
    if (isEnrolled || isOwner) navigate(coursePage, { replace: true });
    else if (Number(course.price) > 0) navigate(paths.checkout.getHref(course.id), { replace: true });
    else
      enrollFree(course.id)
        .then(async () => {
          await refreshEnrollment(queryClient, course.id);
          toast({
            variant: 'success',
            title: t('enrollment.enrolledToast'),
            description: t('enrollment.inMyCourses', { title: course.title }),
          });
        })
        .catch((error: unknown) => {
          toast({
            variant: 'destructive',
            title: t('enrollment.enrollmentError'),
            description: getErrorMessage(error, t('enrollment.failedToEnroll')),
          });
        })
        .finally(() => navigate(coursePage, { replace: true }));
  }, [course, isEnrolled, isOwner, navigate, queryClient]);
  return null;
}
