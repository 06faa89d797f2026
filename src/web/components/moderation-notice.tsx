import { ShieldAlert } from 'lucide-react';
import type { CourseModeration } from '#shared/schemas/creator';
import { useCreatorCourses } from '#web/lib/api/get-creator-courses';
import { formatDay } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';

/**
 * An admin's reason for unpublishing a course, as its creator reads it (issue 24 §6) until they
 * publish the course again. The reason is plain text, shown as text.
 */
export function ModerationNotice({ moderation, className }: { moderation: CourseModeration; className?: string }) {
  return (
    <div
      role="note"
      aria-label={t('creator.unpublishedByAdmin')}
      className={cn(
        'flex gap-3 rounded-xl border border-warning-muted-foreground/30 bg-warning-muted p-4 text-warning-muted-foreground',
        className,
      )}
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="font-semibold">
          {t('creator.moderationUnpublishedOn', { day: formatDay(new Date(moderation.unpublishedAt)) })}
        </p>
        <p className="break-words whitespace-pre-line">{moderation.reason}</p>
        <p>{t('creator.moderationNextStep')}</p>
      </div>
    </div>
  );
}

/** The notice for one of the signed-in creator's courses, while an admin's reason stands on it. */
export function CourseModerationNotice({ courseId, className }: { courseId: string; className?: string }) {
  const courses = useCreatorCourses();
  const moderation = courses.data?.find((course) => course.id === courseId)?.moderation;
  return moderation ? <ModerationNotice moderation={moderation} className={className} /> : null;
}
