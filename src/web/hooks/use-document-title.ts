import { createContext, useContext, useEffect } from 'react';
import type { PageHead } from '#shared/drawn-page';
import { t } from '#web/lib/i18n/t';

/** Where the server renders a page, the title and head its page sets, for the HTML's <head>. */
export const ServerTitleContext = createContext<{ title: string; head?: PageHead } | null>(null);

/** Sets "<title> | Gradient Academy", or the default title when none is given, in the page's language. */
export function useDocumentTitle(title?: string | null) {
  const fullTitle = title ? t('shell.documentTitle', { title }) : t('shell.defaultTitle');
  const serverTitle = useContext(ServerTitleContext);
  if (serverTitle) serverTitle.title = fullTitle;
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
}

/**
 * The page's description, preview image, structured data and indexing, for the HTML the server draws:
 * crawlers and link previews read that HTML, so nothing changes in the browser.
 */
export function usePageHead(head: PageHead) {
  const server = useContext(ServerTitleContext);
  if (server) server.head = head;
}
