import DOMPurify from 'dompurify';
import { isAllowedClass, isAllowedHref, LINK_REL, LINK_TARGET, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '#shared/rich-text';

/*
 * Stored HTML is sanitized by the server on write; this second pass guards what is rendered, with the
 * server's allowlist (src/shared/rich-text.ts): the same tags, attributes per tag, classes and links.
 * Whatever the server stored passes unchanged, so a page the server drew keeps its nodes.
 */
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
  const tag = node.nodeName.toLowerCase();
  if (!RICH_TEXT_ATTRIBUTES[tag]?.includes(data.attrName)) {
    data.keepAttr = false;
    return;
  }
  if (data.attrName === 'class') {
    const kept = data.attrValue.split(/\s+/).filter((name) => name && isAllowedClass(tag, name));
    if (kept.length === 0) data.keepAttr = false;
    else data.attrValue = kept.join(' ');
  }
  if (data.attrName === 'href' && !isAllowedHref(data.attrValue)) data.keepAttr = false;
});

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName.toLowerCase() !== 'a') return;
  if (!node.hasAttribute('href')) return;
  node.setAttribute('rel', LINK_REL);
  node.setAttribute('target', LINK_TARGET);
});

export function sanitizeHtml(html: string): string {
  // DOMPurify would keep <style> elements, which the allowlist drops: one in a stored row (an old row,
  // an import) would restyle the whole page around it.
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR, FORBID_TAGS: ['style'] });
}
