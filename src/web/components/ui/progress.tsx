import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils';

const MAX = 100;

/**
 * A determinate progress bar with the markup and ARIA of Radix Progress (role, value, text, data
 * attributes), written out because the primitive is not worth its ~2 KB gzip on every learner page.
 */
export function Progress({ className, value, ...props }: Omit<ComponentProps<'div'>, 'children'> & { value?: number | null }) {
  const percent = Math.min(MAX, Math.max(0, value ?? 0));
  const state = percent === MAX ? 'complete' : 'loading';
  return (
    <div
      role="progressbar"
      aria-valuemax={MAX}
      aria-valuemin={0}
      aria-valuenow={percent}
      aria-valuetext={`${Math.round(percent)}%`}
      data-state={state}
      data-value={percent}
      data-max={MAX}
      // Right to left, the bar fills from the right.
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted rtl:-scale-x-100', className)}
      {...props}
    >
      <div
        data-state={state}
        data-value={percent}
        data-max={MAX}
        className="h-full w-full flex-1 rounded-full bg-gradient-to-r from-brand-from to-brand-via transition-transform duration-500"
        style={{ transform: `translateX(-${MAX - percent}%)` }}
      />
    </div>
  );
}
