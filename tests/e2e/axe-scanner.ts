import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/*
 * Scans one page in every theme × viewport variant with axe's WCAG 2.2 A/AA rules, without reloading:
 * the viewport is resized and the theme switched the way the app itself follows another tab's choice
 * (the stored 'theme' key plus a storage event, see lib/theme.tsx), so each page loads once.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Theme = 'light' | 'dark';
type Variant = { name: string; theme: Theme; viewport: { width: number; height: number } };

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

export const VARIANTS: Variant[] = [
  { name: 'light desktop', theme: 'light', viewport: DESKTOP },
  { name: 'dark desktop', theme: 'dark', viewport: DESKTOP },
  { name: 'dark phone', theme: 'dark', viewport: PHONE },
  { name: 'light phone', theme: 'light', viewport: PHONE },
];

// Anything still loading: a spinner, a skeleton, the lazy page bar.
const LOADING = '.animate-spin, .animate-pulse, [role="progressbar"][aria-label="Loading page"], [aria-busy="true"]';

export type Finding = { page: string; variant: string; violations: Result[]; incomplete: Result[] };

export async function useStableRendering(page: Page) {
  // Reduced motion makes the app's transitions and dialog pop-ins take 1 ms (index.css), so axe never
  // measures a colour half-way through a fade.
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

/**
 * Resizes when needed, switches the theme, then waits in the page itself (one round trip, which counts
 * on a busy machine) until the theme is applied, nothing is loading or animating, and two more frames
 * have been laid out.
 * Answers whether axe is already in this document.
 */
async function applyVariant(page: Page, variant: Variant): Promise<boolean> {
  const viewport = page.viewportSize();
  if (viewport?.width !== variant.viewport.width || viewport.height !== variant.viewport.height) {
    await page.setViewportSize(variant.viewport);
  }
  return page.evaluate(
    async ({ theme, loading }) => {
      localStorage.setItem('theme', theme);
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
      const nextFrame = () => new Promise(requestAnimationFrame);
      const deadline = performance.now() + 10_000;
      // Colour transitions count too: axe must read the theme's colours, not a frame of the fade.
      const isSettled = () =>
        document.documentElement.classList.contains('dark') === (theme === 'dark') &&
        !document.querySelector(loading) &&
        document.getAnimations().every((animation) => animation.playState !== 'running');
      while (!isSettled()) {
        if (performance.now() > deadline)
          throw new Error(`not settled in the ${theme} theme: ${document.querySelector(loading)?.outerHTML}`);
        await nextFrame();
      }
      await nextFrame();
      await nextFrame();
      await document.fonts.ready;
      return 'axe' in window;
    },
    { theme: variant.theme, loading: LOADING },
  );
}

/**
 * axe in the page's own document (legacy mode): the app has no cross-origin frames in the e2e setup
 * (test card processor, no video addresses), and the default mode opens a blank page and injects
 * axe twice per scan. Injected once per document and reused, a scan takes about half the time.
 */
async function analyze(page: Page, isInjected: boolean) {
  // Without axeSource the builder injects its own copy of axe-core.
  return new AxeBuilder({ page, ...(isInjected ? { axeSource: 'void 0' } : {}) }).withTags(WCAG_TAGS).setLegacyMode().analyze();
}

export class AxeReport {
  readonly findings: Finding[] = [];

  constructor(private readonly role: string) {}

  /** `ready` is something only the settled page shows: its data arrived and nothing is loading. */
  async scan(page: Page, name: string, ready: Locator) {
    await expect(ready).toBeVisible();
    // What a visitor reads once they use the page: the app has it (a page for reading waits for that,
    // docs/performance.md, First paint).
    await page.evaluate(() => document.dispatchEvent(new PointerEvent('pointermove', { bubbles: true })));
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    const before = page.viewportSize();
    for (const variant of VARIANTS) {
      const isInjected = await applyVariant(page, variant);
      const { violations, incomplete } = await analyze(page, isInjected);
      this.findings.push({ page: name, variant: variant.name, violations, incomplete });
    }
    // The test goes on in the layout it had: a phone's (Learn folds its outline there) is not every step's.
    if (before) await page.setViewportSize(before);
  }

  /** page × variant → violating elements (and, in brackets, elements axe could not decide), for the test log. */
  table(): string {
    const pages = [...new Set(this.findings.map((finding) => finding.page))];
    const width = Math.max(...pages.map((name) => name.length), this.role.length);
    const header = [this.role.padEnd(width), ...VARIANTS.map((variant) => variant.name)].join(' | ');
    const rows = pages.map((name) =>
      [
        name.padEnd(width),
        ...VARIANTS.map((variant) => {
          const finding = this.findings.find((each) => each.page === name && each.variant === variant.name);
          const count = (results: Result[] = []) => results.reduce((sum, result) => sum + result.nodes.length, 0);
          return `${count(finding?.violations)} (${count(finding?.incomplete)})`.padStart(variant.name.length);
        }),
      ].join(' | '),
    );
    return [header, header.replace(/[^|]/g, '-'), ...rows].join('\n');
  }

  /** One line per rule and element, enough to find and fix it without rerunning. */
  failures(): string[] {
    return this.findings.flatMap(({ page, variant, violations }) =>
      violations.flatMap((violation) =>
        violation.nodes.map(
          (node) =>
            `${page} [${variant}] ${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ')}`,
        ),
      ),
    );
  }

  expectNoViolations() {
    console.log(`\n${this.table()}\n`);
    expect(this.failures(), 'axe WCAG 2.2 A/AA violations').toEqual([]);
  }
}
