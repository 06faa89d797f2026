import type { PageLoaderWindow } from '../page-loader';

/*
 * A drawn page shows before its buttons work: the page's loader (src/web/page-loader.ts)
 * remembers what was pressed meanwhile, and the last press is made again once React answers it.
 * React takes the shell over first and each lazy page's Suspense boundary later, keeping the server's
 * nodes, so the pressed button is the same node once its page has hydrated, and the page's own effect
 * (its boundary has committed) is the public sign that React now handles it.
 */

let isTaken = false;
let pending: HTMLElement | null = null;

/**
 * Stops the loader remembering, once React listens on the page (its root has committed): a press from
 * then on is React's own (it hydrates the pressed part first), and remembering it too would press twice.
 */
export function stopRememberingPresses(): void {
  if (isTaken) return;
  isTaken = true;
  const loader = window as PageLoaderWindow;
  const last = loader.__pressedBeforeApp?.().at(-1);
  if (last instanceof HTMLElement) pending = last;
}

/** A press as a pointer makes it, for controls that act on the pointer going down (tabs, menus) or on the click. */
function pressAgain(button: HTMLElement) {
  const at = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
  const pointer = { ...at, pointerType: 'mouse', isPrimary: true };
  button.dispatchEvent(new PointerEvent('pointerdown', pointer));
  button.dispatchEvent(new MouseEvent('mousedown', at));
  button.focus();
  button.dispatchEvent(new PointerEvent('pointerup', pointer));
  button.dispatchEvent(new MouseEvent('mouseup', at));
  button.click();
}

/**
 * From a page's first effect: a list's choice made before then is announced again, so React's handler
 * reads the list's value as it now is; then the remembered button is pressed again, if React kept it.
 */
export function replayPressBeforeApp(): void {
  stopRememberingPresses();
  (window as PageLoaderWindow).__announceChangesBeforeApp?.();
  const button = pending;
  pending = null;
  if (button?.isConnected) pressAgain(button);
}
