import sanitizeHtml from 'sanitize-html';
import { isAllowedImageSource, NOTEBOOK_ATTRIBUTES, NOTEBOOK_CLASSES, NOTEBOOK_TAGS } from '#shared/notebook-html';
import { CODE_LANGUAGES, isAllowedHref, LINK_REL, LINK_TARGET, SPAN_CLASS } from '#shared/rich-text';
import { RICH_TEXT_MAX_DEPTH } from '#shared/schemas/creator';
import { highlightCodeBlocks } from '../highlight-code';
import { nestsDeeperThan } from '../rich-text';

/*
 * HTML inside a notebook (a Markdown cell drawn by marked, an output's text/html) made safe with the
 * notebook allowlist (src/shared/notebook-html.ts): scripts, event handlers, frames, forms and styles
 * are dropped, never run.
 */

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const BASE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...NOTEBOOK_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(NOTEBOOK_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedClasses: {
    ...Object.fromEntries(Object.entries(NOTEBOOK_CLASSES).map(([tag, names]) => [tag, [...names]])),
    code: CODE_LANGUAGES.map((language) => `language-${language.id}`),
    span: [SPAN_CLASS],
  },
  allowedStyles: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object'],
};

const linksAndImages: sanitizeHtml.IOptions['transformTags'] = {
  a: (_tagName, attribs): sanitizeHtml.Tag =>
    attribs.href && isAllowedHref(attribs.href)
      ? { tagName: 'a', attribs: { href: attribs.href.trim(), rel: LINK_REL, target: LINK_TARGET } }
      : { tagName: 'span', attribs: {} },
  // An image from anywhere else (an attachment, an SVG, a relative path) is its description.
  img: (_tagName, attribs): sanitizeHtml.Tag =>
    attribs.src && isAllowedImageSource(attribs.src)
      ? {
          tagName: 'img',
          attribs: { src: attribs.src, alt: attribs.alt ?? '', ...(attribs.class ? { class: attribs.class } : {}) },
        }
      : { tagName: 'span', attribs: {}, text: attribs.alt ?? '' },
};

/** Headings inside a slide start below the slide's own title (an h2), so the page's outline holds. */
const LOWER_HEADINGS = Object.fromEntries(
  [1, 2, 3, 4, 5, 6].map((level) => [`h${level}`, `h${Math.min(level + 2, 6)}`]),
) as Record<string, string>;

const FRAGMENT_OPTIONS: sanitizeHtml.IOptions = {
  ...BASE_OPTIONS,
  transformTags: { ...LOWER_HEADINGS, ...linksAndImages },
};

/**
 * Untrusted HTML from the notebook, sanitized, its code blocks highlighted. Nested deeper than the
 * rich-text limit it is shown as its text: sanitize-html takes quadratic time in the depth.
 */
export function sanitizeNotebookFragment(html: string): string {
  if (nestsDeeperThan(html, RICH_TEXT_MAX_DEPTH)) return `<pre class="notebook-text">${escapeHtml(html)}</pre>`;
  const sanitized = sanitizeHtml(html, FRAGMENT_OPTIONS);
  const highlighted = highlightCodeBlocks(sanitized);
  return highlighted === sanitized ? sanitized : sanitizeHtml(highlighted, FRAGMENT_OPTIONS);
}
