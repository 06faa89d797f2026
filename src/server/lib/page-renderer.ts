import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PageRender, RenderedPage } from '#shared/drawn-page';
import type { User } from '#shared/schemas/auth';

/** What the renderer built from src/web/entry-server.tsx exports. */
type RendererModule = {
  renderPage(input: {
    url: string;
    viewer: User | null;
    transport: (url: string, init: RequestInit) => Promise<Response>;
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

export type PageRenderer = {
  /**
   * The page at `url` for the holder of `token` (null: a guest), and whether it was drawn for a
   * signed-in viewer; null where the browser should draw it (see renderPage).
   */
  render(
    url: string,
    token: string | null,
    options?: { signedInOnly?: boolean; requestId?: string },
  ): Promise<{ page: RenderedPage; signedIn: boolean } | null>;
};

type Drawn = { page: RenderedPage; answers: Map<string, string>; chars: number };

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

function answeredChars(answers: Map<string, string>): number {
  let chars = 0;
  for (const body of answers.values()) chars += body.length;
  return chars;
}

/**
 * Drawing a new page holds the event loop for milliseconds (its renders; its calls' waits do not
 * count): at most `msPerSecond` of each second goes to it, so a crowd of new addresses or of signed-in
 * students cannot starve the API; beyond it the browser draws the page itself, as it can any page.
 */
function renderBudget(msPerSecond: number, now = () => performance.now()) {
  let drawing = 0;
  let windowStart = 0;
  let spent = 0;
  return {
    /**
     * Runs `draw` unless this second's time is spent or two drawings are under way already (a render
     * is charged when it ends, so a crowd arriving at once would otherwise all start); undefined if not.
     */
    async draw<T>(draw: () => Promise<{ result: T; renderMs: number }>): Promise<T | undefined> {
      if (now() - windowStart >= 1000) {
        windowStart = now();
        spent = 0;
      }
      if (spent >= msPerSecond || drawing >= MAX_DRAWINGS_AT_ONCE) return undefined;
      drawing++;
      try {
        const { result, renderMs } = await draw();
        spent += renderMs;
        return result;
      } finally {
        drawing--;
      }
    },
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
  /**
   * The render's calls, as `token`'s holder, each 200 answer noted in `answers`. Past
   * MAX_DRAWN_ANSWER_CHARS of answers a call fails, so the page is left to the browser: a render's
   * time grows with what it shows, and no one drawing may hold the event loop past the budget.
   */
  const transportFor =
    (token: string | null, answers: Map<string, string>, requestId: string | undefined) =>
    async (url: string, init: RequestInit): Promise<Response> => {
      // A page is drawn from reads alone; nothing it renders may write.
      if ((init.method ?? 'GET') !== 'GET') throw new Error(`a page's render may only read (${init.method} ${url})`);
      const { status, body } = await get(url, token, requestId);
      if (status === 200) answers.set(url, body);
      if (answeredChars(answers) > MAX_DRAWN_ANSWER_CHARS) throw new Error(`${url}: too much to draw on the server`);
      return new Response(status === 204 ? null : body, { status, headers: { 'content-type': 'application/json' } });
    };

  const budget = renderBudget(renderMsPerSecond);
  const kept = new Map<string, Drawn>();
  let keptChars = 0;
  const forget = (key: string) => {
    const drawn = kept.get(key);
    if (!drawn) return;
    kept.delete(key);
    keptChars -= drawn.chars;
  };
  const keep = (key: string, drawn: Drawn) => {
    forget(key);
    kept.set(key, drawn);
    keptChars += drawn.chars;
    for (const oldest of kept.keys()) {
      if (keptChars <= MAX_KEPT_CHARS) break;
      forget(oldest);
    }
  };
  /** Whether every call a page made answers the same now; `known` holds answers this request already has. */
  const answersStillTheSame = async (
    answers: Map<string, string>,
    token: string | null,
    known: Map<string, string>,
    requestId: string | undefined,
  ) => {
    const now = await Promise.all(
      [...answers].map(async ([url, body]) => (known.get(url) ?? (await get(url, token, requestId)).body) === body),
    );
    return now.every(Boolean);
  };

  /** The kept page if every call it made answers the same now, else a new drawing (budget permitting), else null. */
  async function keptOrDrawn(
    url: string,
    key: string,
    viewer: User | null,
    known: Map<string, string>,
    token: string | null,
    requestId: string | undefined,
  ): Promise<{ page: RenderedPage; signedIn: boolean } | null> {
    const before = kept.get(key);
    if (before && (await answersStillTheSame(before.answers, token, known, requestId))) {
      keep(key, before);
      return { page: before.page, signedIn: viewer !== null };
    }
    const answers = new Map(known);
    const page = await budget.draw(async () => {
      const drawn = await renderer.renderPage({ url, viewer, transport: transportFor(token, answers, requestId) });
      return { result: drawn.page, renderMs: drawn.renderMs };
    });
    if (!page) {
      // Not drawn (a failed call, or no time for it now): the browser draws it; a kept one is stale.
      if (page === null) forget(key);
      return null;
    }
    const chars = page.html.length + [...answers.values()].reduce((sum, body) => sum + body.length, 0);
    keep(key, { page, answers, chars });
    return { page, signedIn: viewer !== null };
  }

  /** A guest's page is every guest's: one check or drawing of it at a time serves all who ask meanwhile. */
  const guestWork = new Map<string, ReturnType<typeof keptOrDrawn>>();

  return {
    async render(url, token, { signedInOnly = false, requestId } = {}) {
      // The viewer is whoever the API says the token belongs to: a revoked or expired one is a guest.
      const me = token ? await get('/api/auth/me', token, requestId) : undefined;
      const viewer = me?.status === 200 ? (JSON.parse(me.body) as User) : null;
      if (signedInOnly && !viewer) return null;
      const key = `${viewer?.id ?? ''} ${url}`;
      if (viewer && me) return keptOrDrawn(url, key, viewer, new Map([['/api/auth/me', me.body]]), token, requestId);

      const pending = guestWork.get(key);
      if (pending) return pending;
      const work = keptOrDrawn(url, key, null, new Map(), null, requestId).finally(() => guestWork.delete(key));
      guestWork.set(key, work);
      return work;
    },
  };
}
