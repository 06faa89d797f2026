import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  getConnectionSnapshot,
  getServerConnectionSnapshot,
  retryConnection,
  startConnectionMonitor,
  subscribeToConnection,
} from '#web/lib/connection';
import { Button } from './ui/button';

export function useConnection() {
  return useSyncExternalStore(subscribeToConnection, getConnectionSnapshot, getServerConnectionSnapshot);
}

/** How long "Back online" stays after the connection returns. */
const BACK_ONLINE_MS = 4000;

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

  useEffect(() => {
    if (recoveries === firstRecoveries.current) return;
    setShowBackOnline(true);
    const timer = setTimeout(() => setShowBackOnline(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [recoveries]);

  const isDown = state !== 'online';
  return (
    <div
      role="status"
      aria-live="polite"
      // Above the toasts' region (bottom right), which would otherwise catch the presses on Retry; on a
      // wide screen at the bottom left, so toasts stay readable beside it.
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[110] flex justify-center p-3 sm:justify-start sm:p-4"
    >
      {isDown ? (
        <div className="pointer-events-auto flex w-full max-w-xl items-center gap-3 rounded-xl border bg-card p-3 text-card-foreground shadow-lg sm:p-4">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-destructive-muted text-destructive-muted-foreground">
            {state === 'offline' ? (
              <WifiOff className="size-5" aria-hidden="true" />
            ) : (
              <CloudOff className="size-5" aria-hidden="true" />
            )}
          </span>
          <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
            <p className="font-semibold">{state === 'offline' ? "You're offline" : "Can't reach Gradient Academy"}</p>
            <p className="text-muted-foreground">
              {state === 'offline' ? 'Pages will load again as soon as your connection returns.' : 'Trying again automatically.'}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={retryConnection}>
            <RefreshCw aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : showBackOnline ? (
        <div className="flex items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm font-medium text-card-foreground shadow-lg">
          <Wifi className="size-4 text-success" aria-hidden="true" />
          Back online
        </div>
      ) : null}
    </div>
  );
}
