import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { ErrorCode } from '#shared/errors';
import {
  CODE_LANGUAGES,
  isAllowedHref,
  LINK_REL,
  LINK_TARGET,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
  SPAN_CLASS,
} from '#shared/rich-text';
import { RICH_TEXT_MAX_DEPTH } from '#shared/schemas/creator';
import { AppError } from '../errors';
import { highlightCodeBlocks } from './highlight-code';

/*
 * What the rich-text editors can produce (docs/product.md, Publishing and the studio: marks, lists and
 * colours; issue 22's headings, links, inline code and highlighted code blocks), and nothing else: no
 * scripts, event handlers, frames, forms, images, style on links, or links other than http(s) and mailto,
 * whatever a client sends. The lists live in src/shared/rich-text.ts, which the browser's DOMPurify pass
 * reads too.
 */
const CSS_LENGTH = /^\d{1,3}(\.\d{1,2})?(px|em|rem|%)$/;
const CSS_COLOR =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)|[a-z]{3,20})$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  // The same classes as isAllowedClass: a code block's language, the highlighter's tokens.
  allowedClasses: {
    code: CODE_LANGUAGES.map((language) => `language-${language.id}`),
    span: [SPAN_CLASS],
  },
  allowedStyles: {
    '*': { 'font-size': [CSS_LENGTH], 'background-color': [CSS_COLOR], color: [CSS_COLOR] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    // Links leave the page without handing it to the target; one that goes nowhere allowed is text.
    a: (_tagName, attribs): sanitizeHtml.Tag =>
      attribs.href && isAllowedHref(attribs.href)
        ? { tagName: 'a', attribs: { href: attribs.href.trim(), rel: LINK_REL, target: LINK_TARGET } }
        : { tagName: 'span', attribs: {} },
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
 * Rich text as it is stored (a course description, a text slide): sanitized once, when written, with
 * its code blocks highlighted (the tokens are sanitized like the rest). Nested deeper than
 * RICH_TEXT_MAX_DEPTH it is refused with a 400 naming `field`.
 */
export function sanitizeRichText(html: string, field: string): string {
  if (nestsDeeperThan(html, RICH_TEXT_MAX_DEPTH)) {
    const message = `Formatting is nested too deeply: at most ${RICH_TEXT_MAX_DEPTH} levels`;
    throw new AppError(ErrorCode.BAD_REQUEST, message, { errors: { [field]: message } });
  }
  const sanitized = sanitizeHtml(html, OPTIONS);
  const highlighted = highlightCodeBlocks(sanitized);
  return (highlighted === sanitized ? sanitized : sanitizeHtml(highlighted, OPTIONS)).trim();
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
