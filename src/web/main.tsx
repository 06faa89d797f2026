import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './index.css';

// zod probes for `new Function` unless told not to, and under the app's CSP (no 'unsafe-eval') every
// such probe is a violation report, though nothing runs: the browser validates without compiling.
// zod keeps its settings in this global object and adopts one that already exists, so setting it costs
// no import (zod stays out of the first load), whether zod has loaded yet or not; the XSS spec's
// CSP-report check fails if zod stops reading it.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig ??= {};
zodSettings.__zod_globalConfig.jitless = true;

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

// The first render is a transition: React renders it in slices of a few milliseconds and lets the
// browser in between, instead of one long task that keeps a phone's page from answering (Lighthouse's
// total blocking time, issue 8).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
