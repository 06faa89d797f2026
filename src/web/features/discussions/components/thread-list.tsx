import { MessagesSquare } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import type { Thread } from '#shared/schemas/discussions';
import { EmptyState } from '#web/components/empty-state';
import { RegionError } from '#web/components/errors/region-error';
import { MoreItems } from '#web/components/more-items';
import { Skeleton } from '#web/components/ui/skeleton';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import type { ThreadListState } from '../lib/use-thread-list';
import { ThreadItem, type Viewer } from './thread-item';

function ThreadSkeletons() {
  return (
    <div role="status" aria-label={t('discussions.loading')} className="grid gap-3">
      {[0, 1].map((key) => (
        <div key={key} className="grid gap-3 rounded-2xl border p-4 sm:p-5">
          <Skeleton className="h-4 w-40 max-w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}

/** Questions in each state of their list: loading, failed (with a retry), empty, or the threads with "Load more". */
export function ThreadList<T extends Thread>({
  list,
  viewer,
  label,
  empty,
  highlightedId = null,
  isReplyFormOpen = false,
  renderContext,
}: {
  list: ThreadListState<T>;
  viewer: Viewer;
  label: string;
  empty: { title: string; text: ReactNode };
  highlightedId?: string | null;
  isReplyFormOpen?: boolean;
  renderContext?: (thread: T) => ReactNode;
}) {
  const listElement = useRef<HTMLOListElement>(null);
  if (list.isPending) return <ThreadSkeletons />;
  if (list.isError) {
    return (
      <RegionError
        title={t('discussions.loadFailed')}
        description={
          isApiError(list.error, 403)
            ? getErrorMessage(list.error, t('discussions.onlyMembers'))
            : t('discussions.checkConnection')
        }
        onRetry={list.refetch}
        className="py-8"
      />
    );
  }
  if (list.items.length === 0) {
    return (
      <EmptyState icon={MessagesSquare} title={empty.title}>
        <p className="max-w-md text-sm text-muted-foreground">{empty.text}</p>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4">
      <ol ref={listElement} tabIndex={-1} aria-label={label} className="grid gap-3 focus:outline-none">
        {list.items.map((thread) => (
          <ThreadItem
            key={thread.id}
            thread={thread}
            viewer={viewer}
            isHighlighted={thread.id === highlightedId}
            isReplyFormOpen={isReplyFormOpen}
            context={renderContext?.(thread)}
            onChange={(change) => list.update(thread.id, (current) => change(current) as T | null)}
            focusList={() => listElement.current?.focus()}
          />
        ))}
      </ol>
      <MoreItems
        label={t('discussions.loadMore')}
        hasMore={list.hasMore}
        isLoading={list.isLoadingMore}
        failed={Boolean(list.moreError)}
        onMore={list.showMore}
      />
    </div>
  );
}
