import { type ComponentType, type ReactElement, use, useEffect } from 'react';
import { trackPageLoad } from '#web/components/navigation-progress';
import { replayPressBeforeApp } from './press-replay';

/** A lazy page as a route's element and handle (the handle: how history and the server's render load it). */
export interface LazyPage {
  element: ReactElement;
  handle: {
    /** Starts (or joins) loading the page's code. */
    preload: () => Promise<ComponentType>;
    isLoaded: () => boolean;
  };
}

function PageView({ visit }: { visit: () => Promise<ComponentType> }) {
  const Component = use(visit());
  // The page (its Suspense boundary, where the server drew it) has committed: React answers its buttons now.
  useEffect(replayPressBeforeApp, []);
  return <Component />;
}

/** A page whose code is its own chunk, fetched on first visit (or earlier, by `preload`). */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<ComponentType> | null = null;
  /** Its code is here (true), or its last load failed (false). */
  let loaded: boolean | undefined;
  const preload = () => {
    if (loading) return loading;
    const promise = trackPageLoad(load());
    loading = promise;
    promise.then(
      (Component) => {
        loaded = true;
        // Marked the way React's `use` reads, so a loaded page renders at once, without suspending.
        Object.assign(promise, { status: 'fulfilled', value: Component });
      },
      () => {
        // A failed load (offline, a deploy that replaced the chunk) is shown by the error boundary; see `visit`.
        loading = null;
        loaded = false;
      },
    );
    return promise;
  };
  // The browser keeps a chunk's failed fetch (the HTML standard's module map; Chromium 150 does): an
  // import of it fails again without asking the network. So a visit to a page whose code failed, once
  // online, loads the whole document again.
  const visit = () => {
    if (loaded === false && navigator.onLine) location.reload();
    return preload();
  };
  return { element: <PageView visit={visit} />, handle: { preload, isLoaded: () => !!loaded } };
}
