import { AxeReport, useStableRendering } from './axe-scanner';
import { apiAs, expect, publishCourse, signUpViaApi, test } from './fixtures';

/*
 * Issue 24 §1 (coupons): the buyer types a code at checkout, sees the discount and the new total that
 * the server worked out, and pays that; a code that covers the whole price enrolls without a card.
 */

test('a coupon at checkout: a refused code says why, a good one lowers the total that is charged', async ({
  page,
  request,
  loginAs,
}, testInfo) => {
  test.setTimeout(120_000);
  await useStableRendering(page);
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const course = await publishCourse(creator, {
    title: `Coupon Course ${testInfo.workerIndex}-${Date.now()}`,
    description: '<p>Worth it.</p>',
    price: '40.00',
  });
  const code = `LAUNCH${Date.now().toString(36).toUpperCase()}`;
  await creator('POST', '/api/creator/coupons', { code, courseId: course.id, percentOff: 25 });
  const student = await loginAs('student');

  await page.goto(`/checkout/${course.id}`);
  await expect(page.getByRole('button', { name: 'Complete Purchase' })).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('$40.00');

  const field = page.getByLabel('Discount code');
  await field.fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This code is not valid for this course')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(code.toLowerCase());
  await field.press('Enter');
  await expect(page.getByText(`${code} applied`)).toBeVisible();
  await expect(page.getByText(`Discount (${code})`)).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('$30.00');

  const report = new AxeReport('student');
  await report.scan(page, 'checkout: coupon applied', page.getByText(`Discount (${code})`));
  report.expectNoViolations();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByRole('dialog', { name: 'Congratulations!' })).toBeVisible();

  // What was charged is the discounted price, and the code counts one use.
  const mine = apiAs(request, student.token);
  const coupons = await creator<{ items: { code: string; redemptions: number }[] }>('GET', '/api/creator/coupons');
  expect(coupons.items.find((coupon) => coupon.code === code)?.redemptions).toBe(1);
  const enrolled = await mine<{ id: string }[]>('GET', '/api/my-courses');
  expect(enrolled.map((item) => item.id)).toContain(course.id);
});

test('a code that covers the whole price enrolls without a card', async ({ page, request, loginAs }, testInfo) => {
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const course = await publishCourse(creator, {
    title: `Free Code Course ${testInfo.workerIndex}-${Date.now()}`,
    description: '<p>On the house.</p>',
    price: '25.00',
  });
  const code = `FREE${Date.now().toString(36).toUpperCase()}`;
  await creator('POST', '/api/creator/coupons', { code, courseId: course.id, percentOff: 100 });
  await loginAs('student');

  await page.goto(`/checkout/${course.id}`);
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('checkout-total')).toHaveText('Free');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  const report = new AxeReport('student');
  await report.scan(page, 'checkout: a code that covers the price', page.getByRole('button', { name: 'Enroll for free' }));
  report.expectNoViolations();
  await page.getByRole('button', { name: 'Enroll for free' }).click();
  await expect(page.getByRole('dialog', { name: 'Congratulations!' })).toBeVisible();
});
