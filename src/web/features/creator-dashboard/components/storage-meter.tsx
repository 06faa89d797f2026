import { HardDrive } from 'lucide-react';
import { useId } from 'react';
import { formatBytes } from '#shared/schemas/storage';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { intlLocale } from '#web/lib/i18n/locale';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import { useStorageUsage } from '../api/get-storage-usage';

/** From here on the bar turns red and the hint says what to do. */
const NEARLY_FULL = 0.9;

/** "1.2 GB of 5 GB used": the bytes of the creator's kept uploads against their quota. */
export function StorageMeter() {
  const usage = useStorageUsage();
  const labelId = useId();
  const hintId = useId();
  // Secondary to the figures above: a failed read shows a line, not a panel with a retry.
  if (usage.isError) {
    return (
      <p className="mb-10 text-sm text-muted-foreground" role="status">
        {t('creator.storageLoadFailed')}
      </p>
    );
  }
  const data = usage.data;
  const share = data ? Math.min(1, data.usedBytes / data.quotaBytes) : 0;
  const isNearlyFull = share >= NEARLY_FULL;
  const text = data
    ? t('creator.storageUsed', {
        used: formatBytes(data.usedBytes, intlLocale()),
        quota: formatBytes(data.quotaBytes, intlLocale()),
      })
    : undefined;
  return (
    <Card role="group" aria-labelledby={labelId} aria-busy={usage.isPending} className="mb-10 grid gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h2 id={labelId} className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <HardDrive className="size-4" aria-hidden="true" />
          {t('creator.storage')}
        </h2>
        {text ? <p className="text-sm font-semibold tabular-nums">{text}</p> : <Skeleton className="h-5 w-36 max-w-full" />}
      </div>
      {/* The meter is for assistive technology; the bar beside it is drawn, since browsers style a meter each their own way. */}
      <meter
        aria-labelledby={labelId}
        aria-describedby={hintId}
        aria-valuetext={text ?? t('creator.loading')}
        min={0}
        max={data?.quotaBytes ?? 1}
        value={data ? Math.min(data.usedBytes, data.quotaBytes) : 0}
        className="sr-only"
      />
      <div className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div
          className={cn('h-full rounded-full transition-[width] duration-500', isNearlyFull ? 'bg-destructive' : 'bg-primary')}
          // A sliver once anything is stored, so a small use still shows.
          style={{ width: data && data.usedBytes > 0 ? `max(0.375rem, ${share * 100}%)` : '0' }}
        />
      </div>
      <p id={hintId} className={cn('text-xs', isNearlyFull ? 'text-destructive' : 'text-muted-foreground')}>
        {isNearlyFull ? t('creator.storageNearlyFull') : t('creator.storageHint')}
      </p>
    </Card>
  );
}
