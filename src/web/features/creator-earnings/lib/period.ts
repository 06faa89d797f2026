import { formatDay } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';

/** The periods the picker offers; `all` is the page without search params. */
export type PeriodKind = 'all' | 'this-month' | 'last-month' | 'last-12-months' | 'custom';

export type Period = { kind: Exclude<PeriodKind, 'custom'> } | { kind: 'custom'; from: string; to: string };

/** UTC days, both included, as the API takes them; none for all time. */
export type DayRange = { from?: string; to?: string };

export const periodOptions = (): { kind: PeriodKind; label: string }[] => [
  { kind: 'all', label: t('earnings.allTime') },
  { kind: 'this-month', label: t('earnings.thisMonth') },
  { kind: 'last-month', label: t('earnings.lastMonth') },
  { kind: 'last-12-months', label: t('earnings.last12Months') },
  { kind: 'custom', label: t('earnings.customDates') },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The period an address names (`?period=last-month`, `?period=custom&from=…&to=…`). Anything else,
 * a hand-edited custom range that ends before it starts included, is all time.
 */
export function readPeriod(params: URLSearchParams): Period {
  const kind = params.get('period');
  if (kind === 'this-month' || kind === 'last-month' || kind === 'last-12-months') return { kind };
  if (kind === 'custom') {
    const from = params.get('from');
    const to = params.get('to');
    if (isDay(from) && isDay(to) && from <= to) return { kind, from, to };
  }
  return { kind: 'all' };
}

/** The search params of a period, so it can be shared and the back button returns to the last one. */
export function periodSearchParams(period: Period): URLSearchParams {
  if (period.kind === 'all') return new URLSearchParams();
  if (period.kind === 'custom') return new URLSearchParams({ period: period.kind, from: period.from, to: period.to });
  return new URLSearchParams({ period: period.kind });
}

const day = (year: number, month: number, date: number) => new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);

/** The days a period covers in UTC, as the server counts them; calendar months, the current one whole. */
export function periodRange(period: Period, now: Date): DayRange {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (period.kind) {
    case 'all':
      return {};
    case 'this-month':
      return { from: day(year, month, 1), to: day(year, month + 1, 0) };
    case 'last-month':
      return { from: day(year, month - 1, 1), to: day(year, month, 0) };
    case 'last-12-months':
      return { from: day(year, month - 11, 1), to: day(year, month + 1, 0) };
    case 'custom':
      return { from: period.from, to: period.to };
  }
}

/** "Nov 1, 2026 – Nov 30, 2026", or "All your sales" for all time. */
export function describeRange({ from, to }: DayRange): string {
  if (!from || !to) return t('earnings.allYourSales');
  const show = (value: string) => formatDay(new Date(`${value}T00:00:00Z`), { utc: true });
  return from === to ? show(from) : t('earnings.range', { from: show(from), to: show(to) });
}
