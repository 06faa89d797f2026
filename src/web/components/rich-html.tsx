import { useLayoutEffect, useRef, useState } from 'react';
import { useHydrated } from '#web/hooks/use-hydrated';
import { useSanitizedHtml } from '#web/lib/use-sanitized-html';

const isServer = typeof document === 'undefined';

/** True on the server and where React took over the server's HTML; false where the browser drew it. */
function useIsServerDrawn(): boolean {
  const isHydrated = useHydrated();
  const [drawnByServer] = useState(!isHydrated);
  return drawnByServer;
}

/** Whether `element` already holds exactly the nodes `html` makes. */
function holdsMarkup(element: HTMLElement, html: string): boolean {
  const template = document.createElement('template');
  template.innerHTML = html;
  const wanted = template.content;
  if (wanted.childNodes.length !== element.childNodes.length) return false;
  return [...wanted.childNodes].every((node, index) => {
    const current = element.childNodes[index];
    return current !== undefined && node.isEqualNode(current);
  });
}

/**
 * Stored rich text (a course description, a text lesson), sanitized where it is shown: by DOMPurify in
 * the browser, which loads after first paint (the place stays empty until then). Where the server drew
 * it, sanitized by the server's allowlist, React keeps the server's nodes (the browser's sanitizer is
 * not here yet when React takes the page over) and DOMPurify's result replaces them only if it differs.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  const safeHtml = useSanitizedHtml(html);
  const isServerDrawn = useIsServerDrawn();
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!isServerDrawn || safeHtml === null || !element) return;
    if (!holdsMarkup(element, safeHtml)) element.innerHTML = safeHtml;
  }, [isServerDrawn, safeHtml]);

  // Never the raw HTML: on the server it is sanitized, in the browser it waits for DOMPurify. A node the
  // server drew keeps a constant '' here, so React never rewrites what the effect above maintains.
  const shownHtml = isServer ? (safeHtml ?? '') : isServerDrawn ? '' : (safeHtml ?? '');
  return (
    <div
      ref={ref}
      className={className}
      // The creator's language, not the page's, sets its direction: English slides on an Arabic page
      // run left to right, lists and all.
      dir="auto"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allowlist or DOMPurify, never raw
      dangerouslySetInnerHTML={{ __html: shownHtml }}
    />
  );
}
