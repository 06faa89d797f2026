import { lazy, Suspense } from 'react';
import { Skeleton } from '#web/components/ui/skeleton';
import type { RichTextEditorProps } from './types';

// Tiptap is a large dependency only the creator's forms need: it loads with them, never with the catalogue.
const TiptapEditor = lazy(() => import('./tiptap-editor'));

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton className="h-44 w-full rounded-md" aria-label="Loading editor" />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}
