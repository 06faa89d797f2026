import { useEffect } from 'react';

export const APP_NAME = 'Gradient Academy';
const DEFAULT_TITLE = `${APP_NAME} — AI & Machine Learning Courses`;

/** Sets `${title} | Gradient Academy`, or the default title when none is given. */
export function useDocumentTitle(title?: string | null) {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : DEFAULT_TITLE;
  }, [title]);
}
