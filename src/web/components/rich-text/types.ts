export interface RichTextEditorProps {
  /** HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  /** Slides have no lists (SPEC: the slide editor's toolbar). */
  lists?: boolean;
  /** The id of the visible label that names the editable area (a div, which <label for> cannot name). */
  labelledBy?: string;
  'aria-label'?: string;
  placeholder?: string;
}
