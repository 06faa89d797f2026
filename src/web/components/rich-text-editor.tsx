import { lazy, Suspense } from 'react';
import { t } from '#web/lib/i18n/t';
import type { RichTextEditorProps } from './rich-text-editor-tiptap';
import { Skeleton } from './ui/skeleton';

// Tiptap and ProseMirror are the app's largest dependency and only creators' forms need them, so they
// arrive in their own chunk when a form first renders an editor, never with the catalogue.
const TiptapRichTextEditor = lazy(() => import('./rich-text-editor-tiptap'));

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorLoading />}>
      <TiptapRichTextEditor {...props} />
    </Suspense>
  );
}

function EditorLoading() {
  return (
    <div role="status" className="grid gap-0 overflow-hidden rounded-lg border border-input">
      <span className="sr-only">{t('shell.loadingEditor')}</span>
      <Skeleton className="h-10 rounded-none border-b" />
      <Skeleton className="h-36 rounded-none opacity-60" />
    </div>
  );
}
