import { formatDay } from '#shared/format';
import { relativeTime } from '#web/lib/relative-time';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "3 hours ago", with the exact day and time on hover and in the markup. */
export function PostTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  const exact = `${formatDay(date)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  return (
    <time dateTime={iso} title={exact} className="text-sm text-muted-foreground">
      {relativeTime(iso)}
    </time>
  );
}
