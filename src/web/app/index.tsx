import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { AppProvider } from './provider';
import { AppRouter } from './router';

type PageLoaderWindow = Window & { __pressedBeforeApp?: () => Element[] };

/**
 * Calls `then` once React has taken `element` over. The page itself hydrates a few frames after the
 * shell (React leaves server-drawn Suspense boundaries for last), and a press replayed before that is
 * lost; React marks each element it has taken over with its own properties. After two seconds, anyway.
 */
function whenTakenOver(element: HTMLElement, then: (element: HTMLElement) => void, framesLeft = 120) {
  if (!element.isConnected) return;
  const isTakenOver = Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  if (isTakenOver || framesLeft === 0) then(element);
  else requestAnimationFrame(() => whenTakenOver(element, then, framesLeft - 1));
}

/** A press as a pointer makes it, for controls that act on the pointer going down (tabs, menus) or on the click. */
function pressAgain(button: HTMLElement) {
  const at = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
  button.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerType: 'mouse', isPrimary: true }));
  button.dispatchEvent(new MouseEvent('mousedown', at));
  button.focus();
  button.dispatchEvent(new PointerEvent('pointerup', { ...at, pointerType: 'mouse', isPrimary: true }));
  button.dispatchEvent(new MouseEvent('mouseup', at));
  button.click();
}

/**
 * Marks the page as the app's once React has drawn or taken it over (`<html data-app-ready>`), which
 * end-to-end tests wait for. Before that a page the server drew shows, but its buttons do nothing: the
 * page's loader remembers the presses (src/server/plugins/page-html.ts), and the last is pressed again
 * here, now that React answers it.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
    const pressed = (window as PageLoaderWindow).__pressedBeforeApp?.() ?? [];
    const last = pressed.at(-1);
    if (last instanceof HTMLElement) whenTakenOver(last, pressAgain);
  }, []);
  return null;
}

/**
 * Everything but the router, which holds the address: the browser's history, or the server's fixed
 * address for one page. The server draws this very tree, so React takes its drawing over node for node
 * (the ids React gives elements follow the tree's shape).
 */
export function AppShell({
  queryClient,
  serverToken,
  router,
}: {
  queryClient: QueryClient;
  serverToken?: string | null;
  router: ReactNode;
}) {
  return (
    <AppProvider queryClient={queryClient} serverToken={serverToken}>
      {router}
      <AppReady />
    </AppProvider>
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return <AppShell queryClient={queryClient} router={<AppRouter />} />;
}
