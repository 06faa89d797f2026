import { type Api, apiAs, catalogueIds, expect, expectNoSidewaysScroll, publishCourse, signUpViaApi, test } from './fixtures';

/*
 * Issue 22 item 9 (catalogue and course page): "Popular" puts the courses with students first, a count
 * shows only above zero and "New" has no star; a blurb keeps the creator's lines and bullets; a long
 * unbroken title wraps on the course page. Home shows only the most followed courses of a busy test
 * server, so the cards are read where their creator's page lists them, as the catalogue draws them.
 */

async function publish(api: Api, title: string, description: string) {
  const course = await api('POST', '/api/courses', { title, description, price: '0' });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Start' });
  await api('POST', `/api/modules/${module.id}/lessons`, { title: 'One', type: 'text', content: '<p>One.</p>' });
  await api('POST', `/api/courses/${course.id}/publish`, {});
  return course;
}

test('Popular lists the course with students before a newer one without; counts and "New" read right; blurbs keep their bullets', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const stamp = `${testInfo.workerIndex}-${Date.now()}`;
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const followedTitle = `Followed Course ${stamp}`;
  const newerTitle = `Newer Course ${stamp}`;
  const { id: followedId, creatorId } = await publish(
    creator,
    followedTitle,
    '<p>What you get:</p><ul><li>Five projects</li><li>A certificate</li></ul>',
  );
  const { id: newerId } = await publish(creator, newerTitle, '<p>First line<br>second line</p>');
  const student = apiAs(request, (await signUpViaApi(request, 'student')).token);
  await student('POST', '/api/enroll-free', { courseId: followedId });

  const popular = await catalogueIds(request);
  expect(popular.indexOf(followedId)).toBeGreaterThanOrEqual(0);
  expect(popular.indexOf(followedId)).toBeLessThan(popular.indexOf(newerId));

  await page.goto(`/instructors/${creatorId}`);
  const cards = page.getByTestId('course-card');
  const followed = cards.filter({ has: page.getByRole('heading', { name: followedTitle }) });
  const newer = cards.filter({ has: page.getByRole('heading', { name: newerTitle }) });
  await expect(followed).toBeVisible();
  await expect(newer).toBeVisible();

  await expect(followed.getByText('1 student', { exact: true })).toBeVisible();
  await expect(followed.getByText('New', { exact: true })).toHaveCount(0);
  await expect(newer.getByText('New', { exact: true })).toBeVisible();
  await expect(newer.getByText(/\b0 students\b/)).toHaveCount(0);
  // No ratings yet: no star anywhere on either card.
  await expect(followed.locator('svg.lucide-star')).toHaveCount(0);
  await expect(newer.locator('svg.lucide-star')).toHaveCount(0);

  const blurb = (card: typeof followed) =>
    card.locator('p.whitespace-pre-line').evaluate(
      // biome-ignore lint/performance/useDomNodeTextContent: innerText is the line breaks the reader sees; textContent has none
      (p) => (p as HTMLElement).innerText,
    );
  expect(await blurb(followed)).toBe('What you get:\n• Five projects\n• A certificate');
  expect(await blurb(newer)).toBe('First line\nsecond line');

  // The course page says the same: no "0" students figure, a plain "New".
  await page.goto(`/course/${newerId}`);
  await expect(page.getByRole('heading', { level: 1, name: newerTitle })).toBeVisible();
  await expect(page.getByText('Students', { exact: true })).toHaveCount(0);
  await expect(page.getByText('New', { exact: true })).toBeVisible();
});

test('a long unbroken course title wraps on the course page instead of overflowing a phone', async ({ page, request }) => {
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const title = `Hyperparameter${'optimisation'.repeat(8)}${Date.now()}`;
  const { id: courseId } = await publish(creator, title, '<p>Long.</p>');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/course/${courseId}`);
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible();
  const box = await heading.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  const overflow = await heading.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a course whose title and description hold an unbroken 70-letter word keeps its cards inside the screen', async ({
    page,
    request,
  }) => {
    const creator = await signUpViaApi(request, 'creator');
    const creatorId = ((await apiAs(request, creator.token)('GET', '/api/auth/me')) as { id: string }).id;
    const word = 'Pneumonoultramicroscopicsilicovolcanoconiosisandthensomemoreletters';
    await publishCourse(
      apiAs(request, creator.token),
      { title: `Words like ${word}`, description: `<p>About ${word} and more.</p>`, price: '0' },
      { module: 'Words', title: 'Long ones', content: '<p>Long.</p>' },
    );
    // The instructor's page and a search show the course for sure; Home shows it while the catalogue is small.
    for (const url of [`/instructors/${creatorId}`, `/courses?q=${word}`]) {
      await page.goto(url);
      await expect(page.getByRole('heading', { name: new RegExp(word.slice(0, 12)) }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    await page.goto('/');
    await expectNoSidewaysScroll(page);
  });
});
