import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { ErrorCode } from '#shared/errors';
import { RICH_TEXT_MAX_DEPTH } from '#shared/schemas/creator';
import { AppError } from '../errors';

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

/**
 * Whether elements in `html` nest deeper than `limit`, by one linear pass that stops there. The editor
 * never nests more than a few levels; sanitize-html takes quadratic time in the depth (66,000 nested
 * `<b>` held the event loop for 2.4 s), so this is asked before it runs.
 */
export function nestsDeeperThan(html: string, limit: number): boolean {
  let depth = 0;
  let isTooDeep = false;
  const parser = new Parser(
    {
      onopentag() {
        depth++;
        if (depth > limit) {
          isTooDeep = true;
          parser.pause();
        }
      },
      onclosetag() {
        depth--;
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  if (!isTooDeep) parser.end();
  return isTooDeep;
}

/**
 * Rich text as it is stored (a course description, a text slide): sanitized once, when written.
 * Nested deeper than RICH_TEXT_MAX_DEPTH it is refused with a 400 naming `field`.
 */
export function sanitizeRichText(html: string, field: string): string {
  if (nestsDeeperThan(html, RICH_TEXT_MAX_DEPTH)) {
    const message = `Formatting is nested too deeply: at most ${RICH_TEXT_MAX_DEPTH} levels`;
    throw new AppError(ErrorCode.BAD_REQUEST, message, { errors: { [field]: message } });
  }
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * Stored rich text made safe to show, for rows that may not have come through sanitizeRichText (an
 * import, a script, a row older than the depth limit): sanitized by the same allowlist, and past the
 * depth limit reduced to its text, so that no stored row can cost more than a bounded sanitize. Run
 * when the read cache loads a row, never per view.
 */
export function sanitizeStoredRichText(html: string): string {
  if (!nestsDeeperThan(html, RICH_TEXT_MAX_DEPTH)) return sanitizeHtml(html, OPTIONS).trim();
  const text = html.replace(/<[^>]*>?/g, '').replace(/</g, '&lt;');
  return sanitizeHtml(`<p>${text}</p>`, OPTIONS).trim();
}
