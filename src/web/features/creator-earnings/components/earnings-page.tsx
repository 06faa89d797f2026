import { Download, ReceiptText } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Earnings } from '#shared/schemas/earnings';
import { EmptyState } from '#web/components/empty-state';
import { RegionError } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { formatMonth } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { useEarnings } from '../api/get-earnings';
import { getAllPayouts } from '../api/get-payouts';
import { buildEarningsCsv, downloadTextFile, earningsCsvFilename } from '../lib/earnings-csv';
import { type DayRange, describeRange, type Period, periodRange, periodSearchParams, readPeriod } from '../lib/period';
import { FiguresTable } from './figures-table';
import { PayoutsList } from './payouts-list';
import { PeriodPicker } from './period-picker';
import { SummaryCards } from './summary-cards';

function EarningsSkeleton() {
  return (
    <div role="status" aria-label={t('earnings.loading')} className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-28 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-36 rounded-2xl" />
      <Skeleton className="h-48 rounded-2xl" />
    </div>
  );
}

function NoSales() {
  return (
    <EmptyState icon={ReceiptText} title={t('earnings.noSales')}>
      <p className="max-w-md text-sm text-muted-foreground">{t('earnings.noSalesHint')}</p>
    </EmptyState>
  );
}

function Breakdown({ earnings }: { earnings: Earnings }) {
  const courseTitleId = useId();
  const monthTitleId = useId();
  const months = [...earnings.byMonth].sort((a, b) => b.month.localeCompare(a.month));
  return (
    <>
      <section aria-labelledby={courseTitleId}>
        <h2 id={courseTitleId} className="mb-4 text-xl font-semibold">
          {t('earnings.byCourse')}
        </h2>
        <FiguresTable
          caption={t('earnings.byCourseCaption')}
          nameHeading={t('earnings.course')}
          rows={earnings.byCourse.map((course) => ({ key: course.courseId, name: course.title, ...course }))}
        />
      </section>
      <section aria-labelledby={monthTitleId}>
        <h2 id={monthTitleId} className="mb-4 text-xl font-semibold">
          {t('earnings.byMonth')}
        </h2>
        <FiguresTable
          caption={t('earnings.byMonthCaption')}
          nameHeading={t('earnings.month')}
          rows={months.map((month) => ({ key: month.month, name: formatMonth(month.month), ...month }))}
        />
      </section>
    </>
  );
}

/**
 * The Earnings page's content, under the heading the route gives it: the period (kept in the address),
 * its totals and balance, the figures per course and per month, and a CSV of them and of every payout;
 * then how the creator is paid and the payouts made.
 */
export function EarningsPage() {
  useDocumentTitle(t('earnings.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const period = useMemo(() => readPeriod(new URLSearchParams(search)), [search]);
  // Presets are counted from today, in UTC days as the server counts them.
  const range: DayRange = useMemo(() => periodRange(period, new Date()), [period]);
  const earnings = useEarnings(range);
  const summaryTitleId = useId();

  const choose = (next: Period) => setSearchParams(periodSearchParams(next), { preventScrollReset: true });
  const hasSales = Boolean(earnings.data && (earnings.data.byCourse.length > 0 || earnings.data.byMonth.length > 0));
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');
  // The CSV lists every payout too (not only the pages shown), so they are fetched first.
  const download = async () => {
    const figures = earnings.data;
    if (!figures || exporting === 'busy') return;
    setExporting('busy');
    try {
      const payouts = await getAllPayouts();
      downloadTextFile(earningsCsvFilename(range), buildEarningsCsv(figures, payouts));
      setExporting('idle');
    } catch {
      setExporting('failed');
    }
  };

  return (
    <div className="grid gap-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <PeriodPicker key={search} period={period} range={range} onChange={choose} />
          <p className="text-sm text-muted-foreground">
            {range.from ? t('earnings.inUtc', { range: describeRange(range) }) : describeRange(range)}
          </p>
        </div>
        <div className="grid justify-items-end gap-2">
          <Button variant="outline" onClick={() => void download()} disabled={!hasSales || exporting === 'busy'}>
            {exporting === 'busy' ? <Spinner /> : <Download aria-hidden="true" />}
            {t('earnings.downloadCsv')}
          </Button>
          {exporting === 'failed' ? (
            <p role="alert" className="rounded-lg bg-destructive-muted px-3 py-2 text-sm text-destructive-muted-foreground">
              {t('earnings.csvFailed')}
            </p>
          ) : null}
        </div>
      </div>
      {earnings.isPending ? (
        <EarningsSkeleton />
      ) : earnings.isError ? (
        <RegionError
          title={t('earnings.loadFailed')}
          description={t('earnings.checkConnection')}
          onRetry={() => void earnings.refetch()}
        />
      ) : (
        <>
          <section aria-labelledby={summaryTitleId}>
            <h2 id={summaryTitleId} className="sr-only">
              {t('earnings.summary')}
            </h2>
            <SummaryCards earnings={earnings.data} />
          </section>
          {hasSales ? <Breakdown earnings={earnings.data} /> : <NoSales />}
        </>
      )}
      <PayoutsList />
    </div>
  );
}
