/*
 * The stored-HTML allowlist, one list for both sanitizers: the server's (sanitize-html, on write and
 * when the read cache loads a row) and the browser's (DOMPurify, when shown). What the slide and
 * description editors produce, and nothing else.
 */

export const RICH_TEXT_TAGS = [
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
] as const;

/** Attributes per tag; `class` is narrowed further by isAllowedClass, `href` by isAllowedHref. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  span: ['style', 'class'],
  mark: ['style', 'data-color'],
  p: ['style'],
  a: ['href', 'rel', 'target'],
  ol: ['start'],
  code: ['class'],
};

/** Every link leaves the page without handing it to the target, and passes no ranking on. */
export const LINK_REL = 'noopener noreferrer nofollow';
export const LINK_TARGET = '_blank';

/** Only web and mail addresses: no `javascript:`, `data:`, relative or protocol-relative links. */
export function isAllowedHref(href: string): boolean {
  return /^(https?:\/\/[^\s/?#]+|mailto:[^\s])/i.test(href.trim());
}

/**
 * Languages a code block can be marked with (the editor's list; `language-…` on its <code>), with
 * highlight.js's names. Blocks with another or no language are highlighted by detection or shown plain.
 */
export const CODE_LANGUAGES = [
  { id: 'python', label: 'Python' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'typescript', label: 'TypeScript' },
  { id: 'bash', label: 'Shell' },
  { id: 'json', label: 'JSON' },
  { id: 'sql', label: 'SQL' },
  { id: 'yaml', label: 'YAML' },
  { id: 'xml', label: 'HTML / XML' },
  { id: 'css', label: 'CSS' },
  { id: 'cpp', label: 'C++' },
  { id: 'java', label: 'Java' },
  { id: 'go', label: 'Go' },
  { id: 'rust', label: 'Rust' },
  { id: 'r', label: 'R' },
  { id: 'plaintext', label: 'Plain text' },
] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['id'];

const LANGUAGE_IDS: ReadonlySet<string> = new Set(CODE_LANGUAGES.map((language) => language.id));

export function isCodeLanguage(value: string): value is CodeLanguage {
  return LANGUAGE_IDS.has(value);
}

/** The highlighter's token classes: `hljs-keyword`, and sub-scopes such as `function_`. */
export const SPAN_CLASS = /^(hljs-[a-z_]{1,30}|[a-z]{1,30}_{1,3})$/;

/**
 * Classes that may stay: a code block's language on <code>, and the highlighter's token classes on
 * <span> (`hljs-keyword`, and sub-scopes such as `function_` in `hljs-title function_`).
 */
export function isAllowedClass(tag: string, name: string): boolean {
  if (tag === 'code') return name.startsWith('language-') && isCodeLanguage(name.slice('language-'.length));
  if (tag === 'span') return SPAN_CLASS.test(name);
  return false;
}
