import hljs from 'highlight.js/lib/common';
import { Marked } from 'marked';
import { type CodeLanguage, isCodeLanguage } from '#shared/rich-text';
import type { Notebook, NotebookCell, NotebookOutput } from './notebook-format';
import { escapeHtml, sanitizeNotebookFragment } from './notebook-html';

/*
 * A notebook drawn as HTML once on the server (docs/product.md, Notebooks): Markdown cells by marked,
 * code cells highlighted as `<pre><code class="language-python">` (the markup Learn's Python runner
 * makes runnable), and outputs as text or images. HTML outputs are sanitized; nothing a notebook
 * holds ever runs.
 */

/*
 * What a notebook may cost to draw, on the request's thread. Measured on this machine: 100,000
 * characters of hostile Markdown took marked and sanitize-html ~0.3 s, 50,000 of hostile code
 * highlight.js ~0.2 s; a whole 5 MB notebook of them took 8.5 s before these budgets. Past a budget
 * the rest is shown as plain text, which costs next to nothing. Real notebooks stay well within.
 */
/** Characters of code highlighted per notebook. */
export const NOTEBOOK_HIGHLIGHT_BUDGET = 50_000;
/** Characters of Markdown (cells and outputs) drawn as Markdown per notebook. */
export const NOTEBOOK_MARKDOWN_BUDGET = 100_000;
/** Characters of HTML outputs sanitized and shown per notebook. */
export const NOTEBOOK_HTML_BUDGET = 100_000;
/** Characters of one text output shown; a runaway loop's printout is cut. */
export const TEXT_OUTPUT_MAX = 50_000;
/** Base64 characters of one image output shown (about 1.5 MB of image). */
export const IMAGE_OUTPUT_MAX = 2_000_000;

const IMAGE_SIGNATURES: Record<'image/png' | 'image/jpeg', number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Terminal colours and cursor moves in tracebacks (CSI, OSC and two-byte escapes). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escapes are what is removed
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g;

const markdown = new Marked({ gfm: true, async: false });

const textOf = (value: string | string[]): string => (Array.isArray(value) ? value.join('') : value);

/** A MIME bundle's text for one type, when it is text (JSON types are never shown). */
function bundleText(data: Record<string, unknown>, type: string): string | undefined {
  const value = data[type];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((line) => typeof line === 'string')) return value.join('');
  return undefined;
}

function capped(text: string): string {
  const clean = text.replace(ANSI, '');
  return clean.length > TEXT_OUTPUT_MAX
    ? `${clean.slice(0, TEXT_OUTPUT_MAX)}\n… (output cut at ${TEXT_OUTPUT_MAX} characters)`
    : clean;
}

const textBlock = (text: string, className = 'notebook-text') => `<pre class="${className}">${escapeHtml(capped(text))}</pre>`;
const note = (text: string) => `<p class="notebook-note">${escapeHtml(text)}</p>`;

/** An image output as a data address, when it is what it says it is and not too large. */
function imageSource(type: 'image/png' | 'image/jpeg', encoded: string): string | null {
  const base64 = encoded.replace(/\s+/g, '');
  if (base64.length === 0 || base64.length > IMAGE_OUTPUT_MAX || !BASE64.test(base64)) return null;
  const head = Buffer.from(base64.slice(0, 16), 'base64');
  if (!IMAGE_SIGNATURES[type].every((byte, index) => head[index] === byte)) return null;
  return `data:${type};base64,${base64}`;
}

type Budgets = { code: number; markdown: number; html: number };

/** Whether `length` more characters fit in the budget named, taking them when they do. */
function spend(budgets: Budgets, name: keyof Budgets, length: number): boolean {
  if (length > budgets[name]) return false;
  budgets[name] -= length;
  return true;
}

function drawMarkdown(source: string, budgets: Budgets): string {
  if (!spend(budgets, 'markdown', source.length)) return textBlock(source);
  return sanitizeNotebookFragment(markdown.parse(source) as string);
}

function drawRichOutput(data: Record<string, unknown>, altText: string, budgets: Budgets): string {
  const plain = bundleText(data, 'text/plain');
  for (const type of ['image/png', 'image/jpeg'] as const) {
    const encoded = bundleText(data, type);
    if (encoded === undefined) continue;
    const src = imageSource(type, encoded);
    if (src === null) return note('An image output could not be shown: it is damaged or larger than 1.5 MB.');
    const alt = plain?.trim() ? plain.trim().slice(0, 300) : altText;
    return `<img class="notebook-image" src="${src}" alt="${escapeHtml(alt)}">`;
  }
  const html = bundleText(data, 'text/html');
  if (html !== undefined && spend(budgets, 'html', html.length)) {
    return `<div class="notebook-html">${sanitizeNotebookFragment(html)}</div>`;
  }
  const md = bundleText(data, 'text/markdown');
  if (md !== undefined) return `<div class="notebook-html">${drawMarkdown(md, budgets)}</div>`;
  if (plain !== undefined) return textBlock(plain);
  if (html !== undefined) return note('An HTML output too large to show here.');
  const types = Object.keys(data).slice(0, 3).join(', ');
  return note(`An output of type ${types || 'none'} is not shown here.`);
}

function drawOutput(output: NotebookOutput, altText: string, budgets: Budgets): string {
  switch (output.output_type) {
    case 'stream':
      return textBlock(textOf(output.text), output.name === 'stderr' ? 'notebook-stderr' : 'notebook-text');
    case 'error': {
      const traceback = output.traceback.join('\n');
      return textBlock(traceback || `${output.ename}: ${output.evalue}`, 'notebook-error');
    }
    default:
      return drawRichOutput(output.data, altText, budgets);
  }
}

/** The notebook's language, for its code cells' class: Python unless it says otherwise. */
function notebookLanguage(notebook: Notebook): CodeLanguage {
  const metadata = notebook.metadata as { language_info?: { name?: unknown }; kernelspec?: { language?: unknown } } | undefined;
  const named = metadata?.language_info?.name ?? metadata?.kernelspec?.language ?? 'python';
  const language = typeof named === 'string' ? named.toLowerCase() : '';
  return isCodeLanguage(language) ? language : 'plaintext';
}

export function drawNotebook(notebook: Notebook): string {
  const language = notebookLanguage(notebook);
  const budgets: Budgets = { code: NOTEBOOK_HIGHLIGHT_BUDGET, markdown: NOTEBOOK_MARKDOWN_BUDGET, html: NOTEBOOK_HTML_BUDGET };
  let codeCellNumber = 0;
  const drawCell = (cell: NotebookCell): string => {
    const source = textOf(cell.source);
    if (cell.cell_type === 'markdown') {
      return `<div class="notebook-cell notebook-markdown">${drawMarkdown(source, budgets)}</div>`;
    }
    if (cell.cell_type === 'raw')
      return `<div class="notebook-cell notebook-raw">${textBlock(source, 'notebook-raw-text')}</div>`;
    codeCellNumber++;
    const isHighlighted = language !== 'plaintext' && spend(budgets, 'code', source.length);
    const code = isHighlighted ? hljs.highlight(source, { language, ignoreIllegals: true }).value : escapeHtml(source);
    const altText = `Image output of code cell ${codeCellNumber}`;
    const outputs = cell.outputs.map((output) => drawOutput(output, altText, budgets)).join('');
    return (
      `<div class="notebook-cell notebook-code"><pre><code class="language-${language}">${code}</code></pre>` +
      (outputs ? `<div class="notebook-outputs">${outputs}</div>` : '') +
      '</div>'
    );
  };
  // Each part is escaped text, highlight.js's tokens of escaped code, or sanitized HTML: no pass over the
  // whole is needed here (the browser checks the whole again with the same allowlist).
  return notebook.cells.map(drawCell).join('\n');
}
