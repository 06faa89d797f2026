import { StrictMode, startTransition } from 'react';
import { App } from './app';
import { preloadPagesFor } from './app/router';
import { getStoredToken } from './lib/api-client';
import { readDrawnPage } from './lib/drawn-page';
import { adoptAddressLanguage } from './lib/i18n/choose-language';
import { readPageSessionCookie, writePageSessionCookie } from './lib/page-session';
import { createQueryClient } from './lib/query-client';
import './index.css';

// zod probes for `new Function` unless told not to, and under the app's CSP (no 'unsafe-eval') every
// such probe is a violation report, though nothing runs: the browser validates without compiling.
// zod keeps its settings in this global object and adopts one that already exists, so setting it costs
// no import (zod stays out of the first load), whether zod has loaded yet or not; the XSS spec's
// CSP-report check fails if zod stops reading it.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig ??= {};
zodSettings.__zod_globalConfig.jitless = true;

adoptAddressLanguage();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

/**
 * Lets the browser run its own work (input, painting) before the next step. Start-up is a few steps of
 * a few milliseconds each rather than one long task: on a phone, one long task is what Lighthouse
 * counts as blocking time (issue 23).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(mountPoint: HTMLElement) {
  await nextTask();
  // The server drew this page for the viewer its cookie named (ADR 0019). React takes the drawing over
  // only if that viewer is this tab's: the stored token is the one the cookie carried, or there is
  // neither. Otherwise (signed in or out elsewhere, an older session without the cookie) it draws anew.
  const drawn = readDrawnPage();
  const token = getStoredToken();
  const isSameViewer = drawn !== null && (drawn.signedIn ? token !== null && token === readPageSessionCookie() : token === null);
  writePageSessionCookie(token);
  // React's DOM code starts in a task of its own (the module is in memory already, preloaded).
  const reactDom = import('react-dom/client');

  if (drawn && isSameViewer) {
    for (const [queryKey, data] of drawn.queries) queryClient.setQueryData(queryKey, data);
    // The page's code is loaded before React starts, so its first render matches the drawing at once.
    await preloadPagesFor(window.location.pathname).catch(() => {});
    const { hydrateRoot } = await reactDom;
    await nextTask();
    // A transition: React takes the page over in slices of a few milliseconds, not one long task.
    startTransition(() => {
      hydrateRoot(mountPoint, app);
    });
  } else {
    const { createRoot } = await reactDom;
    // The first render is a transition: React renders it in slices of a few milliseconds and lets the
    // browser in between, instead of one long task that keeps a phone's page from answering (Lighthouse's
    // total blocking time, issue 8).
    startTransition(() => {
      createRoot(mountPoint).render(app);
    });
  }
}

void start(root);
