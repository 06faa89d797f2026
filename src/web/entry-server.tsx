import { AsyncLocalStorage } from 'node:async_hooks';
import type { Query } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { DrawnQuery, PageRender, RenderedPage } from '#shared/drawn-page';
import type { PageLocale } from '#shared/i18n/locales';
import type { User } from '#shared/schemas/auth';
import { AppShell } from './app';
import { AppRoutes, preloadPagesFor } from './app/router';
import { ServerTitleContext } from './hooks/use-document-title';
import { type ApiTransport, setApiTransport } from './lib/api-client';
import { getMeQueryOptions } from './lib/auth';
import { setRenderLocale } from './lib/i18n/locale';
import { createQueryClient } from './lib/query-client';

/*
 * The server's side of a page it renders (ADR 0019): the same React tree as the browser's, under a
 * router fixed to the page's address, fed by the same queries, which the server answers in-process.
 * Built apart from the browser's code (`vite build --ssr`) and loaded by src/server/lib/page-renderer.ts.
 */

/** Rounds of render, then fetch what that render asked for: a page whose queries depend on others' answers takes several. */
const MAX_PASSES = 5;

/** Each render's own way to the API (whose viewer, which app) and language, wherever its queries run. */
const currentRender = new AsyncLocalStorage<{ transport: ApiTransport; locale: PageLocale }>();
setApiTransport((url, init) => {
  const transport = currentRender.getStore()?.transport;
  if (!transport) throw new Error(`${url}: called outside a page's render`);
  return transport(url, init);
});
setRenderLocale(() => currentRender.getStore()?.locale);

function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * The page at `url` (path and query) for `viewer` (null: a guest) in `locale`, its queries answered by `transport`,
 * and the milliseconds its renders took; or no page where the browser should draw it itself: a query
 * failed (the page would show an error or a redirect, which the browser handles as before), or the page
 * kept asking for more.
 */
export function renderPage({
  url,
  viewer,
  transport,
  locale,
}: {
  url: string;
  viewer: User | null;
  transport: ApiTransport;
  locale: PageLocale;
}) {
  return currentRender.run({ transport, locale }, async (): Promise<PageRender> => {
    let renderMs = 0;
    await preloadPagesFor(new URL(url, 'http://page.invalid').pathname);
    const queryClient = createQueryClient();
    if (viewer) queryClient.setQueryData(getMeQueryOptions().queryKey, viewer);

    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const title: { title: string; head?: RenderedPage['head'] } = { title: '' };
      const started = performance.now();
      const html = renderToString(
        <ServerTitleContext value={title}>
          {/* The server holds the viewer's token; the page only needs to know there is one. */}
          <AppShell
            queryClient={queryClient}
            serverToken={viewer ? 'server-held' : null}
            router={
              <StaticRouter location={url}>
                <AppRoutes />
              </StaticRouter>
            }
          />
        </ServerTitleContext>,
      );
      renderMs += performance.now() - started;
      const queries = queryClient.getQueryCache().getAll();
      if (queries.some((query) => query.state.status === 'error')) return { page: null, renderMs };
      const waiting = queries.filter((query) => query.state.status === 'pending' && isEnabled(query));
      if (waiting.length === 0) {
        const answered = queries.filter((query) => query.state.status === 'success');
        const queryAnswers = answered.map((query): DrawnQuery => [query.queryKey, query.state.data]);
        return {
          page: { html, title: title.title, ...(title.head ? { head: title.head } : {}), queries: queryAnswers },
          renderMs,
        };
      }
      // A failed fetch leaves its query in error, which the next pass sees.
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    }
    return { page: null, renderMs };
  });
}
