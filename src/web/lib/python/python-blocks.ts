import { t } from '#web/lib/i18n/t';
import { codePackagesUrl } from './code-config';
import { endPythonSession, isPythonStarted, runPython } from './run-python';

/*
 * The Run buttons of a slide's Python blocks (docs/product.md, Running Python), drawn into the slide's
 * own HTML, which React does not manage: whether a text slide's rich text or a notebook's cells, any
 * container of `<pre><code class="language-python">` blocks. Python's worker, and Pyodide with it, loads
 * on the first Run.
 */

/** How text slides and notebook cells draw Python code. */
const PYTHON_BLOCK = 'pre > code.language-python';
const PANEL = 'data-python-run';
/**
 * The app's small outline button (components/ui/button.tsx) as plain classes: importing its variants
 * made this chunk depend on the app's entry, and Learn's first load carry a list of its styles.
 */
const BUTTON =
  'inline-flex h-9 items-center justify-center rounded-lg border border-input bg-background px-3 text-sm font-medium shadow-xs ' +
  'transition-[color,background-color,border-color,box-shadow] hover:bg-accent hover:text-accent-foreground ' +
  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none';
let shown = 0;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const made = document.createElement(tag);
  made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function showResult(area: HTMLElement, { output, error }: { output: string; error: string | null }) {
  const nodes: HTMLElement[] = [];
  if (output) {
    nodes.push(element('p', 'text-xs font-medium text-muted-foreground', t('shell.output')));
    const printed = element('pre', 'border-dashed bg-background font-mono whitespace-pre-wrap [overflow-wrap:anywhere]', output);
    // Output reads left to right in every language, as code does.
    printed.dir = 'ltr';
    nodes.push(printed);
  }
  // A Python exception's traceback is in the output already; a stop or a failed start is said here.
  if (error && !output.includes(error)) nodes.push(element('p', 'text-sm font-medium text-destructive', error));
  if (!output && !error) nodes.push(element('p', 'text-sm text-muted-foreground', t('shell.printedNothing')));
  area.replaceChildren(...nodes);
}

function runPanel(code: HTMLElement, number: number, session: string, runs: Set<AbortController>): HTMLElement {
  const panel = element('div', 'grid justify-items-start gap-2');
  panel.setAttribute(PANEL, '');
  const button = element('button', BUTTON, t('shell.run'));
  button.type = 'button';
  button.setAttribute('aria-label', t('shell.runCodeBlock', { number }));
  // Announced as they change: the loading state, then the output or the error.
  const result = element('div', 'grid w-full min-w-0 gap-2');
  result.setAttribute('aria-live', 'polite');
  panel.append(button, result);

  let running: AbortController | null = null;
  button.addEventListener('click', async () => {
    if (running) return running.abort();
    const controller = new AbortController();
    running = controller;
    runs.add(controller);
    button.textContent = t('shell.stop');
    button.setAttribute('aria-label', t('shell.stopCodeBlock', { number }));
    result.replaceChildren(
      element('p', 'text-sm text-muted-foreground', isPythonStarted() ? t('shell.running') : t('shell.startingPython')),
    );
    try {
      const packagesUrl = await codePackagesUrl();
      showResult(result, await runPython(code.textContent ?? '', { session, signal: controller.signal, packagesUrl }));
    } finally {
      runs.delete(controller);
      running = null;
      button.textContent = t('shell.run');
      button.setAttribute('aria-label', t('shell.runCodeBlock', { number }));
    }
  });
  return panel;
}

/**
 * Gives each Python block in `container` a Run button and an output area, now and as blocks appear,
 * with one namespace for them all. Answers the undoing: panels removed, runs stopped, names let go.
 */
export function enhancePythonBlocks(container: HTMLElement, slide: string): () => void {
  const session = `${slide}#${++shown}`;
  const runs = new Set<AbortController>();
  const panels = new Set<HTMLElement>();
  function enhance() {
    container.querySelectorAll<HTMLElement>(PYTHON_BLOCK).forEach((code, index) => {
      const pre = code.parentElement;
      if (!pre || pre.nextElementSibling?.hasAttribute(PANEL)) return;
      const panel = runPanel(code, index + 1, session, runs);
      pre.after(panel);
      panels.add(panel);
    });
  }
  // The slide's HTML may be drawn again (the sanitizer's pass over a page the server drew).
  const observer = new MutationObserver(enhance);
  observer.observe(container, { childList: true, subtree: true });
  enhance();
  return () => {
    observer.disconnect();
    for (const run of runs) run.abort();
    for (const panel of panels) panel.remove();
    endPythonSession(session);
  };
}
