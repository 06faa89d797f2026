import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { python } from '@codemirror/lang-python';
import { bracketMatching, defaultHighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { oneDark } from '@codemirror/theme-one-dark';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useId, useRef } from 'react';
import { t } from '#web/lib/i18n/t';
import { type Theme, useTheme } from '#web/lib/theme';
import { cn } from '#web/lib/utils';

/*
 * A Python code editor (CodeMirror 6) for learners' code: highlighting, indentation, undo. Its default
 * export is meant to be loaded with React.lazy where it is used, never with a page's first load.
 * Tab indents; Escape then Tab moves focus on (CodeMirror's own way out), as the hint below it says.
 */

export type CodeEditorProps = {
  /** Shown above the editor and read as its name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A CSS length; the editor grows with its code past it. */
  minHeight?: string;
  readOnly?: boolean;
  /** A refusal of the code, shown below it and read with it. */
  error?: string;
  className?: string;
};

function contentAttributes(labelId: string, describedBy: string, isInvalid: boolean): Extension {
  return EditorView.contentAttributes.of({
    'aria-labelledby': labelId,
    'aria-describedby': describedBy,
    ...(isInvalid ? { 'aria-invalid': 'true' } : {}),
  });
}

function themeExtensions(theme: Theme): Extension {
  return theme === 'dark' ? oneDark : syntaxHighlighting(defaultHighlightStyle, { fallback: true });
}

export default function CodeEditor({
  label,
  value,
  onChange,
  minHeight = '10rem',
  readOnly = false,
  error,
  className,
}: CodeEditorProps) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const themeSlot = useRef(new Compartment());
  const readOnlySlot = useRef(new Compartment());
  const attributesSlot = useRef(new Compartment());
  const latestOnChange = useRef(onChange);
  const { theme } = useTheme();

  useEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);

  // Made once; the value, theme and read-only state reach it through the effects below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the initial value, theme and flags only
  useEffect(() => {
    if (!host.current) return;
    const made = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          python(),
          // Python's usual four spaces (PEP 8), not CodeMirror's two.
          indentUnit.of('    '),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          themeSlot.current.of(themeExtensions(theme)),
          readOnlySlot.current.of(EditorState.readOnly.of(readOnly)),
          attributesSlot.current.of(contentAttributes(labelId, describedBy, Boolean(error))),
          EditorView.theme({
            '&': { fontSize: '0.875rem' },
            '.cm-content, .cm-gutter': { minHeight },
            '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latestOnChange.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = made;
    return () => {
      made.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === value) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: themeSlot.current.reconfigure(themeExtensions(theme)) });
  }, [theme]);

  useEffect(() => {
    view.current?.dispatch({ effects: readOnlySlot.current.reconfigure(EditorState.readOnly.of(readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    view.current?.dispatch({
      effects: attributesSlot.current.reconfigure(contentAttributes(labelId, describedBy, Boolean(error))),
    });
  }, [labelId, describedBy, error]);

  return (
    <div className={cn('grid gap-1.5', className)}>
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <div
        ref={host}
        // Code reads left to right in every language.
        dir="ltr"
        className={cn(
          'min-w-0 overflow-hidden rounded-md border border-input bg-background focus-within:ring-2 focus-within:ring-ring',
          error && 'border-destructive',
        )}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('shell.editorHint')}
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
