import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { apiAs, expect as baseExpect, publishCourse, signUpViaApi, test } from './fixtures';

// Four pages of cards; on a busy machine a page's first load alone can take seconds.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/*
 * A course card opens its course from its title and its picture, not only from "View Course"; the title
 * link is named by the course, and "View Course" (the fixed button, kept) names the course too, so a screen
 * reader's list of links tells the cards apart. On Home, the search, an instructor's page and My Courses.
 */

/** The card (or My Courses row) whose title is `title`. */
const cardOf = (page: Page, title: string): Locator =>
  page
    .locator('[data-testid="course-card"], [data-testid="my-course"]')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });

async function expectCardLinks(page: Page, title: string, courseId: string, where: string) {
  const card = cardOf(page, title);
  await expect(card, where).toHaveCount(1);
  const titleLink = card.getByRole('link', { name: title, exact: true });
  await expect(titleLink, `${where}: the title is the link`).toHaveAttribute('href', `/course/${courseId}`);
  // The fixed "View Course" stays visible, named with the course.
  const view = card.getByRole('link', { name: new RegExp(`^View Course.*${title}`) });
  if ((await view.count()) > 0) await expect(view).toHaveText(/View Course/);
  // Every link of the card to the course says which course: none is named "View Course" alone.
  await expect(card.getByRole('link', { name: 'View Course', exact: true }), where).toHaveCount(0);
}

/**
 * No two links to courses share a name but lead to different courses (axe's identical-links rule too).
 * Other links are left out: two instructors of one name are two people, which a test server has plenty of.
 */
async function expectNoAmbiguousLinks(page: Page, where: string) {
  const courseLinks = 'main a[href^="/course/"]';
  const links = await page.locator(courseLinks).evaluateAll((anchors) =>
    anchors
      .filter((anchor) => !anchor.closest('[aria-hidden="true"]'))
      .map((anchor) => ({
        name: (anchor.getAttribute('aria-label') ?? anchor.textContent ?? '').trim(),
        href: anchor.getAttribute('href'),
      })),
  );
  expect(links.length, where).toBeGreaterThan(0);
  const hrefsByName = new Map<string, Set<string | null>>();
  for (const { name, href } of links) hrefsByName.set(name, (hrefsByName.get(name) ?? new Set()).add(href));
  const ambiguous = [...hrefsByName].filter(([, hrefs]) => hrefs.size > 1).map(([name]) => name);
  expect(ambiguous, `${where}: link names shared by links to different courses`).toEqual([]);
  const axe = await new AxeBuilder({ page }).include(courseLinks).withRules(['identical-links-same-purpose']).analyze();
  expect(axe.violations, where).toEqual([]);
  expect(
    axe.incomplete.flatMap((result) => result.nodes.map((node) => node.target.join(' '))),
    where,
  ).toEqual([]);
}

test('a card opens its course from its title and its picture, on Home, search, an instructor page and My Courses', async ({
  page,
  loginAs,
  request,
}, testInfo) => {
  // Letters only: one word the search matches to these two courses alone.
  const stamp = `Zq${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 10)}`;
  const creatorAccount = await signUpViaApi(request, 'creator');
  const creator = apiAs(request, creatorAccount.token);
  const first = await publishCourse(creator, { title: `Card Links Alpha ${stamp}`, description: '<p>A.</p>', price: '0' });
  const second = await publishCourse(creator, { title: `Card Links Beta ${stamp}`, description: '<p>B.</p>', price: '15.00' });
  const firstTitle = `Card Links Alpha ${stamp}`;
  const secondTitle = `Card Links Beta ${stamp}`;
  const creatorId = String(first.creatorId);

  // An instructor's page: both cards; the title opens the course, and so does the picture.
  await page.goto(`/instructors/${creatorId}`);
  await expectCardLinks(page, firstTitle, first.id, 'instructor page');
  await expectCardLinks(page, secondTitle, second.id, 'instructor page');
  await expectNoAmbiguousLinks(page, 'instructor page');
  await page.screenshot({ path: testInfo.outputPath('cards-instructor.png') });
  await cardOf(page, secondTitle).getByTestId('thumbnail-placeholder').click();
  await expect(page).toHaveURL(new RegExp(`/course/${second.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: secondTitle })).toBeVisible();
  await page.goBack();
  await cardOf(page, firstTitle).getByRole('link', { name: firstTitle, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${first.id}$`));

  // The search's results.
  await page.goto(`/courses?q=${stamp}`);
  await expectCardLinks(page, firstTitle, first.id, 'search');
  await expectCardLinks(page, secondTitle, second.id, 'search');
  await expectNoAmbiguousLinks(page, 'search');

  // Home: whichever courses it shows, each card's title link is named by its heading.
  await page.goto('/');
  const homeCards = page.getByTestId('course-card');
  await expect(homeCards.first()).toBeVisible();
  for (const card of await homeCards.all()) {
    const heading = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await expect(card.getByRole('link', { name: heading, exact: true })).toHaveAttribute('href', /^\/course\//);
  }
  // No ambiguity check here: Home shows whatever the other tests published meanwhile, and two
  // creators may well name two courses alike (the accessibility journeys do).

  // My Courses: enrolled and saved rows open their course from the title and the picture too.
  const student = apiAs(page.request, (await loginAs('student')).token);
  await student('POST', '/api/enroll-free', { courseId: first.id });
  await student('PUT', `/api/saved-courses/${second.id}`);
  await page.goto('/my-courses');
  await expect(cardOf(page, firstTitle).getByRole('link', { name: new RegExp(`^Start Course.*${firstTitle}`) })).toBeVisible();
  await expectNoAmbiguousLinks(page, 'my courses');
  await cardOf(page, firstTitle).getByTestId('thumbnail-placeholder').click();
  await expect(page).toHaveURL(new RegExp(`/course/${first.id}$`));
  await page.goto('/my-courses?tab=saved');
  await expectCardLinks(page, secondTitle, second.id, 'my courses: saved');
  await expect(cardOf(page, secondTitle).getByRole('link', { name: `View Course: ${secondTitle}` })).toHaveText('View Course');
  await expectNoAmbiguousLinks(page, 'my courses: saved');
  await cardOf(page, secondTitle).getByTestId('thumbnail-placeholder').click();
  await expect(page).toHaveURL(new RegExp(`/course/${second.id}$`));
});
