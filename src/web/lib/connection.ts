import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Whether the app can reach its server, for every page at once (issue 22): offline (the browser says
 * so), unreachable (online, but calls fail before an answer, or a proxy answers that the server is
 * gone), or fine. While it cannot, a probe asks the server until it answers; then every read that
 * failed meanwhile is fetched again, so no page stays stuck on an error once the connection is back.
 */
export type ConnectionState = 'online' | 'offline' | 'unreachable';

export type ConnectionSnapshot = {
  state: ConnectionState;
  /** Counts the returns of the connection: a page's error boundary resets on each. */
  recoveries: number;
};

const PROBE_URL = '/api/health/live';
/** Waits between probes while the server cannot be reached: soon at first, then every 15 s at most. */
const PROBE_DELAYS_MS = [1000, 2000, 4000, 8000, 15000];

/**
 * The server draws pages as if connected, and the client starts from this very object: React compares
 * the two by identity once it has taken a drawn page over, and an equal copy would count as a change, a
 * render of every page at once before the browser can paint (Lighthouse's blocking time, issue 23).
 */
const SERVER_SNAPSHOT: ConnectionSnapshot = { state: 'online', recoveries: 0 };
let snapshot: ConnectionSnapshot = SERVER_SNAPSHOT;
const listeners = new Set<() => void>();
let monitor: { queryClient: QueryClient; stop: () => void } | null = null;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeAttempt = 0;
let probing = false;

export const getConnectionSnapshot = (): ConnectionSnapshot => snapshot;
export const getServerConnectionSnapshot = (): ConnectionSnapshot => SERVER_SNAPSHOT;

export function subscribeToConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setSnapshot(next: ConnectionSnapshot) {
  if (next.state === snapshot.state && next.recoveries === snapshot.recoveries) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

/**
 * A failure of the connection rather than an answer: fetch's TypeError (offline, refused, reset), or
 * a gateway's 502/503/504 in front of a server that is down. A 4xx or a 500 is the server's answer.
 */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return error instanceof TypeError;
}

const isBrowserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function scheduleProbe(delayMs: number) {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => void probe(), delayMs);
}

async function probe() {
  if (!monitor || probing) return;
  probing = true;
  clearTimeout(probeTimer);
  try {
    const response = await fetch(PROBE_URL, { cache: 'no-store', credentials: 'omit' });
    if (!response.ok && response.status >= 500) throw new Error(`probe answered ${response.status}`);
    recover();
  } catch {
    if (!monitor) return;
    setSnapshot({ ...snapshot, state: isBrowserOffline() ? 'offline' : 'unreachable' });
    // Offline, the browser's 'online' event starts the next probe; no point asking before.
    if (!isBrowserOffline()) {
      scheduleProbe(PROBE_DELAYS_MS[Math.min(probeAttempt, PROBE_DELAYS_MS.length - 1)] ?? 15000);
      probeAttempt++;
    }
  } finally {
    probing = false;
  }
}

/** The server answers again: fetch again every shown read that failed, and reset failed pages. */
function recover() {
  clearTimeout(probeTimer);
  probeAttempt = 0;
  if (snapshot.state === 'online') return;
  setSnapshot({ state: 'online', recoveries: snapshot.recoveries + 1 });
  void monitor?.queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
}

/** Told by the query client of every failed read and write (src/web/lib/query-client.ts). */
export function reportRequestFailure(error: unknown): void {
  if (!monitor) return;
  // An error the server sent is an answer all the same.
  if (!isConnectionError(error)) {
    reportRequestSuccess();
    return;
  }
  if (snapshot.state === 'online') {
    setSnapshot({ ...snapshot, state: isBrowserOffline() ? 'offline' : 'unreachable' });
    if (!isBrowserOffline()) scheduleProbe(PROBE_DELAYS_MS[0] ?? 1000);
  }
}

/** Any answer proves the server is reachable again. */
export function reportRequestSuccess(): void {
  if (monitor && snapshot.state !== 'online') recover();
}

/** The Retry button: ask now rather than at the next probe. */
export function retryConnection(): void {
  if (monitor) void probe();
  else setSnapshot({ ...snapshot, state: 'online' });
}

/** Started once in the browser (never where the server draws a page); returns its stop. */
export function startConnectionMonitor(queryClient: QueryClient): () => void {
  monitor?.stop();
  const onOffline = () => setSnapshot({ ...snapshot, state: 'offline' });
  const onOnline = () => void probe();
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  const current = {
    queryClient,
    stop: () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      clearTimeout(probeTimer);
      if (monitor === current) monitor = null;
    },
  };
  monitor = current;
  if (isBrowserOffline()) onOffline();
  return current.stop;
}
