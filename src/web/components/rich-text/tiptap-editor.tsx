import { BackgroundColor, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Highlighter, Italic, List, ListOrdered, RemoveFormatting, Underline } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { cn } from '#web/lib/utils';
import type { RichTextEditorProps } from './types';

const SIZES = [
  { label: 'Normal', value: '' },
  { label: 'Small', value: '14px' },
  { label: 'Large', value: '20px' },
  { label: 'Huge', value: '28px' },
];
const BACKGROUNDS = [
  { label: 'No background', value: '' },
  { label: 'Yellow', value: '#fef08a' },
  { label: 'Green', value: '#bbf7d0' },
  { label: 'Blue', value: '#bfdbfe' },
  { label: 'Pink', value: '#fbcfe8' },
];

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active ?? undefined}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        active && 'bg-accent text-accent-foreground',
      )}
    >
      {children}
    </button>
  );
}

const selectClass =
  'h-8 rounded-md border border-input bg-background px-2 text-xs text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** SPEC §2 and the issue: size, bold, italic, underline, lists, background colour and clean. */
export default function TiptapEditor({
  value,
  onChange,
  lists = true,
  labelledBy,
  'aria-label': ariaLabel,
  placeholder,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        code: false,
        link: false,
        ...(lists ? {} : { bulletList: false, orderedList: false, listItem: false, listKeymap: false }),
      }),
      TextStyle,
      FontSize,
      BackgroundColor,
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
        class:
          'rich-text min-h-32 max-w-none px-3 py-2 text-sm focus:outline-none [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      fontSize: (current.getAttributes('textStyle').fontSize as string | undefined) ?? '',
      background: (current.getAttributes('textStyle').backgroundColor as string | undefined) ?? '',
    }),
  });

  // A form reset or loaded data replaces the content; typing does not come back through here.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const chain = () => editor.chain().focus();
  return (
    <div className="rounded-md border border-input bg-background focus-within:ring-2 focus-within:ring-ring">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-1 border-b p-1">
        <select
          aria-label="Text size"
          className={selectClass}
          value={state.fontSize}
          onChange={(event) =>
            event.target.value ? chain().setFontSize(event.target.value).run() : chain().unsetFontSize().run()
          }
        >
          {SIZES.map((size) => (
            <option key={size.label} value={size.value}>
              {size.label}
            </option>
          ))}
        </select>
        <ToolButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
          <Bold className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
          <Italic className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Underline" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
          <Underline className="size-4" aria-hidden="true" />
        </ToolButton>
        {lists ? (
          <>
            <ToolButton label="Numbered list" active={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
              <ListOrdered className="size-4" aria-hidden="true" />
            </ToolButton>
            <ToolButton label="Bulleted list" active={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
              <List className="size-4" aria-hidden="true" />
            </ToolButton>
          </>
        ) : null}
        <label className="flex items-center gap-1">
          <Highlighter className="size-4 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">Background colour</span>
          <select
            className={selectClass}
            value={state.background}
            onChange={(event) =>
              event.target.value ? chain().setBackgroundColor(event.target.value).run() : chain().unsetBackgroundColor().run()
            }
          >
            {BACKGROUNDS.map((background) => (
              <option key={background.label} value={background.value}>
                {background.label}
              </option>
            ))}
          </select>
        </label>
        <ToolButton label="Clear formatting" onClick={() => chain().unsetAllMarks().clearNodes().run()}>
          <RemoveFormatting className="size-4" aria-hidden="true" />
        </ToolButton>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
