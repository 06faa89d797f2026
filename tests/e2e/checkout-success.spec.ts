import type { Page } from '@playwright/test';
import { apiAs, expect, publishCourse, signUpViaApi, test } from './fixtures';

/*
 * Paying for one course on its own checkout page: the pay button says what will be charged, and once
 * paid only the success dialog shows. The refreshed course (owned now) must not start a new payment
 * behind it, which answered "already enrolled" under a "Payment Error" notice.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Where a person's-eye view is kept: E2E_SHOTS_DIR when set, else the test's output folder. */
const shotPath = (name: string) =>
  process.env.E2E_SHOTS_DIR ? `${process.env.E2E_SHOTS_DIR}/${name}` : test.info().outputPath(name);

function countIntents(page: Page): () => number {
  let made = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/create-payment-intent') made += 1;
  });
  return () => made;
}

for (const viewport of VIEWPORTS) {
  test(`paying with the good card shows only the success dialog, after one payment intent (${viewport.name})`, async ({
    page,
    request,
    loginAs,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
    const course = await publishCourse(creator, {
      title: `One Course Checkout ${testInfo.workerIndex}-${Date.now()}`,
      description: '<p>Worth it.</p>',
      price: '19.99',
    });
    await loginAs('student');
    const intents = countIntents(page);

    await page.goto(`/checkout/${course.id}`);
    // The fixed words, then the amount charged (the dot between them is not read out).
    const pay = page.getByRole('button', { name: 'Complete Purchase $19.99', exact: true });
    await expect(pay).toBeVisible();
    await page.screenshot({ path: shotPath(`checkout-pay-button-${viewport.width}.png`), fullPage: true });
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
    await page.getByLabel('CVC').fill('123');
    // The course is read again once it is owned: what the page does then is what this test is about.
    const courseReadAgain = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/courses/${course.id}` && response.request().method() === 'GET',
    );
    await pay.click();

    const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`You are enrolled in ${course.title}.`);
    await courseReadAgain;
    // Long enough for a new intent, its refusal and its notice, had the page asked for one.
    await page.waitForTimeout(1_500);
    await expect(page.getByText('Payment Error')).toHaveCount(0);
    await expect(page.getByText('Failed to initialize payment')).toHaveCount(0);
    await expect(page.getByText(/already enrolled/i)).toHaveCount(0);
    expect(intents()).toBe(1);
    await expect(dialog.getByRole('link', { name: 'Start Learning' })).toBeVisible();

    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((isDark) => document.documentElement.classList.toggle('dark', isDark), theme === 'dark');
      await page.screenshot({ path: shotPath(`checkout-success-${theme}-${viewport.width}.png`) });
    }
  });
}
