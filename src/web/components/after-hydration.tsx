import type { ReactNode } from 'react';
import { useHydrated } from '#web/hooks/use-hydrated';

/**
 * Its children only in the browser, once React has taken the page over: nothing where the server draws.
 * A leaf of its own, because the render React forces when the page has been taken over is a blocking
 * one: it redraws this, not the page around it (Lighthouse's blocking time, issue 23).
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
