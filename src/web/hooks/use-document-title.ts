import { createContext, useContext, useEffect } from 'react';

export const APP_NAME = 'Gradient Academy';
const DEFAULT_TITLE = `${APP_NAME} — AI & Machine Learning Courses`;

/** Where the server renders a page, the title its page sets, for the HTML's <title>. */
export const ServerTitleContext = createContext<{ title: string } | null>(null);

/** Sets `${title} | Gradient Academy`, or the default title when none is given. */
export function useDocumentTitle(title?: string | null) {
  const fullTitle = title ? `${title} | ${APP_NAME}` : DEFAULT_TITLE;
  const serverTitle = useContext(ServerTitleContext);
  if (serverTitle) serverTitle.title = fullTitle;
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
}
