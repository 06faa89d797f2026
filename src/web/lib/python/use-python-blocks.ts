import { type RefObject, useEffect } from 'react';

/** A runnable block: how text slides and notebook cells draw Python code (ADR 0053). */
export const PYTHON_BLOCK = 'pre > code.language-python';

/**
 * Makes every Python code block inside `container` runnable: a Run button and its output below it.
 * The blocks of one slide share their names; `slide` names the slide shown (another slide, or the same
 * one shown again, starts with none). Until the container holds such a block nothing more loads: the
 * buttons' code arrives with the first block, Python with the first Run.
 */
export function usePythonBlocks(container: RefObject<HTMLElement | null>, slide: string) {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let isCurrent = true;
    let stop: (() => void) | undefined;
    const observer = new MutationObserver(() => look());
    function look() {
      if (!element?.querySelector(PYTHON_BLOCK)) return;
      observer.disconnect();
      import('./python-blocks').then(({ enhancePythonBlocks }) => {
        if (isCurrent) stop = enhancePythonBlocks(element, slide);
      });
    }
    // A slide's text may arrive after this runs (it waits for the sanitizer).
    observer.observe(element, { childList: true, subtree: true });
    look();
    return () => {
      isCurrent = false;
      observer.disconnect();
      stop?.();
    };
  }, [container, slide]);
}
