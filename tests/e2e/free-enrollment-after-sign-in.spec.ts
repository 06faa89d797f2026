import type { APIRequestContext, Page } from '@playwright/test';
import { type Account, apiAs, expect as baseExpect, publishCourse, signUpViaApi, test, uniqueEmail } from './fixtures';

// Sign-up, the return and the enrollment are several pages; on a busy machine each can take seconds.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/*
 * A guest presses Enroll for Free, is asked for an account, makes one (or logs in) and is back on the
 * course, enrolled: no checkout page left "Enrolling you in the course…", no dialog that will not close.
 * The checkout's 'Congratulations!' dialog closes with its close button and with Escape.
 */

async function freeCourse(request: APIRequestContext, label: string): Promise<string> {
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const course = await publishCourse(creator, {
    title: `${label} ${Date.now()}`,
    description: '<p>Free for all.</p>',
    price: '0',
  });
  return course.id;
}

async function myCourseIds(request: APIRequestContext, token: string): Promise<string[]> {
  return (await apiAs(request, token)<{ id: string }[]>('GET', '/api/my-courses')).map((course) => course.id);
}

/** Back on the course page, enrolled: its address without the return marker, Start Course, no dialog. */
async function expectEnrolledOnCoursePage(page: Page, courseId: string) {
  await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
  await expect(page.getByText("You're enrolled", { exact: false }).first()).toBeVisible();
  const enrollment = page.getByRole('complementary', { name: 'Enrollment' });
  await expect(enrollment.getByRole('link', { name: 'Start Course' })).toHaveAttribute('href', `/course/${courseId}/learn`);
  await expect(page.getByRole('button', { name: 'Enroll for Free' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Enrolling you in the course...')).toHaveCount(0);
}

test('Enroll for Free as a guest, then Create Account: back on the course, enrolled', async ({ page, request }) => {
  const courseId = await freeCourse(request, 'Free After Sign-up');
  await page.goto(`/course/${courseId}`);
  await page.getByRole('button', { name: 'Enroll for Free' }).click();
  await page.getByRole('dialog', { name: 'Account Required' }).getByRole('link', { name: 'Create Account' }).click();
  await page.getByLabel('Name').fill('Nova Newcomer');
  const email = uniqueEmail('newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('new-here-123');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expectEnrolledOnCoursePage(page, courseId);
  await page.screenshot({ path: test.info().outputPath('enrolled-after-sign-up.png') });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(await myCourseIds(request, token ?? '')).toContain(courseId);
  // Start Course opens the player on the course's first slide.
  await page.getByRole('complementary', { name: 'Enrollment' }).getByRole('link', { name: 'Start Course' }).click();
  await expect(page.getByRole('heading', { name: 'First steps' })).toBeVisible();
});

test('Enroll for Free as a guest, then Log In with an existing account: back on the course, enrolled', async ({
  page,
  request,
}) => {
  const courseId = await freeCourse(request, 'Free After Login');
  const student: Account = await signUpViaApi(request, 'student');
  await page.goto(`/course/${courseId}`);
  await page.getByRole('button', { name: 'Enroll for Free' }).click();
  await page.getByRole('dialog', { name: 'Account Required' }).getByRole('link', { name: 'Log In' }).click();
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expectEnrolledOnCoursePage(page, courseId);
  expect(await myCourseIds(request, student.token)).toContain(courseId);
});

test("the checkout's Congratulations dialog closes with Escape and with its close button, over an enrolled page", async ({
  page,
  loginAs,
  request,
}) => {
  await loginAs('student');
  // A free course's checkout, opened by its address.
  const freeId = await freeCourse(request, 'Free Checkout');
  await page.goto(`/checkout/${freeId}`);
  const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Behind it, the page says what happened rather than "Enrolling you in the course..." forever.
  await expect(page.getByText('Enrolling you in the course...')).toHaveCount(0);
  await expect(page.getByText("You're enrolled", { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Learning' })).toHaveAttribute('href', `/course/${freeId}/learn`);

  // A paid one: paid with the test card, then the close button.
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const paid = await publishCourse(creator, {
    title: `Paid Checkout ${Date.now()}`,
    description: '<p>Worth it.</p>',
    price: '12.00',
  });
  await page.goto(`/checkout/${paid.id}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Complete Purchase' })).toHaveCount(0);
  await expect(page.getByText("You're enrolled", { exact: false }).first()).toBeVisible();
});
