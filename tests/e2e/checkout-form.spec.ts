import { AxeReport, useStableRendering } from './axe-scanner';
import { apiAs, expect, signUpViaApi, test } from './fixtures';

/*
 * Issue 22 item 9 (checkout): the expiry gets its "/" as it is typed, every field's error shows at once,
 * and a declined card leaves a lasting error beside the form, not only a notice that closes itself.
 */

test('the card form puts in the "/", shows every error at once and keeps a declined card\'s error on the page', async ({
  page,
  request,
  loginAs,
}, testInfo) => {
  test.setTimeout(150_000);
  await useStableRendering(page);
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const course = await creator('POST', '/api/courses', {
    title: `Paid Course ${testInfo.workerIndex}-${Date.now()}`,
    description: '<p>Worth it.</p>',
    price: '19.00',
  });
  const module = await creator('POST', `/api/courses/${course.id}/modules`, { title: 'Start' });
  await creator('POST', `/api/modules/${module.id}/lessons`, { title: 'One', type: 'text', content: '<p>One.</p>' });
  await creator('POST', `/api/courses/${course.id}/publish`, {});
  await loginAs('student');

  await page.goto(`/checkout/${course.id}`);
  const pay = page.getByRole('button', { name: 'Complete Purchase' });
  await expect(pay).toBeVisible();

  // Every empty field says so at once, and the first one takes the focus.
  await pay.click();
  await expect(page.getByText('Enter your card number')).toBeVisible();
  await expect(page.getByText('Enter the expiry date')).toBeVisible();
  await expect(page.getByText('Enter the CVC')).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');

  const expiry = page.getByLabel('Expiry (MM/YY)');
  await expiry.pressSequentially('12');
  await expect(expiry).toHaveValue('12/');
  await expect(page.getByText('Enter the expiry date')).toHaveCount(0);
  await expiry.pressSequentially('30');
  await expect(expiry).toHaveValue('12/30');
  // Backspace walks back through the "/" instead of meeting it again.
  await expiry.press('Backspace');
  await expect(expiry).toHaveValue('12/3');
  await expiry.press('Backspace');
  await expect(expiry).toHaveValue('12');
  await expiry.pressSequentially('30');
  await expect(expiry).toHaveValue('12/30');

  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('CVC').fill('123');
  await pay.click();
  const failure = page.getByTestId('payment-failure');
  await expect(failure).toHaveAttribute('role', 'alert');
  await expect(failure).toContainText('Payment Failed');
  await expect(failure).toContainText('Your card was declined.');
  // Still there after a notice would have closed itself (5 s).
  await page.waitForTimeout(6_000);
  await expect(failure).toBeVisible();

  const report = new AxeReport('student');
  await report.scan(page, 'checkout: declined card', failure);
  report.expectNoViolations();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByRole('dialog', { name: 'Congratulations!' })).toBeVisible();
});
