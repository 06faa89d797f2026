import type { ReactNode } from 'react';
import { cn } from '#web/lib/utils';

/**
 * A cell of a figures table that becomes a stacked card on a phone: its column's name before the
 * value there, since the table's head is hidden.
 */
export function FigureCell({ label, children, isStrong = false }: { label: string; children: ReactNode; isStrong?: boolean }) {
  return (
    <td
      className={cn(
        'flex items-baseline justify-between gap-3 tabular-nums sm:table-cell sm:p-3 sm:text-end sm:whitespace-nowrap',
        isStrong && 'font-semibold',
      )}
    >
      <span className="font-normal text-muted-foreground sm:hidden">{label}</span>
      {children}
    </td>
  );
}
