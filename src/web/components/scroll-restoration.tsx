import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// What the data router's <ScrollRestoration> did, for the declarative router: back and forward return
// to where the page was left (across reloads too), a new page starts at its top or at its #hash.

const STORAGE_KEY = 'scroll-positions';

/** Navigation state that keeps the scroll position, e.g. `setSearchParams(next, { state: keepScroll })`. */
export const keepScroll = { preventScrollReset: true } as const;

function readStoredPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

const positions = readStoredPositions();

/**
 * The first page of a load is a POP to the router, however it was opened. Only a reload or a
 * back/forward into the tab has a place to return to: an address typed, a link opened or a bookmark
 * starts at the top. (Such an entry's key is 'default', shared by every page opened by address, so its
 * stored position belonged to another page; issue 22.)
 */
function isFirstLoadReturning(): boolean {
  try {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry?.type === 'reload' || entry?.type === 'back_forward';
  } catch {
    return false;
  }
}

let isFirstEntry = true;

function scrollFor(hash: string, state: unknown, savedPosition: number | undefined) {
  if (savedPosition !== undefined) return window.scrollTo(0, savedPosition);
  if (hash) {
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target) return target.scrollIntoView();
  }
  if ((state as Partial<typeof keepScroll> | null)?.preventScrollReset) return;
  window.scrollTo(0, 0);
}

export function ScrollRestoration() {
  const { key, hash, state } = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      positions[currentKey.current] = window.scrollY;
    };
    const persist = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage unavailable: positions last for this page only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Keyed on the history entry only: a re-render of the same page never scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: hash, state and type belong to that entry
  useLayoutEffect(() => {
    currentKey.current = key;
    const isReturning = navigationType === 'POP' && (!isFirstEntry || isFirstLoadReturning());
    if (isFirstEntry && !isReturning) delete positions[key];
    isFirstEntry = false;
    scrollFor(hash, state, isReturning ? positions[key] : undefined);
  }, [key]);

  return null;
}
