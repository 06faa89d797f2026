import { useEffect, useMemo, useState } from 'react';

type Sanitize = (html: string) => string;

/**
 * Where the server draws a page, its rich text comes from the read cache, which sanitized every row
 * with the write-time allowlist when it loaded it (src/server/lib/rich-text.ts): drawing it again per
 * view cost the server seconds on hostile rows. The browser checks that HTML again once DOMPurify is here.
 */
const drawnByServer: Sanitize = (html) => html;

let sanitizer: Sanitize | null = typeof document === 'undefined' ? drawnByServer : null;
let loading: Promise<Sanitize> | null = null;

/**
 * Starts loading the HTML sanitizer (DOMPurify, ~11 KB gzip) apart from the page's code, so a page
 * that shows rich text paints first and the sanitizer arrives alongside the page's data.
 */
export function preloadSanitizer(): Promise<Sanitize> {
  loading ??= import('./sanitize').then(
    (m) => {
      sanitizer = m.sanitizeHtml;
      return m.sanitizeHtml;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** `html` sanitized for rendering, or null until the sanitizer has arrived. A failed load reaches the error boundary. */
export function useSanitizedHtml(html: string): string | null {
  const [sanitize, setSanitize] = useState<Sanitize | null>(() => sanitizer);
  useEffect(() => {
    if (sanitize) return;
    let isCurrent = true;
    preloadSanitizer().then(
      (loaded) => isCurrent && setSanitize(() => loaded),
      (error: unknown) =>
        isCurrent &&
        setSanitize(() => {
          throw error;
        }),
    );
    return () => {
      isCurrent = false;
    };
  }, [sanitize]);
  return useMemo(() => (sanitize ? sanitize(html) : null), [sanitize, html]);
}
