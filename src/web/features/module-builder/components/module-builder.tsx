import { ArrowLeft, Layers, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Lesson } from '#shared/schemas/creator';
import { RegionError, RegionErrorBoundary } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { useModuleLessons } from '#web/lib/api/get-module-lessons';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { useDeleteSlide } from '../api/delete-slide';
import { useModule } from '../api/get-module';
import { useUpdateSlide } from '../api/update-slide';
import { clampSelection, selectionAfterAdd, selectionAfterDelete, selectionAfterMove } from '../lib/slide-selection';
import { AddSlideDialog } from './add-slide-dialog';
import { EditSlideDialog } from './edit-slide-dialog';
import { ModulePacing } from './module-pacing';
import { SlideGrid } from './slide-grid';
import { SlideViewer } from './slide-viewer';

/** The slide builder (docs/product.md, Publishing and the studio): /creator/modules/{id}/build. */
export function ModuleBuilder({ moduleId }: { moduleId: string }) {
  const module = useModule(moduleId);
  const slides = useModuleLessons(moduleId);
  const courseId = module.data?.courseId;
  useDocumentTitle(
    module.data ? t('moduleBuilder.documentTitle', { title: module.data.title }) : t('moduleBuilder.moduleContent'),
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-10">
      <header className="mb-6 grid gap-3">
        <Button asChild variant="ghost" size="sm" className="-ms-2 w-fit">
          {/* The course is unknown until the module loads (or when it fails): then the dashboard. */}
          <Link to={courseId ? paths.creator.courseBuilder.getHref(courseId) : paths.creator.dashboard.getHref()}>
            <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
            {courseId ? t('courseEditor.backToBuilder') : t('courseEditor.backToDashboard')}
          </Link>
        </Button>
        {module.isPending ? (
          <Skeleton className="h-9 w-64 max-w-full" />
        ) : (
          <div className="min-w-0">
            <p className="text-sm font-medium text-muted-foreground">{t('moduleBuilder.moduleContent')}</p>
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
              {module.data?.title ?? t('moduleBuilder.moduleFallback')}
            </h1>
            {module.data?.description ? (
              <p className="mt-1 text-muted-foreground break-words">{module.data.description}</p>
            ) : null}
          </div>
        )}
      </header>
      {module.isError ? (
        isApiError(module.error, 404) ? (
          <RegionError title={t('moduleBuilder.moduleNotFound')} description={t('moduleBuilder.moduleNotFoundDescription')} />
        ) : (
          <RegionError
            title={t('moduleBuilder.moduleLoadFailed')}
            description={getErrorMessage(module.error, t('moduleBuilder.checkConnection'))}
            onRetry={() => void module.refetch()}
          />
        )
      ) : slides.isError ? (
        <RegionError
          title={t('moduleBuilder.slidesLoadFailed')}
          description={getErrorMessage(slides.error, t('moduleBuilder.checkConnection'))}
          onRetry={() => void slides.refetch()}
        />
      ) : module.isPending || slides.isPending ? (
        <WorkspaceSkeleton />
      ) : (
        <RegionErrorBoundary title={t('moduleBuilder.slidesDisplayFailed')} resetKeys={[moduleId]}>
          <SlideWorkspace moduleId={moduleId} courseId={courseId} slides={slides.data} />
          <div className="mt-8">
            <ModulePacing key={module.data.id} module={module.data} />
          </div>
        </RegionErrorBoundary>
      )}
    </div>
  );
}

function WorkspaceSkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">{t('moduleBuilder.loadingSlides')}</span>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-72 w-full rounded-2xl" />
      <div className="grid grid-cols-4 gap-3">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="aspect-[4/3]" />
        ))}
      </div>
    </div>
  );
}

export function SlideWorkspace({
  moduleId,
  courseId,
  slides,
}: {
  moduleId: string;
  courseId: string | undefined;
  slides: Lesson[];
}) {
  const [selection, setSelection] = useState(0);
  const [isAdding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Lesson | null>(null);
  const updateSlide = useUpdateSlide(moduleId, courseId);
  const deleteSlide = useDeleteSlide(moduleId, courseId);
  const selected = clampSelection(selection, slides.length);
  const slide = slides[selected];

  // The selection is set after the refreshed list arrives, so it never points at a stale place.
  const move = async (direction: -1 | 1) => {
    if (!slide) return;
    try {
      await updateSlide.mutateAsync({ id: slide.id, body: { order: slide.order + direction } });
      setSelection(selectionAfterMove(selected, direction, slides.length));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('moduleBuilder.reorderFailed'),
        description: getErrorMessage(error, t('courseBuilder.tryAgain')),
      });
    }
  };
  const remove = async () => {
    if (!slide) return;
    const countBefore = slides.length;
    try {
      await deleteSlide.mutateAsync({ id: slide.id });
      setSelection(selectionAfterDelete(selected, countBefore));
      toast({ variant: 'success', title: t('moduleBuilder.slideDeleted') });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('moduleBuilder.deleteFailed'),
        description: getErrorMessage(error, t('courseBuilder.tryAgain')),
      });
    }
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-medium" aria-live="polite">
          {slide ? t('moduleBuilder.slideOf', { number: selected + 1, count: slides.length }) : t('moduleBuilder.noSlides')}
        </p>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" /> {t('moduleBuilder.addPage')}
        </Button>
      </div>
      {slide ? (
        <>
          <SlideViewer
            slide={slide}
            index={selected}
            count={slides.length}
            isBusy={updateSlide.isPending || deleteSlide.isPending}
            onSelect={(index) => setSelection(clampSelection(index, slides.length))}
            onEdit={() => setEditing(slide)}
            onMove={(direction) => void move(direction)}
            onDelete={() => void remove()}
          />
          <SlideGrid slides={slides} selected={selected} onSelect={setSelection} />
        </>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Layers className="size-6" aria-hidden="true" />
          </span>
          <p className="font-semibold">{t('moduleBuilder.emptyTitle')}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{t('moduleBuilder.emptyHint')}</p>
        </div>
      )}
      <AddSlideDialog
        open={isAdding}
        onOpenChange={setAdding}
        moduleId={moduleId}
        courseId={courseId}
        onAdded={() => setSelection(selectionAfterAdd(slides.length))}
      />
      <EditSlideDialog slide={editing} onClose={() => setEditing(null)} moduleId={moduleId} courseId={courseId} />
    </div>
  );
}
