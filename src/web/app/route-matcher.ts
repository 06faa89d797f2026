import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

/** A handful of addresses: the page, the one a link leads to, and back. */
const REMEMBERED_ADDRESSES = 16;

/**
 * `matchRoutes` for one route table, remembering its answers by address. React Router flattens and
 * ranks the whole table on every call; a page's start-up asked it three times for the same address
 * (preloading the page's code, the history, the render), each a cold pass through the table that
 * Lighthouse counted as blocking time on a phone (issue 23).
 */
export function createRouteMatcher(routes: RouteObject[]) {
  const remembered = new Map<string, RouteMatch[] | null>();
  return (pathname: string): RouteMatch[] | null => {
    const known = remembered.get(pathname);
    if (known !== undefined) return known;
    const matches = matchRoutes(routes, pathname);
    if (remembered.size >= REMEMBERED_ADDRESSES) remembered.delete(remembered.keys().next().value as string);
    remembered.set(pathname, matches);
    return matches;
  };
}

export type RouteMatcher = ReturnType<typeof createRouteMatcher>;
