import DOMPurify from 'dompurify';

/** Stored HTML is sanitized by the server on write; this second pass guards what is rendered. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
