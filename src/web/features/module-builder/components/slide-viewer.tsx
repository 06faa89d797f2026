import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Pencil } from 'lucide-react';
import type { Lesson } from '#shared/schemas/creator';
import { ConfirmDeleteButton } from '#web/components/confirm-delete-button';
import { RegionErrorBoundary } from '#web/components/errors/region-error';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { t } from '#web/lib/i18n/t';
import { SlideContent } from './slide-content';
import { SLIDE_TYPE_ICON, slideTypeLabel } from './slide-types';

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
            {slideTypeLabel(slide.type)}
          </Badge>
          <h2 className="min-w-0 font-semibold break-words">{slide.title}</h2>
        </div>
        <fieldset className="-me-2 flex items-center" aria-label={t('moduleBuilder.slideActions')}>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('moduleBuilder.editName', { name: slide.title })}
            title={t('moduleBuilder.editSlideShort')}
            onClick={onEdit}
            disabled={isBusy}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('courseBuilder.moveNameUp', { name: slide.title })}
            title={t('courseBuilder.moveUp')}
            onClick={() => onMove(-1)}
            disabled={isBusy || isFirst}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('courseBuilder.moveNameDown', { name: slide.title })}
            title={t('courseBuilder.moveDown')}
            onClick={() => onMove(1)}
            disabled={isBusy || isLast}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <ConfirmDeleteButton kind="slide" name={slide.title} size="icon" onConfirm={onDelete} disabled={isBusy} />
        </fieldset>
      </div>
      <div className="min-h-48 p-4 sm:p-6">
        <RegionErrorBoundary title={t('moduleBuilder.slideDisplayFailed')} resetKeys={[slide.id]}>
          <SlideContent slide={slide} />
        </RegionErrorBoundary>
      </div>
      <nav
        aria-label={t('moduleBuilder.slidesNavigation')}
        className="flex items-center justify-between gap-2 border-t px-4 py-3"
      >
        <Button variant="outline" onClick={() => onSelect(index - 1)} disabled={isFirst}>
          <ChevronLeft aria-hidden="true" className="rtl:-scale-x-100" /> {t('moduleBuilder.previous')}
        </Button>
        <span className="text-sm text-muted-foreground tabular-nums" aria-hidden="true">
          {index + 1} / {count}
        </span>
        <Button variant="outline" onClick={() => onSelect(index + 1)} disabled={isLast}>
          {t('moduleBuilder.next')} <ChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
        </Button>
      </nav>
    </Card>
  );
}
