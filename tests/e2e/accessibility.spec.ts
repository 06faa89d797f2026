import type { Page } from '@playwright/test';
import { type AccessibilityData, createAccessibilityData } from './accessibility-data';
import { AxeReport, useStableRendering } from './axe-scanner';
import { test } from './fixtures';

/*
 * Issue 8, accessibility budget: every screen of the app, signed out, as a student and as a creator,
 * in light and dark theme on a desktop and a phone, with the WCAG 2.2 A/AA rules of axe: 0 violations.
 * Each test keeps one page and walks its screens; six tests of about the same length keep both workers
 * busy to the end, largest first.
 */

let data: AccessibilityData;

test.beforeAll(async ({ request }) => {
  data = await createAccessibilityData(request);
});

test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000);
  await useStableRendering(page);
});

/** A returning user: the token is where the app keeps it before any page loads. */
async function signIn(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
}

test('creator: course builder, module builder, quiz builder, preview and their dialogs', async ({ page }) => {
  const report = new AxeReport('creator');
  await signIn(page, data.creator.token);

  await page.goto(`/creator/courses/${data.freeCourseId}/build`);
  await report.scan(page, 'course builder', page.getByRole('link', { name: 'Build Quiz →' }));
  await page.getByRole('button', { name: 'Delete Descending' }).click();
  await report.scan(page, 'dialog: delete module', page.getByRole('alertdialog'));
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/creator/modules/${data.moduleId}/build`);
  await report.scan(page, 'module builder', page.getByText('Slide 1 of 3'));
  await page.getByRole('button', { name: 'Add Page' }).click();
  await report.scan(page, 'dialog: add slide', page.getByRole('dialog', { name: 'Add Page' }));
  await page.keyboard.press('Escape');

  await page.goto(`/creator/quizzes/${data.quizId}/build`);
  await report.scan(page, 'quiz builder', page.getByText('Which way does gradient descent step?'));

  await page.goto(`/course/${data.freeCourseId}/preview`);
  await report.scan(page, 'preview: module', page.getByRole('heading', { name: 'Following the slope' }));
  await page.getByRole('button', { name: /Check your footing/ }).click();
  await report.scan(page, 'preview: quiz', page.getByText('What sets the step size?'));

  report.expectNoViolations();
});

test('signed out: login, sign-up, password reset and the creator portal', async ({ page }) => {
  const report = new AxeReport('guest');
  await page.goto('/login');
  await report.scan(page, 'login', page.getByRole('button', { name: 'Login', exact: true }));
  await page.goto('/login?tab=signup');
  await report.scan(page, 'sign up', page.getByRole('button', { name: 'Sign Up', exact: true }));
  await page.goto('/forgot-password');
  await report.scan(page, 'forgot password', page.getByRole('button', { name: 'Send Reset Link' }));
  await page.goto('/reset-password?token=checked-only-on-submit');
  await report.scan(page, 'reset password', page.getByRole('button', { name: 'Reset Password' }));
  await page.goto('/creator');
  await report.scan(page, 'creator portal', page.getByRole('button', { name: 'Login', exact: true }));
  await page.goto('/creator?invite=abc12345');
  await report.scan(page, 'creator sign up', page.getByLabel('Invitation code'));

  report.expectNoViolations();
});

test('creator: dashboard, course forms, analytics and students', async ({ page }) => {
  const report = new AxeReport('creator');
  await signIn(page, data.creator.token);

  await page.goto('/creator/dashboard');
  await report.scan(page, 'dashboard', page.getByText('Old RNN Course'));
  await page.goto('/creator/create-course');
  await report.scan(page, 'create course', page.getByRole('button', { name: 'Create & Build' }));
  await page.goto(`/creator/courses/${data.freeCourseId}/edit`);
  await report.scan(page, 'edit course', page.getByRole('button', { name: 'Save Changes' }));
  await page.goto(`/creator/courses/${data.freeCourseId}/analytics`);
  await report.scan(page, 'course analytics', page.getByRole('heading', { name: /Gradient Descent, Gently/ }));
  await page.goto(`/creator/courses/${data.freeCourseId}/students`);
  await report.scan(page, 'course students', page.getByRole('heading', { name: /Gradient Descent, Gently/ }));

  report.expectNoViolations();
});

test('signed out: home, course detail with Account Required, certificate and 404', async ({ page }) => {
  const report = new AxeReport('guest');
  await page.goto('/');
  await report.scan(page, 'home', page.getByTestId('course-card').first());
  await page.goto(`/course/${data.freeCourseId}`);
  await report.scan(page, 'course detail', page.getByRole('heading', { name: 'Gradient Descent, Gently' }));
  await page.getByRole('button', { name: 'Enroll for Free' }).click();
  await report.scan(page, 'dialog: Account Required', page.getByRole('dialog', { name: 'Account Required' }));
  await page.goto(`/certificates/${data.certificateId}`);
  await report.scan(page, 'certificate verification', page.getByRole('heading', { name: 'Verified certificate' }));
  await page.goto('/no/such/page');
  await report.scan(page, '404', page.getByRole('heading', { name: 'Page not found' }));

  report.expectNoViolations();
});

test('student: My Courses, course detail, checkout and its success dialog', async ({ page }) => {
  const report = new AxeReport('student');
  await signIn(page, data.student.token);

  await page.goto('/my-courses');
  await report.scan(page, 'my courses', page.getByRole('link', { name: 'Gradient Descent, Gently', exact: true }));
  await page.goto(`/course/${data.freeCourseId}`);
  await report.scan(page, 'course detail (enrolled)', page.getByRole('link', { name: 'Start Course' }));
  await page.goto(`/checkout/${data.paidCourseId}`);
  await report.scan(page, 'checkout', page.getByRole('button', { name: 'Complete Purchase' }));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await report.scan(page, 'dialog: Congratulations!', page.getByRole('dialog', { name: 'Congratulations!' }));

  report.expectNoViolations();
});

test('student: Learn with a text slide and the quiz from question to result', async ({ page }) => {
  const report = new AxeReport('student');
  await signIn(page, data.student.token);

  await page.goto(`/course/${data.freeCourseId}/learn`);
  await report.scan(page, 'learn: text slide', page.getByRole('heading', { name: 'Following the slope' }));
  await page.getByRole('button', { name: /Check your footing/ }).click();
  await report.scan(page, 'learn: quiz question', page.getByText('Question 1 of 2'));
  await page.getByRole('radio', { name: /Uphill/ }).check();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await report.scan(page, 'learn: quiz feedback', page.getByRole('button', { name: 'Next Question' }));
  await page.getByRole('button', { name: 'Next Question' }).click();
  await page.getByRole('radio', { name: /The learning rate/ }).check();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await page.getByRole('button', { name: 'Complete Quiz' }).click();
  await report.scan(page, 'learn: quiz result', page.getByRole('button', { name: 'Retake Quiz' }));

  report.expectNoViolations();
});
