import { BackgroundColor, Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { TextSelection } from '@tiptap/pm/state';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Code, Italic, Link2, List, ListOrdered, RemoveFormatting, SquareCode, Underline } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CODE_LANGUAGES, isAllowedHref, LINK_REL, LINK_TARGET } from '#shared/rich-text';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import { LinkForm } from './rich-text-link-form';

// The props live with the editor that takes them: the eager wrapper (rich-text-editor.tsx) imports
// them as a type, so the lazily loaded editor needs nothing from its wrapper (no import cycle).
export interface RichTextEditorProps {
  /** HTML; '' when the editor is empty. */
  value: string;
  onChange: (html: string) => void;
  /**
   * A course description: size, marks, lists and colours (docs/product.md, Publishing and the studio). A slide
   * adds what technical courses need (issue 22): headings, links, inline code and code blocks with a language.
   */
  variant?: 'description' | 'slide';
  /** Given to the editable area, so a label can point at it (aria-labelledby, or focus on click). */
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/** Relative sizes, so a description reads the same in a card and on the course page (as `.ql-size-*`). */
const SIZES = [
  { label: () => t('courseEditor.sizeSmall'), value: '0.85em' },
  { label: () => t('courseEditor.sizeNormal'), value: '' },
  { label: () => t('courseEditor.sizeLarge'), value: '1.35em' },
  { label: () => t('courseEditor.sizeHuge'), value: '1.8em' },
] as const;

/*
 * Each highlight also sets a dark text colour: a pale background under the light text of dark mode
 * would be unreadable wherever the description is shown.
 */
const HIGHLIGHT_TEXT = '#1f2937';
const BACKGROUNDS = [
  { label: () => t('courseEditor.backgroundYellow'), value: '#fef08a' },
  { label: () => t('courseEditor.backgroundGreen'), value: '#bbf7d0' },
  { label: () => t('courseEditor.backgroundBlue'), value: '#bfdbfe' },
  { label: () => t('courseEditor.backgroundPink'), value: '#fbcfe8' },
] as const;

/** The block a slide's paragraph is: body text or one of two heading levels (the slide's title is the page's h2). */
const BLOCKS = [
  { label: () => t('courseEditor.blockParagraph'), value: 'paragraph' },
  { label: () => t('courseEditor.blockHeading'), value: 'h2' },
  { label: () => t('courseEditor.blockSubheading'), value: 'h3' },
] as const;
type Block = (typeof BLOCKS)[number]['value'];

function toolbarState(editor: Editor) {
  const textStyle = editor.getAttributes('textStyle');
  const codeLanguage: unknown = editor.getAttributes('codeBlock').language;
  return {
    block: (editor.isActive('heading', { level: 2 })
      ? 'h2'
      : editor.isActive('heading', { level: 3 })
        ? 'h3'
        : 'paragraph') as Block,
    code: editor.isActive('code'),
    codeBlock: editor.isActive('codeBlock'),
    codeLanguage: typeof codeLanguage === 'string' ? codeLanguage : '',
    link: editor.isActive('link'),
    linkHref: String(editor.getAttributes('link').href ?? ''),
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    orderedList: editor.isActive('orderedList'),
    bulletList: editor.isActive('bulletList'),
    fontSize: typeof textStyle.fontSize === 'string' ? textStyle.fontSize : '',
    background: typeof textStyle.backgroundColor === 'string' ? textStyle.backgroundColor.toLowerCase() : '',
  };
}

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
  className,
  ...aria
}: {
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
  label: string;
  /** Left out for actions that are not toggles (clear formatting). */
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      {...aria}
      disabled={disabled}
      // Keeps the editor's selection: the command applies to the text the author selected.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors',
        'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        'disabled:pointer-events-none disabled:opacity-50 aria-pressed:bg-primary/15 aria-pressed:text-primary',
        className,
      )}
    >
      {children}
    </button>
  );
}

/**
 * Left and right arrows move between the toolbar's controls, as in a word processor's toolbar; in a
 * right-to-left page the toolbar runs from the right, so the arrows swap.
 */
function moveFocusWithArrows(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled), select:not(:disabled)'));
  const index = controls.indexOf(document.activeElement as HTMLElement);
  if (index === -1) return;
  event.preventDefault();
  const forward = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const step = event.key === forward ? 1 : -1;
  controls[(index + step + controls.length) % controls.length]?.focus();
}

export default function TiptapRichTextEditor({
  value,
  onChange,
  variant = 'description',
  id,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'aria-describedby': ariaDescribedBy,
  'aria-invalid': ariaInvalid,
  placeholder,
  disabled = false,
}: RichTextEditorProps) {
  // The HTML this editor last reported, so a parent echoing it back does not reset the cursor.
  const lastEmitted = useRef(value);
  const attributes: Record<string, string> = {
    ...(id ? { id } : {}),
    role: 'textbox',
    'aria-multiline': 'true',
    ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
    ...(ariaLabelledBy ? { 'aria-labelledby': ariaLabelledBy } : {}),
    ...(ariaDescribedBy ? { 'aria-describedby': ariaDescribedBy } : {}),
    ...(ariaInvalid ? { 'aria-invalid': 'true' } : {}),
    ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
    class: 'rich-text min-h-36 px-3 py-2 text-sm text-foreground focus:outline-none sm:text-base',
    // The creator writes in the course's language, whatever the interface's direction.
    dir: 'auto',
  };
  const isSlide = variant === 'slide';
  const [isLinkFormOpen, setLinkFormOpen] = useState(false);
  const linkFormId = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        horizontalRule: false,
        strike: false,
        ...(isSlide
          ? {
              heading: { levels: [2, 3] },
              codeBlock: { languageClassPrefix: 'language-', defaultLanguage: null },
              link: {
                openOnClick: false,
                autolink: true,
                defaultProtocol: 'https',
                HTMLAttributes: { rel: LINK_REL, target: LINK_TARGET },
                // The server's rule (http, https, mailto): a link the editor makes is never dropped on save.
                isAllowedUri: (url) => isAllowedHref(url),
                shouldAutoLink: (url) => isAllowedHref(url) || isAllowedHref(`https://${url}`),
              },
            }
          : { heading: false, code: false, codeBlock: false, link: false }),
      }),
      TextStyle,
      FontSize,
      BackgroundColor,
      Color,
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      // Tiptap also reports an update when only the editor's state around the text changed (setEditable).
      if (html === lastEmitted.current) return;
      lastEmitted.current = html;
      onChangeRef.current(html);
    },
  });

  const state = useEditorState({ editor, selector: ({ editor: current }) => toolbarState(current) });
  const isEmpty = useEditorState({ editor, selector: ({ editor: current }) => current.isEmpty });

  // Content that arrives from outside (a loaded course, a reset form) replaces what is shown.
  useEffect(() => {
    if (value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  // A form marks the field invalid and names its message after the editor is made.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the attributes change only with these two
  useEffect(() => {
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes } });
  }, [editor, ariaDescribedBy, ariaInvalid]);

  const run = () => editor.chain().focus();
  const setBlock = (block: Block) =>
    block === 'paragraph'
      ? run().setParagraph().run()
      : run()
          .setHeading({ level: block === 'h2' ? 2 : 3 })
          .run();
  const applyLink = (href: string) => {
    setLinkFormOpen(false);
    // The caret goes after the link, as in a word processor: what is typed next neither
    // replaces the link's text nor joins the link.
    if (href)
      run()
        .extendMarkRange('link')
        .setLink({ href })
        .command(({ tr }) => {
          const end = tr.selection.to;
          tr.setSelection(TextSelection.create(tr.doc, end));
          tr.setStoredMarks(
            tr.doc
              .resolve(end)
              .marks()
              .filter((mark) => mark.type.name !== 'link'),
          );
          return true;
        })
        .run();
    else run().extendMarkRange('link').unsetLink().run();
    // Tiptap's focus() waits a frame; a key pressed in that frame would focus the editor with the
    // browser's caret at the start of the document, and the editor would take that caret as its own.
    editor.view.focus();
  };
  const setSize = (size: string) => (size ? run().setFontSize(size).run() : run().unsetFontSize().run());
  const setBackground = (color: string) =>
    state.background === color
      ? run().unsetBackgroundColor().unsetColor().run()
      : run().setBackgroundColor(color).setColor(HIGHLIGHT_TEXT).run();

  return (
    <div
      className={cn(
        'overflow-hidden rounded-lg border border-input bg-background shadow-xs transition-[border-color,box-shadow]',
        'focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/30',
        ariaInvalid && 'border-destructive',
        disabled && 'opacity-60',
      )}
    >
      <div
        role="toolbar"
        aria-label={t('courseEditor.toolbar')}
        aria-controls={id}
        onKeyDown={moveFocusWithArrows}
        className="flex flex-wrap items-center gap-1 border-b border-input bg-muted/40 p-1"
      >
        {isSlide ? (
          <>
            <select
              aria-label={t('courseEditor.textStyle')}
              title={t('courseEditor.textStyle')}
              value={state.block}
              disabled={disabled || state.codeBlock}
              onChange={(event) => setBlock(event.target.value as Block)}
              className="h-8 rounded-md border border-input bg-background px-2 text-xs text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {BLOCKS.map((block) => (
                <option key={block.value} value={block.value}>
                  {block.label()}
                </option>
              ))}
            </select>
            <Separator />
          </>
        ) : null}
        <select
          aria-label={t('courseEditor.textSize')}
          title={t('courseEditor.textSize')}
          value={state.fontSize}
          disabled={disabled}
          onChange={(event) => setSize(event.target.value)}
          className="h-8 rounded-md border border-input bg-background px-2 text-xs text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {SIZES.map((size) => (
            <option key={size.value} value={size.value}>
              {size.label()}
            </option>
          ))}
        </select>
        <Separator />
        <ToolButton
          label={t('courseEditor.bold')}
          pressed={state.bold}
          disabled={disabled}
          onClick={() => run().toggleBold().run()}
        >
          <Bold className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label={t('courseEditor.italic')}
          pressed={state.italic}
          disabled={disabled}
          onClick={() => run().toggleItalic().run()}
        >
          <Italic className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label={t('courseEditor.underline')}
          pressed={state.underline}
          disabled={disabled}
          onClick={() => run().toggleUnderline().run()}
        >
          <Underline className="size-4" aria-hidden="true" />
        </ToolButton>
        {isSlide ? (
          <>
            <ToolButton
              label={t('courseEditor.inlineCode')}
              pressed={state.code}
              disabled={disabled}
              onClick={() => run().toggleCode().run()}
            >
              <Code className="size-4" aria-hidden="true" />
            </ToolButton>
            <ToolButton
              label={t('courseEditor.link')}
              pressed={state.link}
              disabled={disabled}
              aria-expanded={isLinkFormOpen}
              aria-controls={linkFormId}
              onClick={() => setLinkFormOpen((isOpen) => !isOpen)}
            >
              <Link2 className="size-4" aria-hidden="true" />
            </ToolButton>
          </>
        ) : null}
        <Separator />
        <ToolButton
          label={t('courseEditor.numberedList')}
          pressed={state.orderedList}
          disabled={disabled}
          onClick={() => run().toggleOrderedList().run()}
        >
          <ListOrdered className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label={t('courseEditor.bulletedList')}
          pressed={state.bulletList}
          disabled={disabled}
          onClick={() => run().toggleBulletList().run()}
        >
          <List className="size-4" aria-hidden="true" />
        </ToolButton>
        {isSlide ? (
          <>
            <Separator />
            <ToolButton
              label={t('courseEditor.codeBlock')}
              pressed={state.codeBlock}
              disabled={disabled}
              onClick={() => run().toggleCodeBlock().run()}
            >
              <SquareCode className="size-4" aria-hidden="true" />
            </ToolButton>
            {state.codeBlock ? (
              <select
                aria-label={t('courseEditor.codeLanguage')}
                title={t('courseEditor.codeLanguage')}
                value={state.codeLanguage}
                disabled={disabled}
                onChange={(event) =>
                  run()
                    .updateAttributes('codeBlock', { language: event.target.value || null })
                    .run()
                }
                className="h-8 rounded-md border border-input bg-background px-2 text-xs text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <option value="">{t('courseEditor.detectLanguage')}</option>
                {CODE_LANGUAGES.map((language) => (
                  <option key={language.id} value={language.id}>
                    {language.label}
                  </option>
                ))}
              </select>
            ) : null}
          </>
        ) : null}
        <Separator />
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would break the toolbar's single row of controls */}
        <div role="group" aria-label={t('courseEditor.backgroundColour')} className="flex items-center gap-1">
          {BACKGROUNDS.map((background) => (
            <ToolButton
              key={background.value}
              label={background.label()}
              pressed={state.background === background.value}
              disabled={disabled}
              onClick={() => setBackground(background.value)}
              className="aria-pressed:bg-accent"
            >
              <span
                aria-hidden="true"
                className="size-4 rounded-sm border border-black/15 dark:border-white/25"
                style={{ backgroundColor: background.value }}
              />
            </ToolButton>
          ))}
        </div>
        <Separator />
        <ToolButton
          label={t('courseEditor.clearFormatting')}
          disabled={disabled}
          onClick={() => run().unsetAllMarks().clearNodes().run()}
        >
          <RemoveFormatting className="size-4" aria-hidden="true" />
        </ToolButton>
      </div>
      {isSlide && isLinkFormOpen ? (
        <LinkForm
          id={linkFormId}
          initialHref={state.linkHref}
          onApply={applyLink}
          onCancel={() => {
            setLinkFormOpen(false);
            editor.view.focus();
          }}
        />
      ) : null}
      <div className="relative">
        {isEmpty && placeholder ? (
          <p aria-hidden="true" className="pointer-events-none absolute start-3 top-2 text-sm text-muted-foreground sm:text-base">
            {placeholder}
          </p>
        ) : null}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-0.5 h-5 w-px bg-border" />;
}
