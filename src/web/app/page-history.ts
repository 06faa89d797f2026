import { parsePath, type To, UNSAFE_createBrowserHistory } from 'react-router';
import type { LazyPage } from './lazy-page';
import type { RouteMatcher } from './route-matcher';

/** Route handle of a lazily loaded page. */
export type PageHandle = LazyPage['handle'];

/**
 * Browser history that changes the address only once the next page's code is here, as the data router
 * did: the current page stays (with the loading bar) instead of a spinner, and the address never names
 * a page that is not shown yet. Back and forward cannot wait; they show the spinner if needed.
 */
export function createPageHistory(matchPages: RouteMatcher) {
  const history = UNSAFE_createBrowserHistory({ v5Compat: true });
  let latestNavigation = 0;
  window.addEventListener('popstate', () => {
    latestNavigation++;
  });

  const pagesOf = (to: To) => {
    const pathname = (typeof to === 'string' ? parsePath(to) : to).pathname ?? history.location.pathname;
    return (matchPages(pathname) ?? []).flatMap(({ route }) => (route.handle ? [route.handle as PageHandle] : []));
  };

  const whenPagesLoaded = (to: To, navigate: () => void) => {
    const navigation = ++latestNavigation;
    const pages = pagesOf(to);
    if (pages.every((page) => page.isLoaded())) return navigate();
    // A failed load navigates too, so the page's error boundary can say what happened.
    const go = () => navigation === latestNavigation && navigate();
    Promise.all(pages.map((page) => page.preload())).then(go, go);
  };

  // The first page's code starts loading before React renders anything.
  for (const page of pagesOf(history.location)) page.preload().catch(() => {});

  return Object.assign(Object.create(history) as typeof history, {
    push: (to: To, state?: unknown) => whenPagesLoaded(to, () => history.push(to, state)),
    replace: (to: To, state?: unknown) => whenPagesLoaded(to, () => history.replace(to, state)),
  });
}
