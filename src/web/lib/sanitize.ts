import DOMPurify from 'dompurify';

/** Stored HTML is sanitized by the server on write; this second pass guards what is rendered. */
export function sanitizeHtml(html: string): string {
  // DOMPurify keeps <style> elements, which the server's allowlist drops: one in a stored row (an old
  // row, an import) would restyle the whole page around it.
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style'] });
}
