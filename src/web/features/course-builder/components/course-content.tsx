import { ListTree } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { RegionError } from '#web/components/errors/region-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { useDeleteSection } from '../api/delete-section';
import { useMoveSection } from '../api/move-section';
import type { ContentItem } from '../lib/content-items';
import { ContentItemRow } from './content-item-row';
import type { MoveDirection } from './move-buttons';

interface CourseContentProps {
  courseId: string;
  items: ContentItem[] | undefined;
  isError: boolean;
  error: unknown;
  onRetry: () => void;
}

export function CourseContent({ courseId, items, isError, error, onRetry }: CourseContentProps) {
  return (
    <section aria-labelledby="course-content-title">
      <h2 id="course-content-title" className="mb-4 text-xl font-semibold">
        {t('courseBuilder.courseContent')}
      </h2>
      {isError ? (
        <RegionError
          title={t('courseBuilder.contentLoadFailed')}
          description={getErrorMessage(error, t('courseEditor.checkConnection'))}
          onRetry={onRetry}
        />
      ) : items === undefined ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">{t('courseEditor.loadingCourse')}</span>
          <Skeleton className="h-24 rounded-xl" />
          <Skeleton className="h-24 rounded-xl" />
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed px-6 py-12 text-center">
          <ListTree className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">{t('courseBuilder.noContent')}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{t('courseBuilder.noContentHint')}</p>
        </div>
      ) : (
        <ContentList courseId={courseId} items={items} />
      )}
    </section>
  );
}

function ContentList({ courseId, items }: { courseId: string; items: ContentItem[] }) {
  const move = useMoveSection(courseId);
  const remove = useDeleteSection(courseId);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: MoveDirection } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // A moved row is re-inserted in the DOM, which drops focus; keyboard users keep their place.
  useEffect(() => {
    if (!focusAfterMove || move.isPending) return;
    const { id, direction } = focusAfterMove;
    const other = direction === 'up' ? 'down' : 'up';
    const target = [direction, other]
      .map((d) => moveButtons.current.get(`${id}:${d}`))
      .find((button) => button && !button.disabled);
    target?.focus();
    const index = items.findIndex((item) => item.id === id);
    if (index >= 0) {
      setAnnouncement(
        t('courseBuilder.movedAnnouncement', { title: items[index]?.title ?? '', position: index + 1, count: items.length }),
      );
    }
    setFocusAfterMove(null);
  }, [focusAfterMove, move.isPending, items]);

  const onMove = (item: ContentItem, index: number, direction: MoveDirection) => {
    const neighbour = items[direction === 'up' ? index - 1 : index + 1];
    if (!neighbour) return;
    setFocusAfterMove({ id: item.id, direction });
    // A failed reorder shows no notice (docs/product.md, Web app conventions); the lists are fetched again either way.
    move.mutate({ kind: item.kind, id: item.id, order: neighbour.order });
  };

  const onDelete = (item: ContentItem) =>
    remove.mutate(
      { kind: item.kind, id: item.id },
      {
        onSuccess: () =>
          toast({
            variant: 'success',
            title: item.kind === 'module' ? t('courseBuilder.moduleDeleted') : t('courseBuilder.quizDeleted'),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: item.kind === 'module' ? t('courseBuilder.deleteModuleFailed') : t('courseBuilder.deleteQuizFailed'),
            description: getErrorMessage(error, t('courseEditor.checkConnection')),
          }),
      },
    );

  const isBusy = move.isPending || remove.isPending;
  return (
    <>
      <ol className="grid gap-3" aria-busy={isBusy || undefined}>
        {items.map((item, index) => (
          <ContentItemRow
            key={`${item.kind}:${item.id}`}
            item={item}
            isFirst={index === 0}
            isLast={index === items.length - 1}
            isBusy={isBusy}
            onMove={(direction) => onMove(item, index, direction)}
            onDelete={() => onDelete(item)}
            moveButtonRef={(direction, element) => {
              const key = `${item.id}:${direction}`;
              if (element) moveButtons.current.set(key, element);
              else moveButtons.current.delete(key);
            }}
          />
        ))}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
