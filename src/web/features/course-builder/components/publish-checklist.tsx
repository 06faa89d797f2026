import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import type { PublishChecklistItem } from '#shared/schemas/creator';
import { cn } from '#web/lib/utils';

/** Each item as the server judged it: done, required and missing, or recommended and missing. */
export function PublishChecklist({ items }: { items: PublishChecklistItem[] }) {
  return (
    <ul aria-label="Publishing checklist" className="grid gap-2">
      {items.map((item) => {
        const state = item.ok ? 'done' : item.required ? 'missing' : 'recommended';
        const Icon = item.ok ? CheckCircle2 : item.required ? XCircle : AlertTriangle;
        return (
          <li
            key={item.key}
            className={cn(
              'flex items-start gap-3 rounded-lg border px-3 py-2 text-sm',
              state === 'missing' && 'border-destructive/40 bg-destructive-muted text-destructive-muted-foreground',
              state === 'recommended' && 'border-warning/40 bg-warning-muted text-warning-muted-foreground',
            )}
          >
            <Icon
              className={cn('mt-0.5 size-4 shrink-0', state === 'done' && 'text-success')}
              aria-label={state === 'done' ? 'Done' : state === 'missing' ? 'Required' : 'Recommended'}
            />
            <span className="min-w-0 break-words">
              <span className="font-medium">{item.label}</span>
              <span className="block opacity-90">{item.detail}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
