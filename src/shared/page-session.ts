/**
 * The cookie by which the server knows who opens a page, so it can render a signed-in student's page
 * for them (ADR 0019). It holds the same token as localStorage, written and cleared by the web app with
 * it. Only page addresses read it: the API answers to the bearer token alone, so a request another
 * site makes the browser send changes nothing.
 */
export const PAGE_SESSION_COOKIE = 'ga_session';

/** A session token as the server makes them (256 bits, base64url): nothing else is looked up. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token's lifetime (30 days: docs/product.md, Accounts and access), in seconds. */
export const PAGE_SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * Where the web app keeps the token (localStorage); a drawn page's loader reads it too
 * (docs/performance.md, First paint).
 */
export const TOKEN_STORAGE_KEY = 'token';
