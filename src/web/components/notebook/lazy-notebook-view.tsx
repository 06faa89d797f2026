import { lazy, Suspense } from 'react';

// Loaded on demand: only a notebook slide needs the notebook's sanitizer and view, which says itself
// that it is loading. For the studio's pages; Learn declares its own (lesson-view.tsx).
const NotebookView = lazy(() => import('./notebook-view'));

/** A notebook slide's cells, loading its code only when one is shown. */
export function LazyNotebookView(props: { lessonId: string; notebookUrl: string }) {
  return (
    <Suspense>
      <NotebookView {...props} />
    </Suspense>
  );
}
