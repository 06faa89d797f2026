import type { App } from '#server/app';

/** A route as Fastify registers it: `METHOD /path/:param` (a wildcard stays `*`). */
export type RouteKey = `${string} ${string}`;

/**
 * Every route the app serves, hidden ones included (the docs UI, HEAD twins of GET routes), read from
 * Fastify's router. Fastify has no route-list API after start-up, so this reads its radix-tree print:
 * each line is one node, its indentation its depth, and a route's path is the labels from the root
 * down to it, joined (`└── /` → `api/` → `courses` → `/` → `:id (GET, HEAD)`).
 */
export function registeredRoutes(app: App): RouteKey[] {
  const routes: RouteKey[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const [, indent = '', label = '', methods] = node;
    const depth = indent.length / 4;
    const path = (pathAtDepth[depth - 1] ?? '') + label;
    pathAtDepth[depth] = path;
    for (const method of methods?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return [...new Set(routes)].sort();
}

/** The operations of the app's OpenAPI document, in the router's notation (`{id}` → `:id`, `{*}` → `*`). */
export function documentedRoutes(app: App): RouteKey[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths ?? {})
    .flatMap(([path, operations]) => {
      const routerPath = path.replace(/\{\*\}/g, '*').replace(/\{([^}]+)\}/g, ':$1');
      return Object.keys(operations).map((method): RouteKey => `${method.toUpperCase()} ${routerPath}`);
    })
    .sort();
}

/** Whether a request URL is one the route's path pattern describes (`:id` one segment, `*` the rest). */
export function urlFitsRoute(url: string, routePath: string): boolean {
  const pathname = new URL(url, 'http://matrix.test').pathname;
  const pattern = routePath
    .split(/(:[A-Za-z]+|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`).test(pathname);
}
