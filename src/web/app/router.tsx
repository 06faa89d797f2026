import { BARE_PAGES, PAGES, type PageCodeTable } from 'virtual:page-code';
import { unstable_HistoryRouter as HistoryRouter, type RouteObject, renderMatches, useLocation } from 'react-router';
import { lazyPage } from './lazy-page';
import { createPageHistory, type PageHandle } from './page-history';
import { createRouteMatcher } from './route-matcher';
import { MainLayoutRoute, RootShell } from './routes/root';

// Declarative mode, not a data router: the pages fetch through TanStack Query, not loaders, and the
// data router's code (~20 KB gzip) would sit in every page's first load (issue 8, JavaScript budget).
// `createPageHistory` keeps the one thing of the data router the app relied on: the address changes
// when the next page's code is here.

/** A table's pages as routes, each page's code loaded when it is first shown (or preloaded). */
const pages = (table: PageCodeTable): RouteObject[] =>
  Object.entries(table).map(([path, load]) => ({
    ...(path === '/' ? { index: true } : { path }),
    ...lazyPage(() => load().then((module) => module.default)),
  }));

const routes: RouteObject[] = [
  {
    element: <RootShell />,
    // Pages with the top navigation bar, and the others.
    children: [{ element: <MainLayoutRoute />, children: pages(PAGES) }, ...pages(BARE_PAGES)],
  },
];

const matchPages = createRouteMatcher(routes);

/** The pages of the app, under whichever router holds the address (the browser's, or the server's for one page). */
export function AppRoutes() {
  // What `useRoutes(routes)` renders at the top level, from the remembered match of the address.
  return renderMatches(matchPages(useLocation().pathname));
}

/** Loads the code of the pages an address shows: the server renders them, and the browser takes them over, without waiting. */
export function preloadPagesFor(pathname: string): Promise<unknown> {
  const handles = (matchPages(pathname) ?? []).flatMap(({ route }) => (route.handle ? [route.handle as PageHandle] : []));
  return Promise.all(handles.map((handle) => handle.preload()));
}

let history: ReturnType<typeof createPageHistory> | null = null;

export function AppRouter() {
  history ??= createPageHistory(matchPages);
  // Updates render at once: a page's code is loaded before its address is pushed.
  return (
    <HistoryRouter history={history} useTransitions={false}>
      <AppRoutes />
    </HistoryRouter>
  );
}
