import { AxeReport } from './axe-scanner';
import { apiAs, expect, publishCourse, test } from './fixtures';

/*
 * Issue 23 §2: a visitor searches from the top bar, narrows the results with filters, shares the
 * address, and whoever opens it sees the same courses, drawn by the server; the back button undoes a
 * filter; a search that finds nothing says what to change.
 */

test('search with filters, share the address, and the same results open in a new page', async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  // A word no other course has: the search finds only this test's courses.
  const word = `Quokkanet${Date.now().toString(36)}`;
  const publish = async (title: string, difficulty: string, price: string) => {
    await publishCourse(api, { title, description: '<p>Hands on.</p>', price, difficulty });
    return title;
  };
  const freeBeginner = await publish(`${word} for Beginners`, 'Beginner', '0');
  const paidBeginner = await publish(`${word} in Practice`, 'Beginner', '24.99');
  const advanced = await publish(`Advanced ${word} Research`, 'Advanced', '49.99');

  const visitor = await browser.newContext({ baseURL });
  const guest = await visitor.newPage();
  await guest.goto('/');
  const searchBox = guest.getByRole('searchbox', { name: 'Search courses' });
  await searchBox.fill(word);
  await searchBox.press('Enter');
  await expect(guest).toHaveURL(`/courses?q=${word}`);
  await expect(guest.getByRole('heading', { level: 1, name: `Results for “${word}”` })).toBeVisible();
  const results = guest.getByRole('region', { name: 'Courses found' });
  const titles = results.getByRole('article').getByRole('heading');
  await expect(titles).toHaveCount(3);
  await expect(guest.getByRole('status').filter({ hasText: /courses?$/ })).toHaveText('3 courses');

  const filters = guest.getByRole('navigation', { name: 'Filters' });
  await expect(filters.getByRole('link', { name: /^Beginner 2 courses$/ })).toBeVisible();
  await filters.getByRole('link', { name: /^Beginner/ }).click();
  await expect(guest).toHaveURL(`/courses?q=${word}&difficulty=Beginner`);
  await expect(titles).toHaveCount(2);
  await expect(results).toContainText(freeBeginner);
  await expect(results).toContainText(paidBeginner);
  await filters.getByRole('link', { name: /^Paid/ }).click();
  await expect(guest).toHaveURL(`/courses?q=${word}&difficulty=Beginner&price=paid`);
  await expect(titles).toHaveText([paidBeginner]);
  await expect(filters.getByRole('link', { name: /^Paid/ })).toHaveAttribute('aria-current', 'true');

  // The shared address, opened by someone else: the same courses, already in the HTML the server sent.
  const shared = guest.url();
  const html = await (await visitor.request.get(shared)).text();
  expect(html).toContain(paidBeginner);
  expect(html).not.toContain(freeBeginner);
  const friend = await (await browser.newContext({ baseURL })).newPage();
  await friend.goto(shared);
  await expect(friend.getByRole('region', { name: 'Courses found' }).getByRole('article').getByRole('heading')).toHaveText([
    paidBeginner,
  ]);
  await friend.context().close();

  // Back undoes the last filter.
  await guest.goBack();
  await expect(guest).toHaveURL(`/courses?q=${word}&difficulty=Beginner`);
  await expect(titles).toHaveCount(2);

  // Ordered by price, most expensive first, across every level.
  await guest.getByRole('link', { name: 'Beginner (remove)' }).click();
  await expect(titles).toHaveCount(3);
  await guest.getByLabel('Sort by').selectOption('price_desc');
  await expect(guest).toHaveURL(`/courses?q=${word}&sort=price_desc`);
  await expect(titles).toHaveText([advanced, paidBeginner, freeBeginner]);

  // An order chosen on the server's drawing, before the page's code has run: the choice starts the
  // code, and is made again once the app has the page (the loader remembers it, docs/performance.md, First paint).
  const early = await (await browser.newContext({ baseURL })).newPage();
  await early.goto(`/courses?q=${word}`);
  await expect(early.locator('html[data-app-ready]')).toHaveCount(0);
  await early.getByLabel('Sort by').selectOption('price_desc');
  await expect(early).toHaveURL(`/courses?q=${word}&sort=price_desc`);
  await expect(early.getByRole('region', { name: 'Courses found' }).getByRole('article').getByRole('heading')).toHaveText([
    advanced,
    paidBeginner,
    freeBeginner,
  ]);
  await early.context().close();

  // A price range the form checks before the address changes.
  await filters.getByLabel('From $').fill('50');
  await filters.getByLabel('To $').fill('20');
  await filters.getByRole('button', { name: 'Apply price' }).click();
  await expect(filters.getByRole('alert')).toHaveText('The lowest price must not be above the highest.');
  await filters.getByLabel('From $').fill('20');
  await filters.getByLabel('To $').fill('30');
  await filters.getByRole('button', { name: 'Apply price' }).click();
  await expect(titles).toHaveText([paidBeginner]);

  // Nothing found: what to change.
  await guest.goto(`/courses?q=${word}&difficulty=Intermediate`);
  await expect(guest.getByText(`No courses match “${word}”`)).toBeVisible();
  await expect(guest.getByText('Remove a filter above: each one narrows the results.')).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/courses');

  const axe = new AxeReport('course search');
  await guest.goto(`/courses?q=${word}&difficulty=Beginner`);
  await axe.scan(guest, 'search results', titles.first());
  await guest.goto(`/courses?q=${word}&difficulty=Intermediate`);
  await axe.scan(guest, 'search without results', guest.getByText(`No courses match “${word}”`));
  await visitor.close();
  axe.expectNoViolations();
});

test('a typo in a word is forgiven: “pyhton” finds the Python course, in both themes and on a phone', async ({
  page,
}, testInfo) => {
  for (const [theme, width] of [
    ['light', 1280],
    ['dark', 1280],
    ['dark', 390],
    ['light', 390],
  ] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/courses?q=pyhton');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “pyhton”' })).toBeVisible();
    const results = page.getByRole('region', { name: 'Courses found' });
    await expect(results.getByRole('heading', { name: /Python/ }).first()).toBeVisible();
    await expect(page.getByText('No courses found')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`typo-search-${theme}-${width}.png`) });
  }
});
