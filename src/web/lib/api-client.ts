import type { QueryFunction } from '@tanstack/react-query';
import type { ApiErrorBody } from '#shared/errors';
import { TOKEN_STORAGE_KEY } from '#shared/page-session';

export { TOKEN_STORAGE_KEY };
export const USER_STORAGE_KEY = 'user';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  signal?: AbortSignal;
  /** Use this bearer token instead of the stored one (e.g. to revoke a token that was never stored). */
  token?: string;
}

/** A non-OK answer. `message` is `${status}: ${body text or status text}` (docs/product.md, Web app conventions). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** How calls reach the API: `fetch` in the browser, the app itself when the server renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** The server's page renderer answers the pages' calls in-process, as the signed-in viewer (src/web/entry-server.tsx). */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The one helper every call goes through (docs/product.md, Web app conventions). */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.token ?? getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const res = await transport(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: options.signal,
  });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText, text);
  }
  return res;
}

/** `apiRequest` plus the JSON body (undefined for 204). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown, options?: ApiRequestOptions): Promise<T> {
  const res = await apiRequest(method, url, body, options);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

function parseErrorBody(error: unknown): Partial<ApiErrorBody> | null {
  if (!(error instanceof ApiError) || !error.body) return null;
  try {
    const parsed: unknown = JSON.parse(error.body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<ApiErrorBody>) : null;
  } catch {
    return null;
  }
}

/** The server's human message of a failed call, or `fallback` (network failure, empty or non-JSON body). */
export function getErrorMessage(error: unknown, fallback: string): string {
  const message = parseErrorBody(error)?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/** Field errors of a 400 answer, keyed by field name. */
export function getFieldErrors(error: unknown): Record<string, string> {
  const errors = parseErrorBody(error)?.errors;
  return errors && typeof errors === 'object' ? errors : {};
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export type On401 = 'returnNull' | 'throw';

/** Default read: GET of the query key parts joined by '/'. A 401 raises, or yields null on request. */
export function getQueryFn<T>({ on401 = 'throw' }: { on401?: On401 } = {}): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return await apiJson<T>('GET', queryKey.join('/'), undefined, { signal });
    } catch (error) {
      if (on401 === 'returnNull' && isApiError(error, 401)) return null;
      throw error;
    }
  };
}
