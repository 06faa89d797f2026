import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Lesson } from '#shared/schemas/creator';
import { RegionError } from '#web/components/errors/region-error';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { apiJson, getErrorMessage, isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { queryKeys } from '#web/lib/query-keys';
import { cn } from '#web/lib/utils';
import { moduleLessonsQuery, moduleQuery } from '../api/creator-queries';
import { useRefreshCourse } from '../api/use-refresh';
import { ConfirmDelete } from './confirm-delete';
import { MoveButtons } from './move-buttons';
import { CreatorPage, PageHeader } from './page-header';
import { SlideContent } from './slide-content';
import { AddSlideDialog, EditSlideDialog, TYPE_ICON } from './slide-dialogs';

/** SPEC §4: after deleting the last slide the selection moves back by one; otherwise it stays put. */
export function selectionAfterDelete(selected: number, remaining: number): number {
  return Math.max(0, Math.min(selected, remaining - 1));
}

const EMPTY_SLIDE = { text: 'This slide has no text yet.', image: 'No image uploaded yet.', video: 'No video uploaded yet.' };

function SlideGrid({ lessons, selected, onSelect }: { lessons: Lesson[]; selected: number; onSelect: (index: number) => void }) {
  return (
    <section aria-labelledby="all-slides-title" className="mt-8">
      <h2 id="all-slides-title" className="mb-3 text-lg font-semibold">
        All Slides
      </h2>
      <ol className="grid grid-cols-4 gap-2 sm:gap-3">
        {lessons.map((lesson, index) => {
          const Icon = TYPE_ICON[lesson.type];
          return (
            <li key={lesson.id}>
              <button
                type="button"
                aria-current={index === selected ? 'true' : undefined}
                aria-label={`Slide ${index + 1}: ${lesson.title}`}
                onClick={() => onSelect(index)}
                className={cn(
                  'flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 rounded-lg border p-1 text-center text-xs transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  index === selected && 'border-primary bg-primary/10 ring-1 ring-primary',
                )}
              >
                <span className="font-semibold tabular-nums">{index + 1}</span>
                <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                <span className="line-clamp-1 hidden w-full break-all sm:block">{lesson.title}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Slides({ moduleId, courseId, lessons }: { moduleId: string; courseId: string | undefined; lessons: Lesson[] }) {
  const queryClient = useQueryClient();
  const refreshCourse = useRefreshCourse();
  const [selected, setSelected] = useState(0);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Lesson | null>(null);
  const [busy, setBusy] = useState(false);
  const current = lessons[Math.min(selected, lessons.length - 1)];
  const index = current ? lessons.indexOf(current) : 0;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.moduleLessons(moduleId) });
    await refreshCourse(courseId);
  };

  const move = async (direction: -1 | 1) => {
    if (!current) return;
    setBusy(true);
    try {
      await apiJson('PATCH', `/api/lessons/${encodeURIComponent(current.id)}`, { order: current.order + direction });
      setSelected(index + direction);
      await refresh();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to reorder slide',
        description: getErrorMessage(error, 'Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!current) return;
    setBusy(true);
    try {
      await apiJson('DELETE', `/api/lessons/${encodeURIComponent(current.id)}`);
      toast({ variant: 'success', title: 'Slide deleted' });
      setSelected(selectionAfterDelete(index, lessons.length - 1));
      await refresh();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to delete slide',
        description: getErrorMessage(error, 'Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="font-medium" aria-live="polite">
          {lessons.length === 0 ? 'No slides yet' : `Slide ${index + 1} of ${lessons.length}`}
        </p>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" /> Add Page
        </Button>
      </div>
      {current ? (
        <Card className="overflow-hidden">
          <div className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-3">
            <div className="flex min-w-0 items-center gap-2">
              <Badge variant="outline" className="capitalize">
                {current.type}
              </Badge>
              <h2 className="font-semibold break-words">{current.title}</h2>
            </div>
            <div className="flex items-center">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Edit ${current.title}`}
                onClick={() => setEditing(current)}
                disabled={busy}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <MoveButtons
                name={current.title}
                isFirst={index === 0}
                isLast={index === lessons.length - 1}
                onMove={(d) => void move(d)}
                disabled={busy}
              />
              <ConfirmDelete what="slide" name={current.title} onConfirm={() => void remove()} disabled={busy} />
            </div>
          </div>
          <div className="p-4 sm:p-6">
            <SlideContent lesson={current} empty={EMPTY_SLIDE} />
          </div>
          <div className="flex justify-between border-t px-4 py-3">
            <Button variant="outline" onClick={() => setSelected(index - 1)} disabled={index === 0}>
              <ChevronLeft aria-hidden="true" /> Previous
            </Button>
            <Button variant="outline" onClick={() => setSelected(index + 1)} disabled={index >= lessons.length - 1}>
              Next <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </Card>
      ) : (
        <p className="rounded-xl border border-dashed px-6 py-14 text-center text-muted-foreground">
          This module has no slides yet. Add Page creates the first one.
        </p>
      )}
      {lessons.length > 0 ? <SlideGrid lessons={lessons} selected={index} onSelect={setSelected} /> : null}
      <AddSlideDialog
        open={adding}
        onOpenChange={setAdding}
        moduleId={moduleId}
        count={lessons.length}
        onAdded={async () => {
          setSelected(lessons.length);
          await refresh();
        }}
      />
      <EditSlideDialog lesson={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </>
  );
}

export function ModuleBuilder({ moduleId }: { moduleId: string }) {
  const module = useQuery(moduleQuery(moduleId));
  const lessons = useQuery(moduleLessonsQuery(moduleId));
  useDocumentTitle(module.data ? `Slides: ${module.data.title}` : 'Module Builder');
  const courseId = module.data?.courseId;
  const back = courseId ? paths.creator.courseBuilder.getHref(courseId) : paths.creator.dashboard.getHref();

  return (
    <CreatorPage>
      <PageHeader
        backTo={back}
        backLabel={courseId ? 'Back to Course Builder' : 'Back to Dashboard'}
        title={module.data?.title ?? 'Module Builder'}
        description={module.data?.description}
      />
      {module.isError ? (
        <RegionError
          title={isApiError(module.error, 404) ? 'Module not found' : 'The module could not be loaded'}
          onRetry={() => void module.refetch()}
        />
      ) : lessons.isPending || module.isPending ? (
        <p role="status" className="py-20 text-center text-muted-foreground">
          Loading slides...
        </p>
      ) : lessons.isError ? (
        <RegionError title="The slides could not be loaded" onRetry={() => void lessons.refetch()} />
      ) : (
        <Slides moduleId={moduleId} courseId={courseId} lessons={lessons.data} />
      )}
    </CreatorPage>
  );
}
