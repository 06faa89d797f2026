import { Eye } from 'lucide-react';
import { useRef, useState } from 'react';
import { RegionErrorBoundary } from '#web/components/errors/region-error';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { usePreviewCourse } from '#web/lib/api/get-preview-course';
import { isApiError } from '#web/lib/api-client';
import { difficultyLabel } from '#web/lib/i18n/difficulty';
import { t } from '#web/lib/i18n/t';
import { sanitizeHtml } from '#web/lib/sanitize';
import { usePreviewSections } from '../hooks/use-preview-sections';
import { ContentMessage } from './content-message';
import { ModulePreview } from './module-preview';
import { QuizPreview } from './quiz-preview';
import { SectionList } from './section-list';

/**
 * The preview (docs/product.md, Publishing and the studio): the course as learners will see it, answers
 * included, for its creator.
 */
export function CoursePreview({ courseId }: { courseId: string }) {
  const course = usePreviewCourse(courseId);
  useDocumentTitle(course.data ? t('preview.titleOf', { title: course.data.title }) : t('preview.title'));

  if (course.isPending) return <PreviewSkeleton />;
  if (course.isError) {
    // Someone else's course answers 403; to its viewer it is simply not there.
    const isMissing = isApiError(course.error, 404) || isApiError(course.error, 403);
    return (
      <div role="alert" className="mx-auto grid max-w-md gap-2 px-4 py-24 text-center">
        <p className="text-xl font-semibold">{isMissing ? t('preview.courseNotFound') : t('preview.loadFailed')}</p>
        {isMissing ? (
          <p className="text-muted-foreground">{t('preview.onlyCreator')}</p>
        ) : (
          <Button variant="outline" className="mx-auto mt-2 w-fit" onClick={() => void course.refetch()}>
            {t('preview.tryAgain')}
          </Button>
        )}
      </div>
    );
  }

  const { title, description, difficulty, duration, published, archived } = course.data;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <header className="mb-8 grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="warning">
            <Eye aria-hidden="true" /> {t('preview.mode')}
          </Badge>
          <Badge variant={archived ? 'danger' : published ? 'success' : 'secondary'}>
            {archived ? t('preview.archived') : published ? t('preview.published') : t('preview.draft')}
          </Badge>
          <Badge variant="outline">{difficultyLabel(difficulty ?? 'Beginner')}</Badge>
          {duration ? <Badge variant="outline">{duration}</Badge> : null}
        </div>
        <h1 className="text-3xl font-bold tracking-tight break-words">{title}</h1>
        <div
          dir="auto"
          className="rich-text max-w-3xl text-muted-foreground"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server and again here
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(description) }}
        />
      </header>
      <RegionErrorBoundary title={t('preview.contentNotShown')} resetKeys={[courseId]}>
        <PreviewBody courseId={courseId} />
      </RegionErrorBoundary>
    </div>
  );
}

function PreviewBody({ courseId }: { courseId: string }) {
  const { sections, isPending, isError, refetch } = usePreviewSections(courseId);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const choose = (id: string, reveal: boolean) => {
    setChosenId(id);
    // On a phone the content sits below the list: bring it into view instead of leaving the tap unanswered.
    if (reveal && window.matchMedia('(max-width: 767px)').matches)
      contentRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  if (isPending) {
    return (
      <div role="status" className="grid gap-6 md:grid-cols-[18rem_1fr]">
        <span className="sr-only">{t('preview.loadingContent')}</span>
        <Skeleton className="h-40" />
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    );
  }
  if (isError) {
    return (
      <Card>
        <ContentMessage isError onRetry={() => void refetch()}>
          {t('preview.loadFailed')}
        </ContentMessage>
      </Card>
    );
  }

  // The first section is selected until the creator picks another (docs/product.md, Publishing and the studio).
  const selected = sections.find((section) => section.id === chosenId) ?? sections[0];
  return (
    <div className="grid gap-6 md:grid-cols-[18rem_minmax(0,1fr)]">
      <SectionList sections={sections} selectedId={selected?.id} onSelect={choose} />
      <Card ref={contentRef} className="min-w-0 scroll-mt-4 p-4 sm:p-6">
        <RegionErrorBoundary title={t('preview.sectionNotShown')} resetKeys={[selected?.id]}>
          {!selected ? (
            <ContentMessage>{t('preview.selectSection')}</ContentMessage>
          ) : selected.kind === 'module' ? (
            <ModulePreview key={selected.id} courseId={courseId} moduleId={selected.id} />
          ) : (
            <QuizPreview
              key={selected.id}
              courseId={courseId}
              quizId={selected.id}
              title={selected.title}
              description={selected.description}
            />
          )}
        </RegionErrorBoundary>
      </Card>
    </div>
  );
}

function PreviewSkeleton() {
  return (
    <div role="status" className="mx-auto grid w-full max-w-6xl gap-4 px-4 py-8 sm:px-6">
      <span className="sr-only">{t('preview.loadingCourse')}</span>
      <Skeleton className="h-6 w-32 rounded-full" />
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-16 w-full max-w-3xl" />
    </div>
  );
}
