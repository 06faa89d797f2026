import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PageRender, RenderedPage } from '#shared/drawn-page';
import { DEFAULT_LOCALE, type PageLocale } from '#shared/i18n/locales';
import type { User } from '#shared/schemas/auth';

/** What the renderer built from src/web/entry-server.tsx exports. */
type RendererModule = {
  renderPage(input: {
    url: string;
    viewer: User | null;
    transport: (url: string, init: RequestInit) => Promise<Response>;
    locale: PageLocale;
  }): Promise<PageRender>;
};

/** One GET of the API, answered in-process: the status and body text. `requestId` is the page's request. */
export type ApiGet = (url: string, token: string | null, requestId?: string) => Promise<{ status: number; body: string }>;

/**
 * The API's answer to a GET as the holder of `token` would get it, without a socket; logged under the
 * page request's id, so a page's calls can be told from others'.
 */
export async function injectGet(app: FastifyInstance, url: string, token: string | null, requestId?: string) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(requestId ? { 'x-request-id': requestId } : {}),
    },
  });
  return { status: response.statusCode, body: response.body };
}

type Drawing = { page: RenderedPage; signedIn: boolean };

/** A drawn page kept with the answers it was drawn from, and the characters of both. */
type Kept = { page: RenderedPage; answers: Map<string, string>; chars: number };

export type PageRenderer = {
  /**
   * The page at `url` for the holder of `token` (null: a guest), and whether it was drawn for a
   * signed-in viewer; null where the browser should draw it (see renderPage).
   */
  render(
    url: string,
    token: string | null,
    options?: { signedInOnly?: boolean; requestId?: string; locale?: PageLocale },
  ): Promise<Drawing | null>;
};

/**
 * Pages kept with the answers they were drawn from (per address and viewer), up to this many characters
 * of both (what is sent is about as much again); the least recently sent go first.
 */
const MAX_KEPT_CHARS = 24 * 1024 * 1024;

const MAX_DRAWINGS_AT_ONCE = 2;

/**
 * What one drawing may be made from: its calls' answers, in characters. With rich text nested at most
 * RICH_TEXT_MAX_DEPTH deep, a render takes time in proportion to it (bench/drawing-cost.mjs measures
 * the largest page that is still drawn); a page with more is drawn by the browser.
 */
export const MAX_DRAWN_ANSWER_CHARS = 1_000_000;

const charsOf = (answers: Map<string, string>) => [...answers.values()].reduce((chars, body) => chars + body.length, 0);

/**
 * Drawing a new page holds the event loop for milliseconds (its renders; its calls' waits do not
 * count): at most `msPerSecond` of each second goes to it, so a crowd of new addresses or of signed-in
 * students cannot starve the API; beyond it the browser draws the page itself, as it can any page.
 * A render is charged when it ends, so at most two run at once (a crowd arriving at once would
 * otherwise all start). Undefined: not drawn for want of time.
 */
function renderBudget(msPerSecond: number) {
  let drawing = 0;
  let windowStart = 0;
  let spent = 0;
  return async (render: () => Promise<PageRender>): Promise<RenderedPage | null | undefined> => {
    if (performance.now() - windowStart >= 1000) {
      windowStart = performance.now();
      spent = 0;
    }
    if (spent >= msPerSecond || drawing >= MAX_DRAWINGS_AT_ONCE) return undefined;
    drawing++;
    try {
      const { page, renderMs } = await render();
      spent += renderMs;
      return page;
    } finally {
      drawing--;
    }
  };
}

/**
 * Loads the server's page renderer built by `vite build --ssr` (ADR 0019), or undefined where there is
 * none (a hand-made web dir, `npm run dev`): the browser then draws every page, as it always could.
 *
 * The renderer's queries reach the API through `get`, as the viewer, so a page shows exactly what its
 * calls would show the browser, access checks included. A page drawn before is sent again while every
 * call it made still answers the same bytes: a render costs milliseconds, the calls' warm answers microseconds.
 */
export async function loadPageRenderer({
  modulePath,
  get,
  renderMsPerSecond,
}: {
  modulePath: string;
  get: ApiGet;
  renderMsPerSecond: number;
}): Promise<PageRenderer | undefined> {
  if (!existsSync(modulePath)) return undefined;
  const renderer = (await import(pathToFileURL(modulePath).href)) as RendererModule;
  const draw = renderBudget(renderMsPerSecond);

  const kept = new Map<string, Kept>();
  let keptChars = 0;
  const forget = (key: string) => {
    keptChars -= kept.get(key)?.chars ?? 0;
    kept.delete(key);
  };
  const keep = (key: string, drawn: Kept) => {
    forget(key);
    kept.set(key, drawn);
    keptChars += drawn.chars;
    for (const oldest of kept.keys()) {
      if (keptChars <= MAX_KEPT_CHARS) break;
      forget(oldest);
    }
  };

  /**
   * The kept page if every call it made answers the same now, else a new drawing (time permitting), else
   * null. `known` holds the answers this request already has. The render's calls are made as `token`'s
   * holder, each 200 answer noted; past MAX_DRAWN_ANSWER_CHARS of answers a call fails, so the page is
   * left to the browser: a render's time grows with what it shows, and no one drawing may hold the event
   * loop past the budget.
   */
  async function keptOrDrawn(
    url: string,
    viewer: User | null,
    token: string | null,
    known: Map<string, string>,
    { requestId, locale }: { requestId: string | undefined; locale: PageLocale },
  ) {
    // Pages are kept per language too: two languages' drawings never stand in for each other.
    const key = `${locale} ${viewer?.id ?? ''} ${url}`;
    const before = kept.get(key);
    const answersNow = async ([call, body]: [string, string]) =>
      (known.get(call) ?? (await get(call, token, requestId)).body) === body;
    if (before && (await Promise.all([...before.answers].map(answersNow))).every(Boolean)) {
      keep(key, before);
      return { page: before.page, signedIn: viewer !== null };
    }
    const answers = new Map(known);
    const transport = async (call: string, init: RequestInit): Promise<Response> => {
      // A page is drawn from reads alone; nothing it renders may write.
      if ((init.method ?? 'GET') !== 'GET') throw new Error(`a page's render may only read (${init.method} ${call})`);
      const { status, body } = await get(call, token, requestId);
      if (status === 200) answers.set(call, body);
      if (charsOf(answers) > MAX_DRAWN_ANSWER_CHARS) throw new Error(`${call}: too much to draw on the server`);
      return new Response(status === 204 ? null : body, { status, headers: { 'content-type': 'application/json' } });
    };
    const page = await draw(() => renderer.renderPage({ url, viewer, transport, locale }));
    // Not drawn (a failed call, or no time for it now): the browser draws it; a kept one is stale.
    if (page === null) forget(key);
    if (!page) return null;
    keep(key, { page, answers, chars: page.html.length + charsOf(answers) });
    return { page, signedIn: viewer !== null };
  }

  /** A guest's page is every guest's: one check or drawing of it at a time serves all who ask meanwhile. */
  const guestWork = new Map<string, Promise<Drawing | null>>();

  return {
    async render(url, token, { signedInOnly = false, requestId, locale = DEFAULT_LOCALE } = {}) {
      // The viewer is whoever the API says the token belongs to: a revoked or expired one is a guest.
      const me = token ? await get('/api/auth/me', token, requestId) : undefined;
      if (me?.status === 200)
        return keptOrDrawn(url, JSON.parse(me.body) as User, token, new Map([['/api/auth/me', me.body]]), { requestId, locale });
      if (signedInOnly) return null;
      const workKey = `${locale} ${url}`;
      const pending = guestWork.get(workKey);
      if (pending) return pending;
      const work = keptOrDrawn(url, null, null, new Map(), { requestId, locale }).finally(() => guestWork.delete(workKey));
      guestWork.set(workKey, work);
      return work;
    },
  };
}
