import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { t } from '#web/lib/i18n/t';

/**
 * The foot of a list read page by page: a button for the next page (a spinner while it loads), or,
 * when the next page failed, why and Try again. Nothing once the last page is in.
 */
export function MoreItems({
  what,
  label = t('shell.showMore'),
  hasMore,
  isLoading,
  failed,
  onMore,
  onRetry = onMore,
}: {
  /** What the list holds, plural: "More <what> could not be loaded." (English only: other languages say "more items"). */
  what: string;
  label?: string;
  hasMore: boolean;
  isLoading: boolean;
  failed: boolean;
  onMore: () => void;
  /** Try again, when it is not simply asking for the next page again. */
  onRetry?: () => void;
}) {
  if (failed) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-center gap-3 text-sm">
        {t('shell.moreFailed', { what })}
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  if (!hasMore && !isLoading) return null;
  return (
    <Button variant="outline" className="justify-self-center" disabled={isLoading} onClick={onMore}>
      {isLoading ? <Spinner /> : null}
      {label}
    </Button>
  );
}
