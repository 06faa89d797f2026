import type { CodeConfig } from '#shared/schemas/code';

/*
 * Where the browser's Python loads packages from (GET /api/code/config, ADR 0052): asked on the first
 * Run of the page and kept, so a slide's code blocks and a code question share one look-up. Plain fetch,
 * since the slide's Run buttons live outside React; a failed look-up is asked again on the next Run.
 */

let asked: Promise<string | null> | null = null;

export function codePackagesUrl(): Promise<string | null> {
  asked ??= fetch('/api/code/config', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(String(response.status));
      return ((await response.json()) as CodeConfig).packagesUrl;
    })
    .catch(() => {
      asked = null;
      // Without the mirror the standard library still runs.
      return null;
    });
  return asked;
}
