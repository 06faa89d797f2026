/**
 * A title as a download's file name part: plain ASCII letters, digits and dashes, at most 80, so every
 * browser keeps it and no quote or line break reaches the Content-Disposition header. Empty when the
 * title has none of them.
 */
export function fileNameSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
