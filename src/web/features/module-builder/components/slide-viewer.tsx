import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Pencil } from 'lucide-react';
import type { Lesson } from '#shared/schemas/creator';
import { ConfirmDeleteButton } from '#web/components/confirm-delete-button';
import { RegionErrorBoundary } from '#web/components/errors/region-error';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { SlideContent } from './slide-content';
import { SLIDE_TYPE_ICON, SLIDE_TYPE_LABEL } from './slide-types';

interface SlideViewerProps {
  slide: Lesson;
  index: number;
  count: number;
  isBusy: boolean;
  onSelect: (index: number) => void;
  onEdit: () => void;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
}

/** One slide at a time, with its actions above and Previous / Next below. */
export function SlideViewer({ slide, index, count, isBusy, onSelect, onEdit, onMove, onDelete }: SlideViewerProps) {
  const Icon = SLIDE_TYPE_ICON[slide.type];
  const isFirst = index === 0;
  const isLast = index === count - 1;
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b px-4 py-3">
        <div className="flex min-w-0 items-center gap-2">
          <Badge variant="secondary">
            <Icon aria-hidden="true" />
            {SLIDE_TYPE_LABEL[slide.type]}
          </Badge>
          <h2 className="min-w-0 font-semibold break-words">{slide.title}</h2>
        </div>
        <fieldset className="-mr-2 flex items-center" aria-label="Slide actions">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit ${slide.title}`}
            title="Edit slide"
            onClick={onEdit}
            disabled={isBusy}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move ${slide.title} up`}
            title="Move up"
            onClick={() => onMove(-1)}
            disabled={isBusy || isFirst}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move ${slide.title} down`}
            title="Move down"
            onClick={() => onMove(1)}
            disabled={isBusy || isLast}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <ConfirmDeleteButton kind="slide" name={slide.title} size="icon" onConfirm={onDelete} disabled={isBusy} />
        </fieldset>
      </div>
      <div className="min-h-48 p-4 sm:p-6">
        <RegionErrorBoundary title="This slide could not be displayed" resetKeys={[slide.id]}>
          <SlideContent slide={slide} />
        </RegionErrorBoundary>
      </div>
      <nav aria-label="Slides" className="flex items-center justify-between gap-2 border-t px-4 py-3">
        <Button variant="outline" onClick={() => onSelect(index - 1)} disabled={isFirst}>
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        <span className="text-sm text-muted-foreground tabular-nums" aria-hidden="true">
          {index + 1} / {count}
        </span>
        <Button variant="outline" onClick={() => onSelect(index + 1)} disabled={isLast}>
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </nav>
    </Card>
  );
}
