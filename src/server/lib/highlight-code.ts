import hljs from 'highlight.js/lib/common';
import { type CodeLanguage, isCodeLanguage } from '#shared/rich-text';

/*
 * Code blocks are highlighted once, when a slide is stored: learners' pages (drawn by the server or
 * the browser) get `<span class="hljs-…">` tokens styled by CSS, and never load a highlighter.
 */

/**
 * Characters of code highlighted per stored text; blocks past it stay plain. highlight.js took up to
 * ~0.3 s for 20,000 characters of hostile input on this machine's loaded cores, on the request's thread.
 */
export const HIGHLIGHT_BUDGET = 20_000;
/** Blocks without a language are detected among these, and only when this short: detection runs every grammar. */
const DETECT_MAX = 2_000;
const DETECTED: CodeLanguage[] = ['python', 'javascript', 'typescript', 'bash', 'json', 'sql', 'yaml'];

/** A <pre><code> pair as sanitize-html writes it: attributes double-quoted, nothing else on <pre>. */
const CODE_BLOCK = /<pre><code(?: class="([^"]*)")?>([\s\S]*?)<\/code><\/pre>/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: '\u00a0' };

/** The text of sanitized code-block markup: tags (earlier tokens, stray marks) dropped, entities read. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d{1,7});/g, (_, code: string) => String.fromCodePoint(Math.min(Number(code), 0x10ffff)))
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, code: string) => String.fromCodePoint(Math.min(Number.parseInt(code, 16), 0x10ffff)));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function highlight(code: string, language: CodeLanguage | null): string {
  if (language === 'plaintext') return escapeHtml(code);
  if (language) return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  if (code.length > DETECT_MAX) return escapeHtml(code);
  const detected = hljs.highlightAuto(code, DETECTED);
  // A guess with little evidence colours prose as code; plain is better.
  return detected.relevance < 5 ? escapeHtml(code) : detected.value;
}

/**
 * Sanitized HTML with every code block's text highlighted again from scratch (what a client sent as
 * tokens is dropped first), within HIGHLIGHT_BUDGET. The result must go through the sanitizer again:
 * this only reads and writes the markup the sanitizer left.
 */
export function highlightCodeBlocks(html: string): string {
  let budget = HIGHLIGHT_BUDGET;
  return html.replace(CODE_BLOCK, (_, classes: string | undefined, inner: string) => {
    const language =
      (classes ?? '')
        .split(/\s+/)
        .map((name) => name.replace(/^language-/, ''))
        .find(isCodeLanguage) ?? null;
    const code = textOf(inner);
    const attribute = language ? ` class="language-${language}"` : '';
    if (code.length > budget) return `<pre><code${attribute}>${escapeHtml(code)}</code></pre>`;
    budget -= code.length;
    return `<pre><code${attribute}>${highlight(code, language)}</code></pre>`;
  });
}
