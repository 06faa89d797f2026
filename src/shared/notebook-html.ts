import { isAllowedClass as isAllowedRichTextClass, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from './rich-text';

/*
 * The allowlist of a drawn notebook (docs/product.md, Notebooks), for both sanitizers: the server's,
 * which draws it, and the browser's second pass before it is shown. The rich-text list, plus what
 * Markdown and a notebook's outputs need: lower headings, tables, and images given as data (an
 * output's PNG or JPEG) or from an https address (a Markdown image). No styles: a notebook is drawn
 * in the page's own look.
 */

export const NOTEBOOK_TAGS = [...RICH_TEXT_TAGS, 'h5', 'h6', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img'] as const;

export const NOTEBOOK_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, names.filter((name) => name !== 'style')]),
  ),
  div: ['class'],
  pre: ['class'],
  p: ['class'],
  img: ['src', 'alt', 'class'],
};

/** The drawing's own parts: a cell, its outputs, and the kinds of output. */
export const NOTEBOOK_CLASSES: Readonly<Record<string, readonly string[]>> = {
  div: ['notebook', 'notebook-cell', 'notebook-markdown', 'notebook-code', 'notebook-raw', 'notebook-outputs', 'notebook-html'],
  pre: ['notebook-text', 'notebook-stderr', 'notebook-error', 'notebook-raw-text'],
  p: ['notebook-note'],
  img: ['notebook-image'],
};

export function isAllowedNotebookClass(tag: string, name: string): boolean {
  return NOTEBOOK_CLASSES[tag]?.includes(name) === true || isAllowedRichTextClass(tag, name);
}

/** An output's image inline, or a Markdown image from the web; never SVG, which can hold script. */
export function isAllowedImageSource(src: string): boolean {
  return /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/.test(src) || /^https:\/\/[^\s/?#]+/i.test(src);
}
