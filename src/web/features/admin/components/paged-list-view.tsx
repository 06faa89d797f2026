import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '#web/components/empty-state';
import { RegionError } from '#web/components/errors/region-error';
import { MoreItems } from '#web/components/more-items';
import { Skeleton } from '#web/components/ui/skeleton';
import { t } from '#web/lib/i18n/t';

type ListState<T> = {
  items: T[];
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
  isLoadingMore: boolean;
  moreError: unknown;
  hasMore: boolean;
  showMore: () => void;
};

/**
 * An admin list in each of its states: loading, failed (with a retry), empty, or its rows with
 * "Show more" while there are more pages. `texts` says the loading and failed states in the page's
 * language.
 */
export function PagedListView<T>({
  list,
  texts,
  empty,
  children,
}: {
  list: ListState<T>;
  texts: { loading: string; failed: string };
  empty: { icon: LucideIcon; title: string; text: string };
  children: (items: T[]) => ReactNode;
}) {
  if (list.isPending) {
    return (
      <div role="status" aria-label={texts.loading} className="grid gap-3">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-20 rounded-xl" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return <RegionError title={texts.failed} description={t('admin.checkConnection')} onRetry={list.refetch} />;
  }
  if (list.items.length === 0) {
    return (
      <EmptyState icon={empty.icon} title={empty.title}>
        <p className="max-w-md text-sm text-muted-foreground">{empty.text}</p>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4">
      {children(list.items)}
      <MoreItems hasMore={list.hasMore} isLoading={list.isLoadingMore} failed={Boolean(list.moreError)} onMore={list.showMore} />
    </div>
  );
}

/** The rows of a list: cards on a phone, a bordered list on wider screens. */
export function RowList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid gap-3">
      {children}
    </ul>
  );
}

/** One row: what it is at the start (or on top on a phone), its actions at the end (or below). */
export function Row({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs sm:flex sm:items-start sm:justify-between sm:gap-6">
      <div className="grid min-w-0 gap-1 wrap-anywhere">{children}</div>
      {actions ? <div className="flex flex-wrap items-center gap-2 sm:shrink-0 sm:justify-end">{actions}</div> : null}
    </li>
  );
}
