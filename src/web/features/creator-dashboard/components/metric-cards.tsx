import { BookOpen, DollarSign, TrendingUp, Users } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { RegionError } from '#web/components/errors/region-error';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { useCreatorStats } from '#web/lib/api/get-creator-stats';
import { formatCount, formatDate, formatUsd } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';

function MetricCard({ label, value, hint, icon }: { label: string; value: ReactNode; hint: string; icon: ReactNode }) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="flex items-start justify-between gap-3 p-4 sm:p-5">
      <div className="min-w-0">
        <h3 id={labelId} className="text-sm font-medium text-muted-foreground">
          {label}
        </h3>
        <div className="mt-1 text-xl font-bold tabular-nums break-words sm:text-2xl">{value}</div>
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </div>
      <span
        className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary sm:flex dark:bg-primary/20"
        aria-hidden="true"
      >
        {icon}
      </span>
    </Card>
  );
}

const monthName = (now: Date) => formatDate(now, { month: 'long', timeZone: 'UTC' });

/**
 * Total Revenue, Total Students, Active Courses and This Month. Both revenues are net earnings (gross −
 * refunds − fees): the Earnings page's net for all time and for this month, from the same server sums.
 */
export function MetricCards() {
  const stats = useCreatorStats();
  if (stats.isError) {
    return (
      <RegionError
        title={t('creator.figuresLoadFailed')}
        description={t('creator.checkConnection')}
        onRetry={() => void stats.refetch()}
        className="mb-10 py-8"
      />
    );
  }
  const value = (render: (data: NonNullable<typeof stats.data>) => ReactNode) =>
    stats.data ? render(stats.data) : <Skeleton className="mt-1 h-7 w-20 max-w-full" />;
  return (
    <section
      aria-labelledby="creator-figures-title"
      aria-busy={stats.isPending}
      className="mb-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
    >
      <h2 id="creator-figures-title" className="sr-only">
        {t('creator.yourFigures')}
      </h2>
      <MetricCard
        label={t('creator.totalRevenue')}
        value={value((data) => formatUsd(data.totalRevenue))}
        hint={t('creator.netAllTime')}
        icon={<DollarSign className="size-5" />}
      />
      <MetricCard
        label={t('creator.totalStudents')}
        value={value((data) => formatCount(data.totalStudents))}
        hint={t('creator.acrossAllCourses')}
        icon={<Users className="size-5" />}
      />
      <MetricCard
        label={t('creator.activeCourses')}
        value={value((data) => formatCount(data.activeCourses))}
        hint={t('creator.publishedNotArchived')}
        icon={<BookOpen className="size-5" />}
      />
      <MetricCard
        label={t('creator.thisMonth')}
        value={value((data) => formatUsd(data.thisMonthRevenue))}
        hint={t('creator.netInMonth', { month: monthName(new Date()) })}
        icon={<TrendingUp className="size-5" />}
      />
    </section>
  );
}
