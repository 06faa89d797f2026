import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type DrawnPageState, PAGE_CODE_ID, PAGE_STATE_ID, type PageHead, type RenderedPage } from '#shared/drawn-page';
import { PAGES_STARTED_ON_ENGAGEMENT, pageModuleFor } from '#shared/page-modules';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type PageHtml = {
  /** The index.html for an address, with its page's code named up front; and its ETag. */
  forPath(pathname: string): { html: string; etag: string };
  /** The index.html of a page the server drew: its HTML in #root, its queries' answers, its code loaded after first paint. */
  forRenderedPage(pathname: string, page: RenderedPage, signedIn: boolean): { html: string; etag: string; signedIn: boolean };
  /** CSP sources (`'sha256-…'`) allowing index.html's inline scripts, and only those. */
  scriptHashes: string[];
  /** The same for a drawn page's loader (src/web/page-loader.ts, built beside the manifest), where the server draws pages. */
  loaderScriptHashes: string[];
};

const etagOf = (html: string) => `"${createHash('sha1').update(html).digest('base64url')}"`;

/** The inline scripts of an HTML document (not `src=` ones, not data blocks), as CSP hash sources. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*"application\/(?:ld\+)?json"/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * JSON inside a `<script type="application/json">`: no `<` may end the element or open a comment, whatever
 * a course's text holds (JSON.parse reads the escapes back).
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const DESCRIPTION_TAG = /\s*<meta\s+name="description"\s+content="([^"]*)"\s*\/>/;
const SITE_NAME = 'Gradient Academy';

/**
 * A drawn page's description, canonical address, Open Graph and Twitter card tags, JSON-LD and
 * robots rule (DECISIONS §8), for crawlers and link previews, which read the HTML and run nothing.
 */
export function headTags({
  title,
  head,
  pathname,
  publicUrl,
  defaultDescription,
}: {
  title: string;
  head: PageHead | undefined;
  pathname: string;
  publicUrl: string;
  defaultDescription: string;
}): string {
  const description = head?.description?.trim() || defaultDescription;
  const canonical = `${publicUrl}${pathname}`;
  const image = head?.image ? (/^https?:\/\//.test(head.image) ? head.image : `${publicUrl}${head.image}`) : null;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `    <meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    meta('name', 'description', description),
    ...(head?.noindex ? [meta('name', 'robots', 'noindex')] : []),
    `    <link rel="canonical" href="${escapeHtml(canonical)}" />`,
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

/**
 * The built index.html made per page: the entry's imports, and the page's lazy chunk with what it
 * imports beyond them, become `<link rel="modulepreload">`s, so a phone downloads them beside the entry
 * instead of after the entry has run and asked for them (a chain of round trips saved on every first
 * visit; the build leaves preloading to the server, see vite.config.ts). Without a build manifest (a
 * hand-made web dir) every address gets index.html as is.
 */
export function loadPageHtml(webDir: string, { publicUrl = '' }: { publicUrl?: string } = {}): PageHtml {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const plain = { html, etag: etagOf(html) };
  const scriptHashes = inlineScriptHashes(html);
  const loaderFile = path.join(webDir, '.vite', 'page-loader.js');
  const loader = existsSync(loaderFile) ? readFileSync(loaderFile, 'utf8') : undefined;
  const loaderScriptHashes = loader === undefined ? [] : inlineScriptHashes(`<script>${loader}</script>`);
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};

  const withImports = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) withImports(imported, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loadedByEntry = entryKey ? withImports(entryKey) : new Set<string>();
  const fileOf = (key: string) => `/${manifest[key]?.file}`;
  /** What the entry imports, and the page module's chunk with its imports that the entry does not load itself. */
  const pageCode = (module: string) => [
    ...[...loadedByEntry].filter((key) => key !== entryKey).map(fileOf),
    ...[...withImports(module)].filter((key) => !loadedByEntry.has(key)).map(fileOf),
  ];

  // A drawn page's shell: no module script or preload in <head> (the loader adds them after first paint).
  const MODULE_TAG = /\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;
  const PRELOAD_TAG = /\s*<link rel="modulepreload"[^>]*>/g;
  const entrySrc = MODULE_TAG.exec(html)?.[1];
  const shell = html
    .replace(MODULE_TAG, '')
    .replace(PRELOAD_TAG, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  // A drawn page says its own description (and the rest of its head) where the shell had the site's.
  const defaultDescription = (DESCRIPTION_TAG.exec(shell)?.[1] ?? '')
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  const [beforeTitle = '', afterTitle = ''] = shell.replace(DESCRIPTION_TAG, '').split(/<title>[\s\S]*?<\/title>/);
  const [beforeRoot = '', afterRoot = ''] = afterTitle.split('<div id="root"></div>');
  const [beforeBodyEnd = '', bodyEnd = ''] = afterRoot.split('</body>');
  const canDraw = loader !== undefined && entrySrc !== undefined && afterTitle !== '' && afterRoot !== '' && bodyEnd !== '';

  const pages = new Map<string, { html: string; etag: string }>();
  /** A drawn page's code list, as its JSON script, made once per page module. */
  const codeScripts = new Map<string, string>();
  const codeScriptFor = (module: string) => {
    let script = codeScripts.get(module);
    if (script === undefined) {
      const start = PAGES_STARTED_ON_ENGAGEMENT.has(module) ? 'engaged' : 'shown';
      script = `<script type="application/json" id="${PAGE_CODE_ID}">${jsonInScript({ entry: entrySrc, preload: pageCode(module), start })}</script>`;
      codeScripts.set(module, script);
    }
    return script;
  };
  const drawn = new WeakMap<RenderedPage, { html: string; etag: string; signedIn: boolean }>();
  return {
    scriptHashes,
    loaderScriptHashes,
    forPath(pathname) {
      const module = pageModuleFor(pathname);
      if (!module || !manifest[module]) return plain;
      let page = pages.get(module);
      if (!page) {
        const links = pageCode(module)
          .map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`)
          .join('');
        const pageHtml = html.replace('</head>', `${links}  </head>`);
        page = { html: pageHtml, etag: etagOf(pageHtml) };
        pages.set(module, page);
      }
      return page;
    },
    forRenderedPage(pathname, page, signedIn) {
      const made = drawn.get(page);
      if (made?.signedIn === signedIn) return made;
      const module = pageModuleFor(pathname);
      if (!canDraw || !module) return { ...this.forPath(pathname), signedIn: false };
      const state: DrawnPageState = { signedIn, queries: page.queries };
      const pageHtml = [
        beforeTitle,
        `<title>${escapeHtml(page.title || SITE_NAME)}</title>\n`,
        headTags({ title: page.title || SITE_NAME, head: page.head, pathname, publicUrl, defaultDescription }),
        beforeRoot,
        `<div id="root">${page.html}</div>\n`,
        `    <script type="application/json" id="${PAGE_STATE_ID}">${jsonInScript(state)}</script>\n`,
        `    ${codeScriptFor(module)}\n`,
        `    <script>${loader}</script>`,
        beforeBodyEnd,
        '</body>',
        bodyEnd,
      ].join('');
      const result = { html: pageHtml, etag: etagOf(pageHtml), signedIn };
      drawn.set(page, result);
      return result;
    },
  };
}
