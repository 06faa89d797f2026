import { FigureCell as Cell } from '#web/components/ui/figure-cell';
import { formatCount, formatUsd } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';

export type FiguresRow = {
  key: string;
  name: string;
  sales: number;
  gross: string;
  fees: string;
  refunds: string;
  net: string;
};

const columns = () => [t('earnings.sales'), t('earnings.gross'), t('earnings.refunds'), t('earnings.fees'), t('earnings.net')];

/**
 * Sales, gross, refunds, fees and net per row, in the order they add up (gross − refunds − fees = net): a table on wide screens; on a phone each row becomes a
 * stacked card, so nothing scrolls sideways.
 */
export function FiguresTable({ caption, nameHeading, rows }: { caption: string; nameHeading: string; rows: FiguresRow[] }) {
  return (
    <div className="sm:overflow-x-auto sm:rounded-2xl sm:border sm:bg-card sm:shadow-sm">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden text-muted-foreground sm:table-header-group">
          <tr>
            <th scope="col" className="p-3 text-start font-medium">
              {nameHeading}
            </th>
            {columns().map((column) => (
              <th key={column} scope="col" className="p-3 text-end font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="grid gap-3 sm:table-row-group">
          {rows.map((row) => (
            <tr
              key={row.key}
              className="grid gap-1.5 rounded-xl border bg-card p-4 sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:bg-transparent sm:p-0"
            >
              <th scope="row" className="pb-1 text-start font-medium break-words sm:p-3 sm:pb-3">
                {row.name}
              </th>
              <Cell label={t('earnings.sales')}>{formatCount(row.sales)}</Cell>
              <Cell label={t('earnings.gross')}>{formatUsd(row.gross)}</Cell>
              <Cell label={t('earnings.refunds')}>{formatUsd(row.refunds)}</Cell>
              <Cell label={t('earnings.fees')}>{formatUsd(row.fees)}</Cell>
              <Cell label={t('earnings.net')} isStrong>
                {formatUsd(row.net)}
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
