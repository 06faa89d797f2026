import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while React takes over a page the server drew (it must draw what the server
 * drew), true in every render after that and in pages the browser draws itself. React renders again
 * with true right after taking a page over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
