import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  getConnectionSnapshot,
  getServerConnectionSnapshot,
  retryConnection,
  startConnectionMonitor,
  subscribeToConnection,
} from '#web/lib/connection';
import type { ConnectionNotice as Notice } from './connection-notice';

export function useConnection() {
  return useSyncExternalStore(subscribeToConnection, getConnectionSnapshot, getServerConnectionSnapshot);
}

/** How long "Back online" stays after the connection returns. */
const BACK_ONLINE_MS = 4000;

let noticeLoad: Promise<typeof Notice> | null = null;
function loadNotice() {
  noticeLoad ??= import('./connection-notice').then(
    (loaded) => loaded.ConnectionNotice,
    (error) => {
      noticeLoad = null;
      throw error;
    },
  );
  return noticeLoad;
}
// Fetched beside the page's own code, not in its first load (the 120 KB budget, js-budget.spec.ts),
// so it is in memory long before a connection can fail.
if (typeof window !== 'undefined') loadNotice().catch(() => {});

/**
 * The one notice for every page that the app cannot reach its server, with Retry; it starts the
 * connection monitor, whose recovery fetches the failed reads again (src/web/lib/connection.ts).
 * The live region is always there, so screen readers hear the change.
 */
export function ConnectionBanner() {
  const queryClient = useQueryClient();
  useEffect(() => startConnectionMonitor(queryClient), [queryClient]);
  const { state, recoveries } = useConnection();
  const [showBackOnline, setShowBackOnline] = useState(false);
  const firstRecoveries = useRef(recoveries);
  const [ConnectionNotice, setConnectionNotice] = useState<typeof Notice | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: should the notice's code have failed to arrive, each change of the connection asks again.
  useEffect(() => {
    if (ConnectionNotice) return;
    loadNotice().then(
      (loaded) => setConnectionNotice(() => loaded),
      () => {},
    );
  }, [ConnectionNotice, state]);

  useEffect(() => {
    if (recoveries === firstRecoveries.current) return;
    setShowBackOnline(true);
    const timer = setTimeout(() => setShowBackOnline(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [recoveries]);

  return (
    <div
      role="status"
      aria-live="polite"
      // Above the toasts' region (bottom right), which would otherwise catch the presses on Retry; on a
      // wide screen at the bottom left, so toasts stay readable beside it.
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[110] flex justify-center p-3 sm:justify-start sm:p-4"
    >
      {ConnectionNotice ? <ConnectionNotice state={state} showBackOnline={showBackOnline} onRetry={retryConnection} /> : null}
    </div>
  );
}
