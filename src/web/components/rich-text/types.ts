export interface RichTextEditorProps {
  /** HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  /** Slides have no lists (SPEC: the slide editor's toolbar). */
  lists?: boolean;
  /** Given to the editable area, so a <label htmlFor> names it. */
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
}
