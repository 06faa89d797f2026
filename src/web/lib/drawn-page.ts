import type { QueryKey } from '@tanstack/react-query';

/** What the server drew a page from (src/server/plugins/page-html.ts, ADR 0019). */
export type DrawnPage = { signedIn: boolean; queries: [QueryKey, unknown][] };

/** The page's drawing state, or null where the server sent no drawing (or an unreadable one). */
export function readDrawnPage(): DrawnPage | null {
  const element = document.getElementById('page-state');
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as Partial<DrawnPage>;
    if (typeof state.signedIn !== 'boolean' || !Array.isArray(state.queries)) return null;
    return { signedIn: state.signedIn, queries: state.queries };
  } catch {
    return null;
  } finally {
    // Read once: a later page of this tab is the browser's own.
    element.remove();
  }
}
