import { formatDate, relativeTime } from '#web/lib/i18n/format';

/** "3 hours ago", with the exact day and time on hover and in the markup. */
export function PostTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  const exact = formatDate(date, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
  return (
    <time dateTime={iso} title={exact} className="text-sm text-muted-foreground">
      {relativeTime(iso)}
    </time>
  );
}
