import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pageModuleFor } from '#shared/page-modules';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type PageHtml = {
  /** The index.html for an address, with its page's code named up front; and its ETag. */
  forPath(pathname: string): { html: string; etag: string };
  /** CSP sources (`'sha256-…'`) allowing index.html's inline scripts, and only those. */
  scriptHashes: string[];
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
 * The built index.html made per page: the page's lazy chunk and what it imports, beyond the entry's
 * own, become `<link rel="modulepreload">`s, so a phone downloads them beside the entry instead of
 * after the entry has run and asked for them (a round trip and a chain of requests saved on every
 * first visit). Without a build manifest (a hand-made web dir) every address gets index.html as is.
 */
export function loadPageHtml(webDir: string): PageHtml {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const plain = { html, etag: etagOf(html) };
  const scriptHashes = inlineScriptHashes(html);
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return { forPath: () => plain, scriptHashes };

  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const withImports = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) withImports(imported, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loadedByEntry = entryKey ? withImports(entryKey) : new Set<string>();

  const pages = new Map<string, { html: string; etag: string }>();
  return {
    scriptHashes,
    forPath(pathname) {
      const module = pageModuleFor(pathname);
      if (!module || !manifest[module]) return plain;
      let page = pages.get(module);
      if (!page) {
        const links = [...withImports(module)]
          .filter((key) => !loadedByEntry.has(key))
          .map((key) => `    <link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">\n`)
          .join('');
        const pageHtml = html.replace('</head>', `${links}  </head>`);
        page = { html: pageHtml, etag: etagOf(pageHtml) };
        pages.set(module, page);
      }
      return page;
    },
  };
}
