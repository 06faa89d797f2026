import { lazy, Suspense } from 'react';
import { Skeleton } from './ui/skeleton';

export interface RichTextEditorProps {
  /** HTML; '' when the editor is empty. */
  value: string;
  onChange: (html: string) => void;
  /** Course descriptions have lists; slides do not (SPEC §9). */
  lists?: boolean;
  /** Given to the editable area, so a label can point at it (aria-labelledby, or focus on click). */
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

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
      <span className="sr-only">Loading editor...</span>
      <Skeleton className="h-10 rounded-none border-b" />
      <Skeleton className="h-36 rounded-none opacity-60" />
    </div>
  );
}
