import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '#shared/errors';
import { chooseLocale, LOCALE_COOKIE, LOCALE_PARAMETER, localeOfTag, type PageLocale } from '#shared/i18n/locales';
import { PAGE_SESSION_COOKIE, SESSION_TOKEN_PATTERN } from '#shared/page-session';
import { PYODIDE_PATH } from '#shared/pyodide';
import type { ApiGet, PageRenderer } from '../lib/page-renderer';
import { DRAWN_PAGES, findPage, type Page, pageStatus } from '../lib/pages';
import { acceptedEncodings } from '../lib/prepared-json';
import type { Html, LocalizedPages } from './page-html';

/**
 * The page-session cookie's token (ADR 0019), read only here, for drawing a page: the API never
 * reads cookies. Anything but one well-formed token is no token.
 */
function pageSessionToken(request: FastifyRequest): string | null {
  const token = cookieValue(request, PAGE_SESSION_COOKIE);
  return token !== null && SESSION_TOKEN_PATTERN.test(token) ? token : null;
}

/** The one cookie of that name; none where there is none, or two (another path's, another domain's: neither is trusted). */
function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header || header.length > 8192) return null;
  let found: string | null = null;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    if (found !== null) return null;
    found = pair.slice(separator + 1).trim();
  }
  return found;
}

/**
 * The language a page is sent in (docs/product.md, Languages): the address's `?lang=`, the `locale`
 * cookie, the signed-in viewer's saved language (asked of the API only where neither says), the
 * browser's `Accept-Language`, English.
 */
async function pageLocale(
  request: FastifyRequest,
  search: string,
  token: string | null,
  get: ApiGet,
  allowPseudo: boolean,
): Promise<PageLocale> {
  const parameter = search ? new URLSearchParams(search).get(LOCALE_PARAMETER) : null;
  const cookie = cookieValue(request, LOCALE_COOKIE);
  const acceptLanguage = request.headers['accept-language'];
  // The address or the cookie, naming a language the site speaks, decide alone.
  if (localeOfTag(parameter, { allowPseudo }) || localeOfTag(cookie, { allowPseudo })) {
    return chooseLocale({ parameter, cookie }, { allowPseudo });
  }
  let saved: string | null = null;
  if (token) {
    const me = await get('/api/auth/me', token, request.id);
    if (me.status === 200) saved = (JSON.parse(me.body) as { locale?: string | null }).locale ?? null;
  }
  return chooseLocale({ saved, acceptLanguage }, { allowPseudo });
}

type Encoding = 'br' | 'gzip';

/**
 * A page's bytes in an encoding, made once per page (a drawn Home page is ~60 KB of HTML, ~10 KB as
 * brotli). The not-found handler that sends pages is outside @fastify/compress's routes.
 */
const encodings = new WeakMap<Html, Partial<Record<Encoding, Buffer>>>();
function encoded(page: Html, encoding: Encoding): Buffer {
  const made = encodings.get(page) ?? {};
  encodings.set(page, made);
  made[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(page.html, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT },
        })
      : gzipSync(page.html, { level: 6 });
  return made[encoding];
}

/**
 * A person's own pages, the studio and the sign-in forms: never in a search engine (docs/product.md). The
 * header reaches crawlers for pages the browser draws too, whose HTML is the same for every address.
 */
const PRIVATE_PAGE =
  /^\/(?:account|my-courses|purchases|cart|creator|admin|checkout|certificates|login|forgot-password|reset-password)(?:\/|$)|^\/course\/[^/]+\/(?:learn|preview)(?:\/|$)/;

/**
 * Serves the built web app; every unknown non-API GET gets index.html (made for its page, see
 * page-html.ts) so the client router decides. The pages the server draws (DRAWN_PAGES) come drawn,
 * for the viewer their cookie names, unless drawing fails or must wait: then as index.html too.
 */
export const spaPlugin = fp<{
  webDir: string | undefined;
  pages: LocalizedPages | undefined;
  renderer?: PageRenderer;
  get: ApiGet;
  allowPseudoLocale?: boolean;
}>(
  async (app, { webDir, pages, renderer, get, allowPseudoLocale = false }) => {
    // `pages` exists only when the web dir holds a built index.html (app.ts).
    if (webDir !== undefined && pages !== undefined) {
      const pyodideDir = path.join(path.resolve(webDir), PYODIDE_PATH);
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
        preCompressed: true,
        setHeaders(reply, filePath) {
          // Vite fingerprints everything under assets/, and Pyodide's files sit under their version
          // (vite.config.ts): either can be cached for a year.
          const isFingerprinted =
            filePath.includes(`${path.sep}assets${path.sep}`) || path.resolve(filePath).startsWith(pyodideDir);
          reply.header('cache-control', isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    async function drawnPage(request: FastifyRequest, page: Page, pathname: string, token: string | null, locale: PageLocale) {
      const drawnFor = DRAWN_PAGES[page.module]?.for;
      if (!renderer || !pages || !drawnFor || (drawnFor === 'signed-in' && token === null)) return undefined;
      try {
        const drawn = await renderer.render(request.url, token, {
          signedInOnly: drawnFor === 'signed-in',
          requestId: request.id,
          locale,
        });
        return drawn ? pages.in(locale).drawn(page.module, pathname, drawn.page, drawn.signedIn) : undefined;
      } catch (error) {
        request.log.warn({ err: error }, 'drawing the page failed; the browser draws it');
        return undefined;
      }
    }

    // Fastify runs any lifecycle hook given here (lib/four-oh-four.js), though its types name two.
    const hooks = app.metrics.enabled ? app.metrics.notFoundHooks : {};
    app.setNotFoundHandler(hooks as object, async (request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/objects/');
      // A missing asset (an old page asking for a chunk a deploy replaced) is a 404, never a page's HTML,
      // which the browser would refuse as a script anyway.
      const isAsset = request.url.startsWith('/assets/') || request.url.startsWith(PYODIDE_PATH);
      if (isApi || isAsset || !webDir || !pages || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply
          .code(404)
          .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` } satisfies ApiErrorBody);
      }
      const pathname = request.url.split('?')[0] ?? '/';
      // Home no longer searches: a search's old address (`/?q=…`) moved to the search page, query and all.
      const search = request.url.slice(pathname.length + 1);
      if (pathname === '/' && new URLSearchParams(search).has('q')) return reply.redirect(`/courses?${search}`, 301);
      const page = findPage(pathname);
      const token = pageSessionToken(request);
      // An address that names nothing for this viewer is a 404, not a soft 404 a search engine indexes
      // (pages.ts). Its HTML is still the app for that address, undrawn: the browser asks the API with
      // its own token, so a draft's creator signed in without the cookie sees it.
      const status = await pageStatus(page, token, get, request.id);
      const locale = await pageLocale(request, search, token, get, allowPseudoLocale);
      const drawn = status === 200 ? await drawnPage(request, page, pathname, token, locale) : undefined;
      const html = drawn ?? pages.in(locale).forPage(page.module);
      if (app.metrics.enabled) app.metrics.pageServed(request, page.path, drawn ? 'server' : 'browser');
      // A drawn page depends on who the cookie names; a signed-in viewer's is theirs alone. Every page
      // is in the language its address, cookie or browser chose.
      reply
        .code(status)
        .header('vary', 'accept-encoding, cookie, accept-language')
        .header('content-language', locale)
        .header('cache-control', drawn?.signedIn ? 'no-store' : 'no-cache')
        .header('etag', html.etag)
        .type('text/html; charset=utf-8');
      if (PRIVATE_PAGE.test(pathname)) reply.header('x-robots-tag', 'noindex');
      // A page for reading drawn for a guest (ADR 0034) holds nothing of anyone's, and is where visitors
      // land from a search engine: it goes without Cross-Origin-Opener-Policy, whose new browsing context
      // group costs a phone that shares renderers (and Lighthouse) a new renderer process on the way in.
      const isGuestLandingPage = drawn !== undefined && !drawn.signedIn && DRAWN_PAGES[page.module]?.start === 'engaged';
      if (isGuestLandingPage) reply.removeHeader('cross-origin-opener-policy');
      if (status === 200 && request.headers['if-none-match'] === html.etag) return reply.code(304).send();
      const { br, gzip } = acceptedEncodings(request.headers['accept-encoding']);
      const encoding = br ? 'br' : gzip ? 'gzip' : undefined;
      if (!encoding || html.html.length < 1024) return reply.send(html.html);
      return reply.header('content-encoding', encoding).send(encoded(html, encoding));
    });
  },
  { name: 'spa', dependencies: ['security', 'metrics'] },
);
