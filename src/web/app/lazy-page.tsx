import { type ComponentType, type ReactElement, use, useEffect } from 'react';
import { trackPageLoad } from '#web/components/navigation-progress';
import { replayPressBeforeApp } from './press-replay';

export interface LazyPage {
  element: ReactElement;
  /** Starts (or joins) loading the page's code. */
  preload: () => Promise<ComponentType>;
  isLoaded: () => boolean;
}

function PageView({ preload }: { preload: () => Promise<ComponentType> }) {
  const Component = use(preload());
  // The page (its Suspense boundary, where the server drew it) has committed: React answers its buttons now.
  useEffect(replayPressBeforeApp, []);
  return <Component />;
}

/** A page whose code is its own chunk, fetched on first visit (or earlier, by `preload`). */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<ComponentType> | null = null;
  let isLoaded = false;
  const preload = () => {
    if (loading) return loading;
    const promise = trackPageLoad(load());
    loading = promise;
    promise.then(
      (Component) => {
        isLoaded = true;
        // Marked the way React's `use` reads, so a loaded page renders at once, without suspending.
        Object.assign(promise, { status: 'fulfilled', value: Component });
      },
      () => {
        // A failed load (offline, stale deploy) is shown by the error boundary and retried on the next visit.
        loading = null;
      },
    );
    return promise;
  };
  return { element: <PageView preload={preload} />, preload, isLoaded: () => isLoaded };
}
