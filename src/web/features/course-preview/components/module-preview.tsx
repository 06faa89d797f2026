import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { RegionErrorBoundary } from '#web/components/errors/region-error';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';
import { usePreviewLessons } from '../api/get-preview-lessons';
import { ContentLoading, ContentMessage } from './content-message';
import { LessonContent } from './lesson-content';

/** One lesson of the module at a time, with Previous / Next. */
export function ModulePreview({ courseId, moduleId }: { courseId: string; moduleId: string }) {
  const lessons = usePreviewLessons(courseId, moduleId);
  const [index, setIndex] = useState(0);

  if (lessons.isPending) return <ContentLoading label={t('preview.loadingLessons')} />;
  if (lessons.isError) {
    return (
      <ContentMessage isError onRetry={() => void lessons.refetch()}>
        {t('preview.loadFailed')}
      </ContentMessage>
    );
  }
  if (lessons.data.length === 0) return <ContentMessage>{t('learning.noLessonsInModule')}</ContentMessage>;

  const count = lessons.data.length;
  const at = Math.min(index, count - 1);
  const lesson = lessons.data[at];
  if (!lesson) return null;
  return (
    <article className="grid gap-5">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="min-w-0 text-xl font-bold tracking-tight break-words sm:text-2xl">{lesson.title}</h2>
        <Badge variant="outline" className="tabular-nums">
          {t('preview.lessonOf', { number: at + 1, total: count })}
        </Badge>
      </header>
      <RegionErrorBoundary title={t('preview.lessonNotShown')} resetKeys={[lesson.id]}>
        <LessonContent lesson={lesson} />
      </RegionErrorBoundary>
      <nav aria-label={t('preview.lessons')} className="flex items-center justify-between gap-2 border-t pt-4">
        <Button variant="outline" onClick={() => setIndex(at - 1)} disabled={at === 0}>
          <ChevronLeft className="rtl:-scale-x-100" aria-hidden="true" /> {t('learning.previous')}
        </Button>
        <Button variant="outline" onClick={() => setIndex(at + 1)} disabled={at >= count - 1}>
          {t('learning.next')} <ChevronRight className="rtl:-scale-x-100" aria-hidden="true" />
        </Button>
      </nav>
    </article>
  );
}
