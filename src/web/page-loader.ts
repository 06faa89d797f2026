import { type DrawnPageState, PAGE_CODE_ID, PAGE_STATE_ID, type PageCode } from '#shared/drawn-page';
import { PAGE_SESSION_COOKIE, TOKEN_STORAGE_KEY } from '#shared/page-session';

/*
 * A drawn page's loader, inlined in the page by the server (src/server/plugins/page-html.ts) and built
 * apart from the app as one classic script (vite.config.ts). It loads the page's code once the browser
 * has shown it (its first contentful paint): the server's HTML paints without waiting for the scripts,
 * whose download and first run come after (ADR 0019). A tab opened in the background paints nothing
 * until it is shown, and an old browser may not report paints: after a second the code loads anyway. A
 * page for reading (`"start": "engaged"`, docs/performance.md, First paint) instead loads and runs its code at the visitor's
 * first sign of use: on a phone that is mostly the first touch of a scroll, well before the first press.
 * A button pressed before the app has taken the page over is remembered, and pressed again once it has,
 * and so is a choice made in a list (a `<select>`, such as the search's order) (src/web/app/press-replay.ts):
 * no press or choice is lost to a page not yet the app's.
 */

/** What the loader hands the app once React listens: the presses and the lists' choices made before. */
export type PageLoaderWindow = Window & { __pressedBeforeApp?: () => Element[]; __announceChangesBeforeApp?: () => void };

const pressed: Element[] = [];
const changed = new Set<HTMLSelectElement>();
const remember = (event: Event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button) pressed.push(button);
};
const rememberChange = (event: Event) => {
  if (event.target instanceof HTMLSelectElement) changed.add(event.target);
};
document.addEventListener('click', remember, true);
document.addEventListener('change', rememberChange, true);
const app = window as PageLoaderWindow;
// Once React listens: what was pressed, and the lists' choices, announced again when the page has hydrated.
app.__pressedBeforeApp = () => {
  document.removeEventListener('click', remember, true);
  document.removeEventListener('change', rememberChange, true);
  return pressed.splice(0);
};
app.__announceChangesBeforeApp = () => {
  for (const select of changed) if (select.isConnected) select.dispatchEvent(new Event('change', { bubbles: true }));
  changed.clear();
};

const code = JSON.parse(document.getElementById(PAGE_CODE_ID)?.textContent ?? '') as PageCode;
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const href of code.preload) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href }));
  }
  document.head.append(Object.assign(document.createElement('script'), { type: 'module', crossOrigin: '', src: code.entry }));
};

// Drawn for another viewer than this tab's (as src/web/main.tsx decides): the app draws it anew, at once.
const isSameViewer = () => {
  try {
    const { signedIn } = JSON.parse(document.getElementById(PAGE_STATE_ID)?.textContent ?? '') as DrawnPageState;
    const token = localStorage.getItem(TOKEN_STORAGE_KEY);
    const cookie = document.cookie.split('; ').find((pair) => pair.startsWith(`${PAGE_SESSION_COOKIE}=`));
    return signedIn ? token !== null && cookie === `${PAGE_SESSION_COOKIE}=${token}` : token === null;
  } catch {
    return false;
  }
};
const shown = () => {
  if (code.start !== 'engaged' || !isSameViewer()) start();
};

if (code.start === 'engaged') {
  const events = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'click', 'change'];
  const engaged = () => {
    for (const type of events) document.removeEventListener(type, engaged, true);
    start();
  };
  for (const type of events) document.addEventListener(type, engaged, { capture: true, passive: true });
}
try {
  const painted = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    painted.disconnect();
    shown();
  });
  painted.observe({ type: 'paint', buffered: true });
} catch {
  shown();
}
setTimeout(shown, 1000);
