import { type DrawnPageState, PAGE_STATE_ID } from '#shared/drawn-page';

/** The state the server drew the page from, or null where it sent no drawing (or an unreadable one). */
export function readDrawnPage(): DrawnPageState | null {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as Partial<DrawnPageState>;
    if (typeof state.signedIn !== 'boolean' || !Array.isArray(state.queries)) return null;
    return { signedIn: state.signedIn, queries: state.queries };
  } catch {
    return null;
  } finally {
    // Read once: a later page of this tab is the browser's own.
    element.remove();
  }
}
