import { lazy, Suspense } from 'react';

// Loaded on demand: only a notebook slide needs the notebook's sanitizer and view.
const NotebookView = lazy(() => import('./notebook-view'));

/** A notebook slide's cells, loading its code only when one is shown. */
export function LazyNotebookView(props: { lessonId: string; notebookUrl: string; title: string }) {
  return (
    <div className="min-w-0">
      <Suspense
        fallback={
          <p role="status" className="text-muted-foreground">
            Loading notebook...
          </p>
        }
      >
        <NotebookView {...props} />
      </Suspense>
    </div>
  );
}
