import type { Plugin } from 'vite';

/*
 * React Router's production build kept ~2.5 KB of gzip in every page's first load that the app never
 * runs (issue 40, JavaScript budget). Its one ES module assigns `displayName` to its components and
 * contexts, and calls `React.forwardRef`, `React.createContext` and `React.memo` at its top level
 * without a pure annotation: to the bundler each of those is a side effect, so NavLink, Form, the
 * fetchers and all they use stayed whether imported or not. This transform marks those calls pure and
 * drops the names (React reads `displayName` only in development), so the unused ones go.
 *
 * Two components are replaced by what they do outside framework mode (the app is in declarative mode,
 * docs/performance.md): `PrefetchPageLinks`, which `<Link prefetch>` renders only under the framework's
 * context (`usePrefetchBehavior` never asks for it otherwise), and `RSCErrorHandler`, which a route's
 * error boundary renders only under a React Server Components router. Both pulled in route-module
 * loading and redirect handling that declarative mode never reaches.
 *
 * Each rewrite must match: after an upgrade that changes the file, the build fails here instead of
 * quietly keeping the code.
 */

const ROUTER_FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[A-Z0-9]+\.mjs$/;

type Rewrite = { what: string; pattern: RegExp; replacement: string };

const REWRITES: Rewrite[] = [
  {
    what: 'top-level displayName assignments',
    pattern: /^[A-Za-z0-9_$]+\.displayName = "[^"\n]*";$/gm,
    replacement: '',
  },
  {
    what: "React's forwardRef, createContext and memo calls",
    pattern: /(?<![\w$.])(React\d*\.(?:forwardRef|createContext|memo)\()/g,
    replacement: '/* @__PURE__ */ $1',
  },
  {
    what: 'PrefetchPageLinks',
    pattern: /^function PrefetchPageLinks\(\{ page, \.\.\.linkProps \}\) \{$/m,
    replacement:
      'function PrefetchPageLinks() {\n  return null;\n}\nfunction FrameworkPrefetchPageLinks({ page, ...linkProps }) {',
  },
  {
    what: 'RSCErrorHandler',
    pattern: /^function RSCErrorHandler\(\{$/m,
    replacement: 'function RSCErrorHandler({ children }) {\n  return children;\n}\nfunction ServerComponentsErrorHandler({',
  },
];

export function reactRouterTreeShaking(): Plugin {
  let routerFiles = 0;
  let rewrittenFiles = 0;
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      routerFiles = 0;
      rewrittenFiles = 0;
    },
    transform(code, id) {
      if (!ROUTER_FILE.test(id)) return null;
      routerFiles++;
      // The package splits its build in two files: the components are in the one that defines Link.
      if (!code.includes('var Link = React')) return null;
      rewrittenFiles++;
      let rewritten = code;
      for (const { what, pattern, replacement } of REWRITES) {
        if (!pattern.test(rewritten))
          this.error(`react-router-tree-shaking: no ${what} in ${id}; check this transform against the new version`);
        pattern.lastIndex = 0;
        rewritten = rewritten.replace(pattern, replacement);
      }
      return { code: rewritten, map: null };
    },
    buildEnd(error) {
      if (!error && routerFiles > 0 && rewrittenFiles === 0) {
        this.error(
          "react-router-tree-shaking: none of react-router's files defines Link; check this transform against the new version",
        );
      }
    },
  };
}
