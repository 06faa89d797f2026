import { ChartColumn } from 'lucide-react';
import { formatCount, formatUsd } from '#shared/format';
import { EmptyState } from '#web/components/empty-state';
import { RegionError } from '#web/components/errors/region-error';
import { Card } from '#web/components/ui/card';
import { FigureCell as Cell } from '#web/components/ui/figure-cell';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatMonth } from '#web/lib/format-month';
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

const COLUMNS = ['Sales', 'Gross', 'Refunds', 'Creators', 'Fees kept'];

/** The platform's money by month, from the ledger: what buyers paid, what went back, what creators and the platform keep. */
export function RevenueSection() {
  const revenue = useRevenue();
  return (
    <section aria-labelledby="admin-revenue-heading" className="grid gap-4">
      <h2 id="admin-revenue-heading" className="text-xl font-semibold">
        Revenue
      </h2>
      {revenue.isPending ? (
        <div role="status" aria-label="Loading the revenue" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : revenue.isError ? (
        <RegionError
          title="The revenue could not be loaded"
          description="Check your connection and try again."
          onRetry={() => void revenue.refetch()}
        />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label="Gross" value={revenue.data.gross} hint={`${formatCount(revenue.data.sales)} sales`} />
            <Figure label="Refunds" value={revenue.data.refunds} hint={`${formatCount(revenue.data.refundCount)} refunded`} />
            <Figure label="Platform fees" value={revenue.data.fees} hint="Kept: a refund returns its fee" />
            <Figure label="Creators’ share" value={revenue.data.creatorShare} hint="Gross − refunds − fees" />
          </div>
          {revenue.data.byMonth.length === 0 ? (
            <EmptyState icon={ChartColumn} title="No sales yet">
              <p className="max-w-md text-sm text-muted-foreground">Each month’s sales, refunds and fees show here.</p>
            </EmptyState>
          ) : (
            <div className="sm:overflow-x-auto sm:rounded-2xl sm:border sm:bg-card sm:shadow-sm">
              <table className="w-full text-sm">
                <caption className="sr-only">Revenue by month, newest first</caption>
                <thead className="hidden text-muted-foreground sm:table-header-group">
                  <tr>
                    <th scope="col" className="p-3 text-left font-medium">
                      Month
                    </th>
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col" className="p-3 text-right font-medium">
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
                      <th scope="row" className="pb-1 text-left font-medium sm:p-3 sm:pb-3">
                        {formatMonth(month.month)}
                      </th>
                      <Cell label="Sales">{formatCount(month.sales)}</Cell>
                      <Cell label="Gross">{formatUsd(month.gross)}</Cell>
                      <Cell label="Refunds">{formatUsd(month.refunds)}</Cell>
                      <Cell label="Creators">{formatUsd(month.creatorShare)}</Cell>
                      <Cell label="Fees kept" isStrong>
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
