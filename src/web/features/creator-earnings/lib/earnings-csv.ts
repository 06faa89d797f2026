import type { Earnings } from '#shared/schemas/earnings';
import type { Payout } from '#shared/schemas/payouts';
import { t } from '#web/lib/i18n/t';
import { payoutMethodLabel, payoutStatusLabel } from './payout-words';
import type { DayRange } from './period';

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection): a course title
// such as "=HYPERLINK(…)" must stay text. Tab and carriage return start formulas in some programs too.
const FORMULA_START = /^[=+\-@\t\r]/;
const MONEY = /^-?\d+(\.\d+)?$/;

/** A text cell: a leading ' where it would start a formula, then quoted with its quotes doubled (RFC 4180). */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * A figure the API sent: left bare so a spreadsheet reads it as a number (a negative stays one). Should
 * it ever not be a number, it is written as text, guarded like any other.
 */
function csvNumber(value: string | number): string {
  const text = String(value);
  return MONEY.test(text) ? text : csvText(text);
}

const row = (cells: string[]) => cells.join(',');

/** The payouts for the CSV: every one (newest first), or the newest when `complete` is false. */
export type CsvPayouts = { items: readonly Payout[]; complete: boolean };

/** A payout's day (UTC, as the figures count days): when it was paid, or when it was started. */
const payoutDay = (payout: Payout) => (payout.paidAt ?? payout.createdAt).slice(0, 10);

/**
 * The page's figures as a CSV file: a section per course, then one per month (newest first), each with
 * its own header row, then the payouts made (whatever the period: they move the balance, not the
 * period's figures), lines ending in CRLF. Amounts in USD with two decimals, as the API gives them.
 */
export function buildEarningsCsv(earnings: Pick<Earnings, 'byCourse' | 'byMonth'>, payouts?: CsvPayouts): string {
  const figures = (line: { sales: number; gross: string; fees: string; refunds: string; net: string }) =>
    [line.sales, line.gross, line.fees, line.refunds, line.net].map(csvNumber);
  const header = [
    t('earnings.sales'),
    t('earnings.csvGross'),
    t('earnings.csvFees'),
    t('earnings.csvRefunds'),
    t('earnings.csvNet'),
  ].map(csvText);
  const months = [...earnings.byMonth].sort((a, b) => b.month.localeCompare(a.month));
  const lines = [
    row([csvText(t('earnings.byCourse'))]),
    row([csvText(t('earnings.course')), ...header]),
    ...earnings.byCourse.map((course) => row([csvText(course.title), ...figures(course)])),
    '',
    row([csvText(t('earnings.byMonth'))]),
    row([csvText(t('earnings.month')), ...header]),
    ...months.map((month) => row([csvText(month.month), ...figures(month)])),
  ];
  if (payouts) {
    lines.push(
      '',
      row([
        csvText(payouts.complete ? t('earnings.csvPayoutsAll') : t('earnings.csvPayoutsNewest', { count: payouts.items.length })),
      ]),
      row(
        [
          t('earnings.csvDate'),
          t('earnings.csvAmount'),
          t('earnings.csvMethod'),
          t('earnings.csvStatus'),
          t('earnings.csvReference'),
        ].map(csvText),
      ),
      ...payouts.items.map((payout) =>
        row([
          csvText(payoutDay(payout)),
          csvNumber(payout.amount),
          csvText(payoutMethodLabel(payout.method)),
          csvText(payoutStatusLabel(payout.status) ?? payout.status),
          // A bank reference is typed by an admin: guarded like any text.
          csvText(payout.reference ?? ''),
        ]),
      ),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** earnings-2026-11-01-2026-11-30.csv, or earnings-all-time.csv. */
export function earningsCsvFilename({ from, to }: DayRange): string {
  return from && to ? `earnings-${from}-${to}.csv` : 'earnings-all-time.csv';
}

/** Saves text as a file through a temporary link: the browser's own download, no server round trip. */
export function downloadTextFile(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // The byte order mark tells Excel the file is UTF-8, so titles with accents survive.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the address after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
