import { EditorView } from '@codemirror/view';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '#web/lib/theme';
import CodeEditor from './code-editor';

function Harness({ initial, onChange }: { initial: string; onChange: (value: string) => void }) {
  const [code, setCode] = useState(initial);
  return (
    <ThemeProvider>
      <CodeEditor
        label="Your code"
        value={code}
        onChange={(value) => {
          setCode(value);
          onChange(value);
        }}
      />
      <button type="button" onClick={() => setCode('print("reset")')}>
        Reset
      </button>
    </ThemeProvider>
  );
}

function editorOf(textbox: HTMLElement): EditorView {
  const view = EditorView.findFromDOM(textbox);
  if (!view) throw new Error('no editor view');
  return view;
}

describe('CodeEditor', () => {
  it('is a text box named by its label, with its way out described, holding the value', () => {
    render(<Harness initial={'def f():\n    return 1'} onChange={() => {}} />);
    const textbox = screen.getByRole('textbox', { name: 'Your code' });
    expect(textbox).toHaveAccessibleDescription('Tab indents. To leave the editor, press Esc, then Tab.');
    expect(editorOf(textbox).state.doc.toString()).toBe('def f():\n    return 1');
    // Python is highlighted: the keyword has a token of its own.
    expect(textbox.querySelector('span')).not.toBeNull();
  });

  it('reports each change, and shows a value set from outside', () => {
    const onChange = vi.fn();
    render(<Harness initial="x = 1" onChange={onChange} />);
    const view = editorOf(screen.getByRole('textbox', { name: 'Your code' }));
    view.dispatch({ changes: { from: view.state.doc.length, insert: '\nprint(x)' } });
    expect(onChange).toHaveBeenLastCalledWith('x = 1\nprint(x)');

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(view.state.doc.toString()).toBe('print("reset")');
  });

  it('indents on Tab, but lets Tab leave after Escape', () => {
    render(<Harness initial="x = 1" onChange={() => {}} />);
    const textbox = screen.getByRole('textbox', { name: 'Your code' });
    const view = editorOf(textbox);
    view.focus();
    view.dispatch({ selection: { anchor: 0 } });
    fireEvent.keyDown(textbox, { key: 'Tab', code: 'Tab', keyCode: 9 });
    expect(view.state.doc.toString()).toBe('    x = 1');

    fireEvent.keyDown(textbox, { key: 'Escape', code: 'Escape', keyCode: 27 });
    const tab = new KeyboardEvent('keydown', { key: 'Tab', code: 'Tab', keyCode: 9, bubbles: true, cancelable: true });
    textbox.dispatchEvent(tab);
    // Not handled: the browser's own Tab moves focus to what comes next.
    expect(tab.defaultPrevented).toBe(false);
    expect(view.state.doc.toString()).toBe('    x = 1');
  });
});
