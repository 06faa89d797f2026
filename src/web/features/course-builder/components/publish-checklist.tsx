import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import type { PublishChecklistItem } from '#shared/schemas/creator';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import { checklistWords } from '../lib/checklist-words';

/**
 * Each item as the server judged it: done, required and missing, or recommended and missing. `price` is
 * the course's, which the price item shows.
 */
export function PublishChecklist({ items, price }: { items: PublishChecklistItem[]; price: string }) {
  return (
    <ul aria-label={t('courseBuilder.checklist')} className="grid gap-2">
      {items.map((item) => {
        const { label, detail } = checklistWords(item, price);
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
              aria-label={
                state === 'done'
                  ? t('courseBuilder.checkDone')
                  : state === 'missing'
                    ? t('courseBuilder.checkRequired')
                    : t('courseBuilder.checkRecommended')
              }
            />
            <span className="min-w-0 break-words">
              <span className="font-medium">{label}</span>
              <span className="block opacity-90">{detail}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
