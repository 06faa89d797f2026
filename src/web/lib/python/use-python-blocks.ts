import { type RefObject, useEffect } from 'react';

/**
 * Makes every Python code block inside `container` runnable (ADR 0053): a Run button and its output
 * below it, as the blocks appear (a slide's text may be drawn after this runs). The blocks of one slide
 * share their names; `slide` names the slide shown (another slide, or the same one shown again, starts
 * with none), or is null for a slide that holds no Python: then nothing loads. The buttons' code
 * arrives with a slide that has Python blocks, Python itself with the first Run.
 */
export function usePythonBlocks(container: RefObject<HTMLElement | null>, slide: string | null) {
  useEffect(() => {
    const element = container.current;
    if (!element || slide === null) return;
    // Without the buttons' code (offline, or replaced by a deploy) the slide shows its code as it is.
    const enhanced = import('./python-blocks').then(
      (blocks) => blocks.enhancePythonBlocks(element, slide),
      () => () => {},
    );
    // Undone once done, if the slide went first: the undoing removes only what this one added.
    return () => {
      enhanced.then((undo) => undo());
    };
  }, [container, slide]);
}
