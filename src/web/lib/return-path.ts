/**
 * Where signing in returns to: `/login?next=/course/…`. Only a path of this site is followed (never
 * `//evil.example`, `/\evil.example` or a scheme), so the parameter cannot send anyone elsewhere
 * after they typed their password (an open redirect).
 */
export const RETURN_PARAM = 'next';

export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and backslashes can make a browser read the path as another host.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
  if (/[\u0000-\u001f\\]/.test(value)) return null;
  // Back to a sign-in page would loop.
  if (/^\/(?:login(?:[/?#]|$)|creator(?:[?#]|$))/i.test(value)) return null;
  return value;
}

/** `href` with `?next=` (or `&next=`) naming the path to come back to. */
export function withReturnPath(href: string, returnPath: string | null | undefined): string {
  const safe = safeReturnPath(returnPath);
  if (!safe) return href;
  return `${href}${href.includes('?') ? '&' : '?'}${RETURN_PARAM}=${encodeURIComponent(safe)}`;
}
