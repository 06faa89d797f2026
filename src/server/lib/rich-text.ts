import sanitizeHtml from 'sanitize-html';

/*
 * What the rich-text editor can produce (SPEC §9: size, bold, italic, underline, lists, background
 * colour; the seeded lessons add headings, code and quotes), and nothing else: no scripts, event
 * handlers, frames, forms, images or `javascript:` links, whatever a client sends.
 */
const CSS_LENGTH = /^\d{1,3}(\.\d{1,2})?(px|em|rem|%)$/;
const CSS_COLOR =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)|[a-z]{3,20})$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'span',
    'mark',
    'a',
    'hr',
  ],
  allowedAttributes: {
    span: ['style'],
    mark: ['style', 'data-color'],
    p: ['style'],
    a: ['href', 'rel', 'target'],
    ol: ['start'],
  },
  allowedStyles: {
    '*': { 'font-size': [CSS_LENGTH], 'background-color': [CSS_COLOR], color: [CSS_COLOR] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Links leave the page without handing it to the target.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
  disallowedTagsMode: 'discard',
  // Text of dropped blocks such as <script> and <style> is dropped with them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object'],
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
