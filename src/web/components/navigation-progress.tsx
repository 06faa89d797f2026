import { useSyncExternalStore } from 'react';
import { t } from '#web/lib/i18n/t';

let pendingPageLoads = 0;
const listeners = new Set<() => void>();

function changePending(delta: number) {
  pendingPageLoads += delta;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Counts a page's code while it loads. React starts the load while rendering, so the count changes a
 * microtask later: a store update in the middle of another component's render is not allowed.
 */
export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  queueMicrotask(() => changePending(1));
  const settle = () => queueMicrotask(() => changePending(-1));
  load.then(settle, settle);
  return load;
}

/** Thin bar at the top while a lazily loaded page is on its way. */
export function NavigationProgress() {
  // A page the server renders is drawn with its code at hand: no bar.
  const isLoading = useSyncExternalStore(
    subscribe,
    () => pendingPageLoads > 0,
    () => false,
  );
  if (!isLoading) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('shell.loadingPage')}
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-2/5 animate-progress bg-gradient-to-r from-brand-from via-brand-via to-brand-to" />
    </div>
  );
}
