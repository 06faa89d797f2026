import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type DrawnPageState,
  PAGE_CODE_ID,
  PAGE_STATE_ID,
  type PageCode,
  type PageHead,
  type RenderedPage,
} from '#shared/drawn-page';
import { DEFAULT_LOCALE, LOCALE_PARAMETER, LOCALES, type PageLocale } from '#shared/i18n/locales';
import { DRAWN_PAGES } from '../lib/pages';

/** A page's HTML as sent, and its ETag. */
export type Html = { html: string; etag: string };

export type PageHtml = {
  /** The index.html of a page, with its code named up front. */
  forPage(module: string): Html;
  /**
   * The index.html of a page the server drew: its HTML in #root, its queries' answers, its code loaded
   * after first paint; undefined where this build cannot carry a drawing (no loader, see below).
   */
  drawn(module: string, pathname: string, rendered: RenderedPage, signedIn: boolean): (Html & { signedIn: boolean }) | undefined;
  /** CSP sources (`'sha256-…'`) allowing index.html's inline scripts, and only those. */
  scriptHashes: string[];
  /** The same for a drawn page's loader, where the server draws pages. */
  loaderScriptHashes: string[];
};

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

const etagOf = (html: string) => `"${createHash('sha1').update(html).digest('base64url')}"`;
const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * JSON inside a `<script type="application/json">`: no `<` may end the element or open a comment, whatever
 * a course's text holds (JSON.parse reads the escapes back).
 */
function jsonInScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const unescapeHtml = (text: string) =>
  text.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

const SITE_NAME = 'Gradient Academy';

/**
 * A page's address in a language: English's is the plain one (also every language's `x-default`, where
 * the visitor's cookie or browser chooses), another's carries `?lang=` (docs/product.md, Languages).
 */
export const addressInLocale = (publicUrl: string, pathname: string, locale: PageLocale) =>
  locale === DEFAULT_LOCALE ? `${publicUrl}${pathname}` : `${publicUrl}${pathname}?${LOCALE_PARAMETER}=${locale}`;

/** `<link rel="alternate" hreflang>` for each language and `x-default`: a search engine finds each translation. */
function alternateTags(publicUrl: string, pathname: string) {
  return [
    ...LOCALES.map(
      (locale) =>
        `    <link rel="alternate" hreflang="${locale}" href="${escapeHtml(addressInLocale(publicUrl, pathname, locale))}" />`,
    ),
    `    <link rel="alternate" hreflang="x-default" href="${escapeHtml(`${publicUrl}${pathname}`)}" />`,
  ];
}

/**
 * A drawn page's description, canonical address (its language's), language alternates, Open Graph and
 * Twitter card tags, JSON-LD and robots rule (docs/product.md), for crawlers and link previews, which
 * read the HTML and run nothing.
 */
function headTags(
  title: string,
  head: PageHead | undefined,
  {
    publicUrl,
    pathname,
    siteDescription,
    locale,
  }: { publicUrl: string; pathname: string; siteDescription: string; locale: PageLocale },
) {
  const description = head?.description?.trim() || siteDescription;
  const canonical = addressInLocale(publicUrl, pathname, locale);
  const image = head?.image && (/^https?:\/\//.test(head.image) ? head.image : `${publicUrl}${head.image}`);
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `    <meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    meta('name', 'description', description),
    ...(head?.noindex ? [meta('name', 'robots', 'noindex')] : []),
    `    <link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...(head?.noindex ? [] : alternateTags(publicUrl, pathname)),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    ...(head?.jsonLd ? [`    <script type="application/ld+json">${jsonInScript(head.jsonLd)}</script>`] : []),
  ].join('\n');
}

const MODULE_TAG = /\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;
const DESCRIPTION_TAG = /\s*<meta\s+name="description"\s+content="([^"]*)"\s*\/>/;
const TITLE_TAG = /<title>[\s\S]*?<\/title>/;
const ROOT = '<div id="root"></div>';

/**
 * The built index.html made per page: the entry's imports, and the page's lazy chunk with what it
 * imports beyond them, become `<link rel="modulepreload">`s, so a phone downloads them beside the entry
 * instead of after the entry has run and asked for them (a chain of round trips saved on every first
 * visit; the build leaves preloading to the server, see vite.config.ts). A drawn page instead names them
 * for its loader (src/web/page-loader.ts, which the web build writes beside its manifest), which adds
 * them after first paint. Without a build manifest (a hand-made web dir) every page is index.html as is.
 */
export function loadPageHtml(
  webDir: string,
  { publicUrl = '', locale = DEFAULT_LOCALE }: { publicUrl?: string; locale?: PageLocale } = {},
): PageHtml {
  const read = (file: string) =>
    existsSync(path.join(webDir, file)) ? readFileSync(path.join(webDir, file), 'utf8') : undefined;
  // Each language's build writes its own index.html and manifest beside English's (ADR 0062).
  const isDefault = locale === DEFAULT_LOCALE;
  const html = read(isDefault ? 'index.html' : `index.${locale}.html`) ?? '';
  const loader = read('.vite/page-loader.js');
  const manifest: Manifest = JSON.parse(read(isDefault ? '.vite/manifest.json' : `.vite/manifest.${locale}.json`) ?? '{}');

  const withImports = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) withImports(imported, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loadedByEntry = entryKey ? withImports(entryKey) : new Set<string>();
  const fileOf = (key: string) => `/${manifest[key]?.file}`;

  const plain = { html, etag: etagOf(html) };
  const entry = MODULE_TAG.exec(html)?.[1];
  /** Per page module: its index.html, and its code as a drawn page's loader reads it. */
  const modules = new Map<string, { page: Html; code: string }>();
  const moduleFiles = (module: string) => {
    let made = modules.get(module);
    if (!made) {
      // What the entry imports, and the page's chunk with its imports that the entry does not load itself.
      const preload = [
        ...[...loadedByEntry].filter((key) => key !== entryKey).map(fileOf),
        ...[...withImports(module)].filter((key) => !loadedByEntry.has(key)).map(fileOf),
      ];
      const links = preload.map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`).join('');
      const page = html.replace('</head>', `${links}  </head>`);
      const code: PageCode = { entry: entry ?? '', preload, start: DRAWN_PAGES[module]?.start ?? 'shown' };
      made = { page: { html: page, etag: etagOf(page) }, code: jsonInScript(code) };
      modules.set(module, made);
    }
    return made;
  };

  // A drawn page's shell: no module script or preload (the loader adds them after first paint), and
  // its own description (and the rest of its head) where index.html has the site's.
  const shell = html
    .replace(MODULE_TAG, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  const siteDescription = unescapeHtml(DESCRIPTION_TAG.exec(shell)?.[1] ?? '');
  const drawnShell = shell.replace(DESCRIPTION_TAG, '');
  const canDraw = loader !== undefined && entry !== undefined && TITLE_TAG.test(drawnShell) && drawnShell.includes(ROOT);
  const drawings = new WeakMap<RenderedPage, Html & { signedIn: boolean }>();

  return {
    scriptHashes: [...html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)].map(([, body = '']) =>
      scriptHash(body),
    ),
    loaderScriptHashes: loader === undefined ? [] : [scriptHash(loader)],
    forPage: (module) => (manifest[module] ? moduleFiles(module).page : plain),
    drawn(module, pathname, rendered, signedIn) {
      const made = drawings.get(rendered);
      if (made?.signedIn === signedIn) return made;
      if (!canDraw) return undefined;
      const title = rendered.title || SITE_NAME;
      const state: DrawnPageState = { signedIn, queries: rendered.queries };
      const drawnHtml = drawnShell
        .replace(
          TITLE_TAG,
          () =>
            `<title>${escapeHtml(title)}</title>\n${headTags(title, rendered.head, { publicUrl, pathname, siteDescription, locale })}`,
        )
        .replace(ROOT, () =>
          [
            `<div id="root">${rendered.html}</div>`,
            `    <script type="application/json" id="${PAGE_STATE_ID}">${jsonInScript(state)}</script>`,
            `    <script type="application/json" id="${PAGE_CODE_ID}">${moduleFiles(module).code}</script>`,
            `    <script>${loader}</script>`,
          ].join('\n'),
        );
      const result = { html: drawnHtml, etag: etagOf(drawnHtml), signedIn };
      drawings.set(rendered, result);
      return result;
    },
  };
}

/** Each language's pages, for the languages this build holds (English always; the pseudo-locale in tests). */
export type LocalizedPages = {
  /** The language's pages, or English's where the build has no such language. */
  in(locale: PageLocale): PageHtml;
  scriptHashes: string[];
  loaderScriptHashes: string[];
};

export function loadLocalizedPages(
  webDir: string,
  { publicUrl = '', locales }: { publicUrl?: string; locales: readonly PageLocale[] },
): LocalizedPages {
  const english = loadPageHtml(webDir, { publicUrl });
  const byLocale = new Map<PageLocale, PageHtml>([[DEFAULT_LOCALE, english]]);
  for (const locale of locales) {
    if (locale !== DEFAULT_LOCALE && existsSync(path.join(webDir, `index.${locale}.html`))) {
      byLocale.set(locale, loadPageHtml(webDir, { publicUrl, locale }));
    }
  }
  const unique = (hashes: string[]) => [...new Set(hashes)];
  return {
    in: (locale) => byLocale.get(locale) ?? english,
    scriptHashes: unique([...byLocale.values()].flatMap((pages) => pages.scriptHashes)),
    loaderScriptHashes: unique([...byLocale.values()].flatMap((pages) => pages.loaderScriptHashes)),
  };
}
