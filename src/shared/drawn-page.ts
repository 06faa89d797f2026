/*
 * What passes between the server's page renderer (src/web/entry-server.tsx), the server that sends a
 * drawn page (src/server/plugins/page-html.ts), the page's loader (src/web/page-loader.ts) and the
 * browser that takes it over (src/web/main.tsx), ADR 0019. Types and names only.
 */

/** A query's key and its answer, as TanStack Query holds them. */
export type DrawnQuery = [readonly unknown[], unknown];

/** A page the server drew. */
export type RenderedPage = {
  /** What goes inside #root. */
  html: string;
  /** The page's <title>, as useDocumentTitle sets it. */
  title: string;
  /** What search engines and link previews read (usePageHead); absent: the site's defaults. */
  head?: PageHead;
  /** Every query the page read, with its answer: the browser starts from them and draws the same page. */
  queries: DrawnQuery[];
};

/** A drawn page's description, preview image, structured data and whether it may be indexed. */
export type PageHead = {
  description?: string;
  /** A same-site path or an absolute address. */
  image?: string | null;
  /** schema.org data, sent as JSON-LD. */
  jsonLd?: Record<string, unknown>;
  /** Drafts, archived courses, Learn: never listed by a search engine. */
  noindex?: boolean;
};

/** A render's outcome (no page: the browser draws it), and the milliseconds it held the event loop. */
export type PageRender = { page: RenderedPage | null; renderMs: number };

/** The state a drawn page carries: who it was drawn for, and its queries' answers. */
export type DrawnPageState = { signedIn: boolean; queries: DrawnQuery[] };

/** The code a drawn page's loader adds (src/web/page-loader.ts): the entry, what to preload beside it, and when. */
export type PageCode = { entry: string; preload: string[]; start: 'engaged' | 'shown' };

/** The ids of a drawn page's JSON scripts: its state, and the code the loader adds. */
export const PAGE_STATE_ID = 'page-state';
export const PAGE_CODE_ID = 'page-code';
