import { type KeyboardEvent, useRef } from 'react';
import type { Lesson } from '#shared/schemas/creator';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import { clampSelection } from '../lib/slide-selection';
import { SLIDE_TYPE_ICON } from './slide-types';

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 4, ArrowLeft: -1, ArrowUp: -4 };
/** A right-to-left page lays the grid out from the right: the side arrows swap. */
const RTL_STEP: Record<string, number> = { ...STEP, ArrowRight: -1, ArrowLeft: 1 };

/**
 * 'All Slides': small thumbnails in four columns (docs/product.md, Publishing and the studio); arrow keys walk
 * the grid.
 */
export function SlideGrid({
  slides,
  selected,
  onSelect,
}: {
  slides: Lesson[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const next = clampSelection(index, slides.length);
    onSelect(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const step = (event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl' ? RTL_STEP : STEP)[event.key];
    if (step !== undefined) select(selected + step);
    else if (event.key === 'Home') select(0);
    else if (event.key === 'End') select(slides.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section aria-labelledby="all-slides-heading" className="grid gap-3">
      <h2 id="all-slides-heading" className="text-lg font-semibold">
        {t('moduleBuilder.allSlides')}
      </h2>
      <ol className="grid max-w-2xl grid-cols-4 gap-2 sm:gap-3" onKeyDown={onKeyDown}>
        {slides.map((slide, index) => {
          const Icon = SLIDE_TYPE_ICON[slide.type];
          const isSelected = index === selected;
          return (
            <li key={slide.id} className="min-w-0">
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                aria-current={isSelected ? 'true' : undefined}
                aria-label={t('moduleBuilder.slideButton', { number: index + 1, title: slide.title })}
                onClick={() => onSelect(index)}
                className={cn(
                  'group relative flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 overflow-hidden rounded-lg border bg-card p-1.5 text-center transition-colors',
                  'hover:border-primary/60 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
                  isSelected && 'border-primary bg-primary/10 ring-2 ring-primary',
                )}
              >
                {slide.type === 'image' && slide.imageUrl ? (
                  <img
                    src={slide.imageUrl}
                    alt=""
                    loading="lazy"
                    className="absolute inset-0 size-full object-cover opacity-30"
                  />
                ) : null}
                <span
                  className={cn(
                    'relative rounded-full px-1.5 text-xs font-semibold tabular-nums',
                    isSelected ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                  )}
                >
                  {index + 1}
                </span>
                {/* Number and title are two words to assistive technology too (label in name, WCAG 2.5.3). */}{' '}
                <Icon className="relative size-4 text-muted-foreground" aria-hidden="true" />
                <span className="relative line-clamp-1 w-full text-[0.7rem] leading-tight wrap-anywhere sm:line-clamp-2 sm:text-xs">
                  {slide.title}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
