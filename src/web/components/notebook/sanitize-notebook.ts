import DOMPurify from 'dompurify';
import { isAllowedImageSource, isAllowedNotebookClass, NOTEBOOK_ATTRIBUTES, NOTEBOOK_TAGS } from '#shared/notebook-html';
import { isAllowedHref, LINK_REL, LINK_TARGET } from '#shared/rich-text';

/*
 * The browser's second pass over a notebook the server drew, with the same allowlist
 * (src/shared/notebook-html.ts). An instance of its own: the rich-text sanitizer's hooks on the shared
 * instance would drop an image's src.
 */
const purify = DOMPurify(window);
const ALLOWED_ATTR = [...new Set(Object.values(NOTEBOOK_ATTRIBUTES).flat())];

purify.addHook('uponSanitizeAttribute', (node, data) => {
  const tag = node.nodeName.toLowerCase();
  if (!NOTEBOOK_ATTRIBUTES[tag]?.includes(data.attrName)) {
    data.keepAttr = false;
    return;
  }
  if (data.attrName === 'class') {
    const kept = data.attrValue.split(/\s+/).filter((name) => name && isAllowedNotebookClass(tag, name));
    if (kept.length === 0) data.keepAttr = false;
    else data.attrValue = kept.join(' ');
  }
  if (data.attrName === 'href' && !isAllowedHref(data.attrValue)) data.keepAttr = false;
  if (data.attrName === 'src' && !isAllowedImageSource(data.attrValue)) data.keepAttr = false;
});

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName.toLowerCase() !== 'a' || !node.hasAttribute('href')) return;
  node.setAttribute('rel', LINK_REL);
  node.setAttribute('target', LINK_TARGET);
});

export function sanitizeNotebook(html: string): string {
  return purify.sanitize(html, { ALLOWED_TAGS: [...NOTEBOOK_TAGS], ALLOWED_ATTR, FORBID_TAGS: ['style'] });
}
