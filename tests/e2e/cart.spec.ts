import { AxeReport, useStableRendering } from './axe-scanner';
import { apiAs, expect, expectNoSidewaysScroll, publishCourse, signUpViaApi, test } from './fixtures';

/*
 * Issue 24 §2 (the cart): a guest fills a cart in this browser, signs in and finds it in their
 * account's cart, adds another course from its card, and pays for both with one card payment; both
 * courses are then in My Courses. Light and dark, desktop and a 390 px phone, axe-clean.
 */

test.describe.configure({ timeout: 150_000 });

test('a guest fills a cart, signs in, it merges, adds a second course and pays for both at once', async ({
  page,
  request,
}, testInfo) => {
  await useStableRendering(page);
  const run = `${testInfo.workerIndex}-${Date.now()}`;
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const first = await publishCourse(creator, { title: `Cart First ${run}`, description: '<p>One.</p>', price: '30.00' });
  const second = await publishCourse(creator, { title: `Cart Second ${run}`, description: '<p>Two.</p>', price: '19.99' });
  const student = await signUpViaApi(request, 'student');
  const report = new AxeReport('cart');

  // A guest adds the first course from its page: the top bar counts it.
  await page.goto(`/course/${first.id}`);
  // The button's own code arrives just after the takeover and is drawn anew then: a press whose down
  // and up fall either side of that moment is lost (a known gap, in the closing note of 2026-11-26).
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 course' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'In cart: view cart' })).toBeVisible();

  await page.getByRole('link', { name: 'Cart, 1 course' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  const guestList = page.getByRole('list', { name: 'Courses in your cart' });
  await expect(guestList.getByRole('link', { name: `Cart First ${run}` })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('$30.00');
  await report.scan(page, 'cart: a guest', page.getByRole('link', { name: 'Log in to check out' }));
  await expectNoSidewaysScroll(page);

  // Signing in brings the guest's cart into the account's, and comes back to it.
  await page.getByRole('link', { name: 'Log in to check out' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcart$/);
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const list = page.getByRole('list', { name: 'Courses in your cart' });
  await expect(list.getByRole('link', { name: `Cart First ${run}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 course' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();

  // The second course from its card in the search results, which list both of this run's courses.
  await page.goto(`/courses?q=${encodeURIComponent(`Cart ${run}`)}`);
  // The page knows the cart once the first course's card says it is in it.
  await expect(page.getByRole('link', { name: `Cart First ${run} is in your cart: view the cart` })).toBeVisible();
  await page.getByRole('button', { name: `Add Cart Second ${run} to cart` }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 courses' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Cart Second ${run} is in your cart: view the cart` })).toBeVisible();

  await page.getByRole('link', { name: 'Cart, 2 courses' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText('$49.99');
  await report.scan(page, 'cart: two courses', page.getByRole('button', { name: 'Checkout' }));
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // One payment for both, with the test processor's card.
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await expect(page.getByTestId('cart-pay-total')).toHaveText('$49.99');
  await report.scan(page, 'cart: payment', page.getByRole('button', { name: 'Complete Purchase' }));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();

  const done = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Congratulations!' }) });
  await expect(done).toBeVisible();
  await expect(done).toContainText(`Cart First ${run}`);
  await expect(done).toContainText(`Cart Second ${run}`);
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveCount(0);
  await report.scan(page, 'cart: bought', done.getByRole('link', { name: 'Go to My Courses' }));
  report.expectNoViolations();

  // One payment enrolled in both; the account's cart is empty.
  const api = apiAs(request, student.token);
  const cart = await api<{ items: unknown[] }>('GET', '/api/cart');
  expect(cart.items).toEqual([]);
  const purchases = await api<{ items: { course: { id: string }; amount: string }[] }>('GET', '/api/purchases');
  expect(purchases.items.map((item) => item.amount).sort()).toEqual(['19.99', '30.00']);
  expect(purchases.items.map((item) => item.course.id).sort()).toEqual([first.id, second.id].sort());

  await done.getByRole('link', { name: 'Go to My Courses' }).click();
  await expect(page).toHaveURL(/\/my-courses$/);
  await expect(page.getByRole('link', { name: `Cart First ${run}` }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: `Cart Second ${run}` }).first()).toBeVisible();
});

test('an empty cart says so, for a guest and a student alike', async ({ page, loginAs }) => {
  await useStableRendering(page);
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse courses' })).toBeVisible();
  await loginAs('student');
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  const report = new AxeReport('cart');
  await report.scan(page, 'cart: empty', page.getByText('Your cart is empty'));
  report.expectNoViolations();
});
