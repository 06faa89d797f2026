import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_LOCALE, LOCALES, type PageLocale, PSEUDO_LOCALE } from './src/shared/i18n/locales';
import { BARE_PAGES, PAGES } from './src/shared/page-modules';
import { PYODIDE_FILES, PYODIDE_PATH } from './src/shared/pyodide';
import { inlineMessages } from './tools/vite/inline-messages';
import { reactRouterTreeShaking } from './tools/vite/react-router-tree-shaking';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '5000'}`;
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/objects': { target: apiTarget, changeOrigin: true },
};

/** `#web/lib/utils` is `src/web/lib/utils`: no deep `../../../` paths in the web app (tsconfig's paths say the same). */
export const webAlias = [{ find: /^#web\/(.*)$/, replacement: `${fileURLToPath(new URL('./src/web', import.meta.url))}/$1` }];

// react-router's package exports point at its development build, which differs from dist/production
// only in shipping its dev warnings; the app's bundle takes the production one.
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
};

// The theme bootstrap runs inline, before first paint: as a file it was a render-blocking request, a
// round trip before a phone could show anything. The server allows it by its hash (src/server/plugins/page-html.ts).
const THEME_BOOTSTRAP_TAG = '<script src="/theme-init.js"></script>';
const inlineThemeBootstrap = {
  name: 'inline-theme-bootstrap',
  transformIndexHtml(html: string) {
    if (!html.includes(THEME_BOOTSTRAP_TAG)) throw new Error(`index.html lost ${THEME_BOOTSTRAP_TAG}`);
    const source = readFileSync(new URL('./src/web/theme-init.js', import.meta.url), 'utf8');
    const script = source.replace(/^\s*\/\/.*\n/gm, '').trim();
    return html.replace(THEME_BOOTSTRAP_TAG, `<script>${script}</script>`);
  },
};

/**
 * A drawn page's loader (src/web/page-loader.ts) as one classic script of its own, beside the build
 * manifest: the server inlines it in every page it draws and allows it by the hash of these bytes
 * (src/server/plugins/page-html.ts).
 */
const pageLoader: Plugin = {
  name: 'page-loader',
  apply: 'build',
  async generateBundle() {
    const { outputFiles } = await esbuild({
      entryPoints: [fileURLToPath(new URL('./src/web/page-loader.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      minify: true,
      logLevel: 'warning',
    });
    this.emitFile({ type: 'asset', fileName: '.vite/page-loader.js', source: outputFiles[0]?.text.trim() ?? '' });
  },
};

const pyodideDir = fileURLToPath(new URL('./node_modules/pyodide/', import.meta.url));
const pyodideVersion = (JSON.parse(readFileSync(`${pyodideDir}package.json`, 'utf8')) as { version: string }).version;
const PYODIDE_TYPES: Record<string, string> = {
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.json': 'application/json',
};

/**
 * Python in the learner's browser (src/web/lib/python/, ADR 0053) starts from the `pyodide` package's
 * own files, served from this origin at /pyodide/<version>/: the build copies them there (the server
 * sends them as built assets, compressed by scripts/precompress.mjs) and the dev server reads them from
 * node_modules. Nothing comes from a CDN.
 */
const pyodideFiles: Plugin = {
  name: 'pyodide-files',
  configureServer(server) {
    server.middlewares.use(`${PYODIDE_PATH}${pyodideVersion}/`, (request, response, next) => {
      const file = PYODIDE_FILES.find((name) => request.url === `/${name}`);
      if (!file) return next();
      response.setHeader('content-type', PYODIDE_TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream');
      response.end(readFileSync(`${pyodideDir}${file}`));
    });
  },
  generateBundle() {
    for (const file of PYODIDE_FILES) {
      this.emitFile({
        type: 'asset',
        fileName: `${PYODIDE_PATH.slice(1)}${pyodideVersion}/${file}`,
        source: readFileSync(`${pyodideDir}${file}`),
      });
    }
  },
};

const PAGE_CODE_ID = 'virtual:page-code';
const pageFile = (module: string) => fileURLToPath(new URL(`./src/web/app/routes/${module}.tsx`, import.meta.url));

/**
 * `virtual:page-code` is the page table (src/shared/page-modules.ts) with each module as a lazy import of
 * its file: the router makes its routes from the same table as the server, each page a chunk of its own,
 * and the browser carries no module names. A page module without a default export fails the build.
 */
const pageCode: Plugin = {
  name: 'page-code',
  resolveId: (id) => (id === PAGE_CODE_ID ? `\0${PAGE_CODE_ID}` : null),
  load(id) {
    if (id !== `\0${PAGE_CODE_ID}`) return null;
    const loaders = (table: Readonly<Record<string, string>>) =>
      Object.entries(table)
        .map(([path, module]) => `  ${JSON.stringify(path)}: () => import(${JSON.stringify(pageFile(module))}),`)
        .join('\n');
    return `export const PAGES = {\n${loaders(PAGES)}\n};\nexport const BARE_PAGES = {\n${loaders(BARE_PAGES)}\n};\n`;
  },
  generateBundle(_, bundle) {
    const files = new Set([...Object.values(PAGES), ...Object.values(BARE_PAGES)].map(pageFile));
    for (const chunk of Object.values(bundle)) {
      if (chunk.type === 'chunk' && files.has(chunk.facadeModuleId ?? '') && !chunk.exports.includes('default')) {
        this.error(`${chunk.facadeModuleId} has no default export: a page module's default export is its page`);
      }
    }
  },
};

/** The pages a visitor meets first, held to 120 KB of gzip JavaScript (tests/e2e/js-budget.spec.ts). */
const FIRST_VISIT_PAGES = [
  '/app/routes/catalog/home.tsx',
  '/app/routes/catalog/course-detail.tsx',
  '/app/routes/catalog/course-search.tsx',
  '/app/routes/learn/learn.tsx',
];

type ModuleGraph = { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null };

/**
 * Modules that first-visit pages load through their static imports, and the entry does not, are
 * chunked by which of those pages load them (`course-detail+home`, `learn`, …), so each such page
 * fetches a few files. Left to the bundler, they made a dozen small chunks a page, shared with pages
 * outside the budget: that cost each budgeted page ~1.5–3 KB more gzip than the same code in a few
 * files (each file's compression starts from nothing). Icons join them through lucideIconsByPath.
 */
function firstVisitChunk(id: string, graph: ModuleGraph): string | null {
  const pages = new Set<string>();
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    const info = graph.getModuleInfo(current);
    if (!info || info.isEntry) return null;
    const page = FIRST_VISIT_PAGES.find((candidate) => current.replaceAll('\\', '/').endsWith(candidate));
    if (page) pages.add(page);
    else queue.push(...info.importers);
  }
  if (pages.size === 0) return null;
  return [...pages]
    .sort()
    .map((page) => page.replace(/^.*\/(.*)\.tsx$/, '$1'))
    .join('+');
}

/** Each lucide icon's file, by every name the package exports it under (`Star`, `StarIcon`, `LucideStar`). */
function readLucideIconFiles(): Map<string, string> {
  // The ES module barrel: resolving 'lucide-react' here, in Node, would give its CommonJS build.
  const barrel = readFileSync(
    fileURLToPath(new URL('./node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url)),
    'utf8',
  );
  const files = new Map<string, string>();
  for (const [, names, file] of barrel.matchAll(/export \{([^}]+)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g)) {
    for (const name of (names ?? '').matchAll(/default as (\w+)/g)) files.set(name[1] as string, file as string);
  }
  return files;
}

/**
 * `import { Star } from 'lucide-react'` becomes `import Star from 'lucide-react/icons/star'` (the
 * package's own per-icon export). Through the barrel, every icon looked imported by everything that
 * imports any icon, app shell included, so each came in a file of its own (~0.1 KB of gzip overhead
 * apiece, a dozen on a page); by its own path an icon joins its pages' chunk (firstVisitChunk). An
 * import naming anything that is not an icon is left as it is.
 */
const lucideIconsByPath = (): Plugin => {
  let iconFiles: Map<string, string> | undefined;
  return {
    name: 'lucide-icons-by-path',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/web\/.*\.tsx?$/.test(id.replaceAll('\\', '/')) || !code.includes("from 'lucide-react'")) return null;
      iconFiles ??= readLucideIconFiles();
      const files = iconFiles;
      const rewritten = code.replace(/import \{([^}]+)\} from 'lucide-react';/g, (whole, names: string) => {
        const imports: string[] = [];
        for (const part of names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)) {
          if (part.startsWith('type ')) continue;
          const [imported = '', local = imported] = part.split(/\s+as\s+/);
          const file = files.get(imported);
          if (!file) return whole;
          imports.push(`import ${local} from 'lucide-react/icons/${file}';`);
        }
        return imports.join(' ');
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
};

/**
 * The language this build of the browser's code speaks (ADR 0062): scripts/build-web.mjs builds each,
 * English first. The others are written beside it: the same hashed asset files where their bytes are
 * the same, and their own index.<locale>.html and .vite/manifest.<locale>.json.
 */
const webLocale = (process.env.WEB_LOCALE ?? DEFAULT_LOCALE) as PageLocale;
if (webLocale !== PSEUDO_LOCALE && !(LOCALES as readonly string[]).includes(webLocale)) {
  throw new Error(`WEB_LOCALE=${webLocale}: not one of ${LOCALES.join(', ')}, ${PSEUDO_LOCALE}`);
}
const isDefaultLocale = webLocale === DEFAULT_LOCALE;

/** Another language's index.html, written as index.<locale>.html beside the default one. */
const localeIndexHtml: Plugin = {
  name: 'locale-index-html',
  apply: 'build',
  enforce: 'post',
  generateBundle(_, bundle) {
    const html = bundle['index.html'];
    if (html) html.fileName = `index.${webLocale}.html`;
  },
};

/** DIST_DIR lets parallel builds (one per engineer or CI job) stay out of each other's way. */
const distDir = (part: string) => fileURLToPath(new URL(`./${process.env.DIST_DIR ?? 'dist'}/${part}`, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: { alias: command === 'build' ? [...webAlias, reactRouterProduction] : webAlias },
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: isSsrBuild ? false : 'public',
  plugins: [
    lucideIconsByPath(),
    reactRouterTreeShaking(),
    react(),
    tailwindcss(),
    inlineThemeBootstrap,
    pageCode,
    ...(isSsrBuild ? [] : [inlineMessages(webLocale)]),
    // The loader and Pyodide's files are the same in every language: the default build writes them.
    ...(isSsrBuild ? [] : isDefaultLocale ? [pageLoader, pyodideFiles] : [localeIndexHtml]),
  ],
  // Python's worker loads Pyodide's ES modules (src/web/lib/python/python.worker.ts): a module worker.
  worker: { format: 'es' as const },
  // The server renders with React's production build whatever NODE_ENV it runs under (its development
  // build renders a page several times slower): the renderer carries its own copy of every package.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') }, ssr: { noExternal: true } } : {}),
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: isSsrBuild
    ? {
        // The server's renderer of first views (`vite build --ssr entry-server.tsx`, ADR 0019): the same
        // components as an ES module for Node.
        outDir: distDir('ssr'),
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { output: { format: 'es' } },
      }
    : {
        // The JavaScript budget test (tests/e2e/js-budget.spec.ts) reads which files each page loads.
        manifest: isDefaultLocale ? true : `.vite/manifest.${webLocale}.json`,
        // No preload helper in the bundle: its lists of every lazy chunk's imports cost each budgeted page
        // ~1.5 KB of gzip (issue 8). The server names a page's code in its HTML from the build manifest
        // (src/server/plugins/page-html.ts); a later page's imports load once its chunk is read.
        modulePreload: false,
        outDir: distDir('web'),
        emptyOutDir: isDefaultLocale,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // What every page needs before it can show anything (React, the router, TanStack Query, class
                // names): one long-cached chunk, which also gzips smaller than the same code in several files.
                {
                  name: 'react-vendor',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|tailwind-merge|clsx|class-variance-authority)[\\/]/,
                  priority: 20,
                },
                // The rest of what the entry loads before it starts (cn, lucide's icon maker, the spinner's icon)
                // joins the entry itself: left to the bundler, pages shared them with it as three files of their
                // own, ~0.6 KB of gzip more on every page (each file's compression starts from nothing).
                { name: 'index', tags: ['$initial'], priority: 12 },
                {
                  name: firstVisitChunk,
                  debugName: 'first-visit pages',
                  includeDependenciesRecursively: false,
                  minShareCount: 2,
                  priority: 10,
                },
                // The rich-text editor: only creators' forms load it, under a name that says what it is.
                {
                  name: 'tiptap-vendor',
                  test: /[\\/]node_modules[\\/](@tiptap|prosemirror-[^\\/]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/,
                  priority: 15,
                },
              ],
            },
          },
        },
      },
}));
