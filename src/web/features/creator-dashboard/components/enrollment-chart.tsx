import { useId } from 'react';
import type { CourseAnalytics } from '#shared/schemas/creator';
import { formatCount } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { type SeriesUnit, toEnrollmentSeries } from '../lib/enrollment-series';

const WIDTH = 600;
const HEIGHT = 200;
const PLOT_TOP = 8;
const PLOT_BOTTOM = HEIGHT - 1;

function chartCaption(unit: SeriesUnit, first: string, last: string): string {
  if (unit === 'day') return t('creator.chartCaptionDay', { first, last });
  if (unit === 'week') return t('creator.chartCaptionWeek', { first, last });
  return t('creator.chartCaptionMonth', { first, last });
}

function unitHeading(unit: SeriesUnit): string {
  if (unit === 'day') return t('creator.day');
  if (unit === 'week') return t('creator.week');
  return t('creator.month');
}

/**
 * Bars drawn as SVG (one small chart does not need a chart library). Screen readers get the
 * chart's <title> and the same figures as a table.
 */
export function EnrollmentChart({ days, now }: { days: CourseAnalytics['enrollmentsByDay']; now?: Date }) {
  const titleId = useId();
  const { unit, buckets } = toEnrollmentSeries(days, now);
  const max = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const slot = WIDTH / buckets.length;
  const plotHeight = PLOT_BOTTOM - PLOT_TOP;
  const first = buckets[0];
  const last = buckets.at(-1);
  const caption = chartCaption(unit, first?.label ?? '', last?.label ?? '');
  const highest = formatCount(max);
  return (
    <figure className="grid gap-2">
      <div className="flex gap-2">
        <div className="relative w-8 shrink-0 text-end text-xs text-muted-foreground tabular-nums" aria-hidden="true">
          <span className="absolute end-0 -translate-y-1/2" style={{ top: `${(PLOT_TOP / HEIGHT) * 100}%` }}>
            {highest}
          </span>
          <span className="absolute end-0 bottom-0 translate-y-1/2">{formatCount(0)}</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={titleId}
          className="h-52 w-full min-w-0 flex-1 text-primary rtl:-scale-x-100"
          preserveAspectRatio="none"
        >
          <title id={titleId}>{t('creator.chartTitle', { caption, max: highest })}</title>
          {[0, 0.5, 1].map((fraction) => (
            <line
              key={fraction}
              x1={0}
              x2={WIDTH}
              y1={PLOT_BOTTOM - fraction * plotHeight}
              y2={PLOT_BOTTOM - fraction * plotHeight}
              className="stroke-border"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {buckets.map((bucket, index) => {
            const height = (bucket.count / max) * plotHeight;
            return (
              <rect
                key={bucket.start}
                x={index * slot + slot * 0.15}
                y={PLOT_BOTTOM - height}
                width={Math.max(1, slot * 0.7)}
                height={height}
                rx={Math.min(3, slot * 0.2)}
                className="fill-current"
              >
                <title>{t('creator.chartBar', { label: bucket.label, count: formatCount(bucket.count) })}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="flex justify-between gap-2 ps-10 text-xs text-muted-foreground" aria-hidden="true">
        <span>{first?.label}</span>
        <span>{last?.label}</span>
      </div>
      <figcaption className="sr-only">{caption}</figcaption>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{unitHeading(unit)}</th>
            <th scope="col">{t('creator.enrollments')}</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.start}>
              <th scope="row">{bucket.label}</th>
              <td>{formatCount(bucket.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
