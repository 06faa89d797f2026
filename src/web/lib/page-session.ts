import { PAGE_SESSION_COOKIE, PAGE_SESSION_MAX_AGE_S, SESSION_TOKEN_PATTERN } from '#shared/page-session';

/** The page-session cookie's token as the browser holds it (and sent with this page's request), or null. */
export function readPageSessionCookie(): string | null {
  for (const pair of document.cookie.split(';')) {
    const [name, value = ''] = pair.trim().split('=');
    if (name === PAGE_SESSION_COOKIE) return SESSION_TOKEN_PATTERN.test(value) ? value : null;
  }
  return null;
}

/** Keeps the cookie equal to the stored token: set with it, cleared with it. */
export function writePageSessionCookie(token: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = token !== null && SESSION_TOKEN_PATTERN.test(token) ? token : '';
  if (value === '' && readPageSessionCookie() === null) return;
  const maxAge = value === '' ? 0 : PAGE_SESSION_MAX_AGE_S;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing from older browsers; a base64url token needs no escaping
  document.cookie = `${PAGE_SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}
