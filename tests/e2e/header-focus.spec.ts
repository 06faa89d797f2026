import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Every stop of the keyboard in Home's header shows where it is: the focused element is on the screen
 * and draws an outline or a focus ring, for a guest and for a student, in light and dark. (The user
 * menu's button used to be swapped for the real menu's as its focus loaded that menu: focus fell to
 * the page's body, and that Tab showed nothing.)
 */

type Stop = { label: string; tag: string; visible: boolean; outline: boolean; ring: boolean };

/** Where focus is once the transitions it started have ended, and whether it is seen. */
async function focusedStop(page: Page): Promise<Stop> {
  return page.evaluate(async () => {
    const settled = () => document.getAnimations().every((animation) => animation.playState !== 'running');
    const deadline = performance.now() + 2000;
    while (!settled() && performance.now() < deadline) await new Promise(requestAnimationFrame);
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body)
      return { label: 'the page body', tag: 'BODY', visible: false, outline: false, ring: false };
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const visible =
      box.width > 1 &&
      box.height > 1 &&
      box.bottom > 0 &&
      box.right > 0 &&
      box.top < innerHeight &&
      box.left < innerWidth &&
      style.visibility !== 'hidden' &&
      Number(style.opacity) > 0;
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    // A ring is a box-shadow with a spread, in a colour that is not transparent.
    const shadows = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/);
    const ring = shadows.some((shadow) => {
      const lengths = [...shadow.matchAll(/(-?[\d.]+)px/g)].map((match) => Number(match[1]));
      const colour = shadow.replace(/-?[\d.]+px/g, '').trim();
      return (lengths[3] ?? 0) > 0 && !/rgba\(0, 0, 0, 0\)|\/ 0\)$/.test(colour);
    });
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
    return { label, tag: element.tagName, visible, outline, ring };
  });
}

/** Tabs from the top of the page until focus leaves the header (and its skip link); answers each stop. */
async function tabThroughHeader(page: Page): Promise<Stop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const stops: Stop[] = [];
  for (let press = 0; press < 12; press++) {
    await page.keyboard.press('Tab');
    const inHeader = await page.evaluate(() => {
      const element = document.activeElement;
      return element === document.body || Boolean(element?.closest('header')) || element?.textContent === 'Skip to content';
    });
    const stop = await focusedStop(page);
    if (!inHeader) break;
    stops.push(stop);
  }
  return stops;
}

for (const who of ['guest', 'student'] as const) {
  test(`every Tab stop of Home's header shows its focus: ${who}, light and dark`, async ({ page, loginAs }) => {
    if (who === 'student') await loginAs('student');
    else await page.goto('/');
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const stops = await tabThroughHeader(page);
      const labels = stops.map((stop) => stop.label);
      expect(labels, 'the header has its stops').toEqual(
        expect.arrayContaining(
          who === 'guest' ? ['Cart', 'Login', 'Sign Up'] : ['My Courses', 'Cart', expect.stringMatching(/^User menu/)],
        ),
      );
      for (const stop of stops) {
        expect(stop.tag, `${theme}: a Tab after ${labels[stops.indexOf(stop) - 1]} left focus nowhere`).not.toBe('BODY');
        expect(stop.visible, `${theme}: ${stop.label} is on the screen`).toBe(true);
        expect(stop.outline || stop.ring, `${theme}: ${stop.label} shows a focus outline or ring`).toBe(true);
      }
      await page.screenshot({ path: test.info().outputPath(`header-focus-${who}-${theme}.png`) });
    }
  });
}
