import { ChartColumn } from 'lucide-react';
import { EmptyState } from '#web/components/empty-state';
import { RegionError } from '#web/components/errors/region-error';
import { Card } from '#web/components/ui/card';
import { FigureCell as Cell } from '#web/components/ui/figure-cell';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatCount, formatMonth, formatUsd } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { useRevenue } from '../api/revenue';

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card className="grid gap-1 p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-bold tabular-nums">{formatUsd(value)}</p>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </Card>
  );
}

const columns = () => [t('admin.sales'), t('admin.gross'), t('admin.refunds'), t('admin.creatorsColumn'), t('admin.feesKept')];

/** The platform's money by month, from the ledger: what buyers paid, what went back, what creators and the platform keep. */
export function RevenueSection() {
  const revenue = useRevenue();
  return (
    <section aria-labelledby="admin-revenue-heading" className="grid gap-4">
      <h2 id="admin-revenue-heading" className="text-xl font-semibold">
        {t('admin.tabRevenue')}
      </h2>
      {revenue.isPending ? (
        <div role="status" aria-label={t('admin.revenueLoading')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : revenue.isError ? (
        <RegionError
          title={t('admin.revenueFailed')}
          description={t('admin.checkConnection')}
          onRetry={() => void revenue.refetch()}
        />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure
              label={t('admin.gross')}
              value={revenue.data.gross}
              hint={t('admin.salesCount', { count: revenue.data.sales })}
            />
            <Figure
              label={t('admin.refunds')}
              value={revenue.data.refunds}
              hint={t('admin.refundedCount', { count: formatCount(revenue.data.refundCount) })}
            />
            <Figure label={t('admin.platformFees')} value={revenue.data.fees} hint={t('admin.feesHint')} />
            <Figure label={t('admin.creatorsShare')} value={revenue.data.creatorShare} hint={t('admin.creatorsShareHint')} />
          </div>
          {revenue.data.byMonth.length === 0 ? (
            <EmptyState icon={ChartColumn} title={t('admin.noSales')}>
              <p className="max-w-md text-sm text-muted-foreground">{t('admin.noSalesText')}</p>
            </EmptyState>
          ) : (
            <div className="sm:overflow-x-auto sm:rounded-2xl sm:border sm:bg-card sm:shadow-sm">
              <table className="w-full text-sm">
                <caption className="sr-only">{t('admin.revenueCaption')}</caption>
                <thead className="hidden text-muted-foreground sm:table-header-group">
                  <tr>
                    <th scope="col" className="p-3 text-start font-medium">
                      {t('admin.month')}
                    </th>
                    {columns().map((column) => (
                      <th key={column} scope="col" className="p-3 text-end font-medium">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="grid gap-3 sm:table-row-group">
                  {revenue.data.byMonth.map((month) => (
                    <tr
                      key={month.month}
                      className="grid gap-1.5 rounded-xl border bg-card p-4 sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:bg-transparent sm:p-0"
                    >
                      <th scope="row" className="pb-1 text-start font-medium sm:p-3 sm:pb-3">
                        {formatMonth(month.month)}
                      </th>
                      <Cell label={t('admin.sales')}>{formatCount(month.sales)}</Cell>
                      <Cell label={t('admin.gross')}>{formatUsd(month.gross)}</Cell>
                      <Cell label={t('admin.refunds')}>{formatUsd(month.refunds)}</Cell>
                      <Cell label={t('admin.creatorsColumn')}>{formatUsd(month.creatorShare)}</Cell>
                      <Cell label={t('admin.feesKept')} isStrong>
                        {formatUsd(month.fees)}
                      </Cell>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
