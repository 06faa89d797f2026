import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { type Api, apiAs, expect, signUpViaApi, test, uniqueEmail } from './fixtures';

/*
 * Issue 7's journeys in Chromium against the real server: a guest meets 'Account Required', signs
 * up, enrolls in a free course, completes every lesson, fails then passes the quiz, downloads the
 * certificate and opens its verification page; another student buys a paid course after a declined
 * card and finds it in My Courses.
 */

async function creatorApi(request: APIRequestContext): Promise<Api> {
  return apiAs(request, (await signUpViaApi(request, 'creator', 'Tess Teacher')).token);
}

async function publishCourse(api: Api, title: string, price: string) {
  const course = await api('POST', '/api/courses', { title, description: '<p>Learn by doing.</p>', price });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Foundations' });
  await api('POST', `/api/modules/${module.id}/lessons`, {
    title: 'What is a model?',
    type: 'text',
    content: '<p>A model maps inputs to outputs.</p>',
  });
  await api('POST', `/api/modules/${module.id}/lessons`, { title: 'A picture of it', type: 'image' });
  const quiz = await api('POST', `/api/courses/${course.id}/quizzes`, { title: 'Check your understanding' });
  await api('POST', `/api/quizzes/${quiz.id}/questions`, {
    question: 'A model maps…',
    optionA: 'inputs to outputs',
    optionB: 'colours to sounds',
    correctAnswer: 1,
  });
  await api('POST', `/api/quizzes/${quiz.id}/questions`, {
    question: 'Is 2 + 2 = 4?',
    optionA: 'No',
    optionB: 'Yes',
    optionC: 'Maybe',
    correctAnswer: 2,
  });
  await api('POST', `/api/courses/${course.id}/publish`, {});
  return course.id;
}

/** pdf-lib writes the document's Info strings as UTF-16 hex. */
function pdfInfo(pdf: Buffer, key: string): string {
  const hex = new RegExp(`/${key} <FEFF([0-9A-Fa-f]+)>`).exec(pdf.toString('latin1'))?.[1] ?? '';
  return Buffer.from(hex, 'hex').swap16().toString('utf16le');
}

test('a guest signs up, learns a free course, passes its quiz on the second try and gets the certificate', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = `Models from Scratch ${testInfo.workerIndex}-${Date.now()}`;
  const courseId = await publishCourse(await creatorApi(request), title, '0');

  await page.goto(`/course/${courseId}`);
  await page.getByRole('button', { name: 'Enroll for Free' }).click();
  await expect(page.getByRole('dialog', { name: 'Account Required' })).toBeVisible();
  await page.getByRole('link', { name: 'Create Account' }).click();
  await page.getByLabel('Name').fill('Ada Learner');
  await page.getByLabel('Email').fill(uniqueEmail('ada'));
  await page.getByLabel('Password').fill('ada-learns-1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  // Signing up comes back to the course and finishes the enrollment there (issue 22).
  await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
  await expect(page.getByText("You're enrolled!")).toBeVisible();
  await page.getByRole('complementary', { name: 'Enrollment' }).getByRole('link', { name: 'Start Course' }).click();

  // The first lesson completes itself after a second; Next walks the rest.
  await expect(page.getByRole('heading', { name: 'What is a model?' })).toBeVisible();
  await expect(page.getByText('A model maps inputs to outputs.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByText('33%')).toBeVisible({ timeout: 5000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('No image provided')).toBeVisible();
  await expect(page.getByText('67%')).toBeVisible({ timeout: 5000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  // First try: one wrong answer, 50 %.
  const submit = page.getByRole('button', { name: 'Submit Answer' });
  await expect(submit).toBeDisabled();
  await page.getByRole('radio', { name: /colours to sounds/ }).check();
  await submit.click();
  await expect(page.getByLabel('Your answer, wrong')).toBeVisible();
  await page.getByRole('button', { name: 'Next Question' }).click();
  await page.getByRole('radio', { name: /Yes/ }).check();
  await submit.click();
  await page.getByRole('button', { name: 'Complete Quiz' }).click();
  await expect(page.getByText('50%')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Certificate' })).toHaveCount(0);

  // Retake: both right, 100 %, and the certificate appears.
  await page.getByRole('button', { name: 'Retake Quiz' }).click();
  await expect(page.getByText('Question 1 of 2')).toBeVisible();
  await page.getByRole('radio', { name: /inputs to outputs/ }).check();
  await submit.click();
  await page.getByRole('button', { name: 'Next Question' }).click();
  await page.getByRole('radio', { name: /Yes/ }).check();
  await submit.click();
  await page.getByRole('button', { name: 'Complete Quiz' }).click();
  await expect(page.getByText('100%', { exact: true }).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Certificate' }).click(),
  ]);
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  expect(download.suggestedFilename()).toBe(`certificate-${slug}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfInfo(pdf, 'Subject')).toBe(`Ada Learner completed ${title}`);
  await expect(page.getByText('Success!')).toBeVisible();

  // The verification page confirms it to anyone.
  const certificates = await page.request.get(`/api/courses/${courseId}/certificate`, {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
  });
  const certificateId = certificates.headers()['x-certificate-id'];
  await page.goto(`/certificates/${certificateId}`);
  await expect(page.getByRole('heading', { name: 'Verified certificate' })).toBeVisible();
  // The name and the course show in the certificate's text and again in what was checked.
  await expect(page.getByText('Ada Learner').first()).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();

  await page.goto('/my-courses');
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
});

test('a student buys a paid course after a declined card and finds it in My Courses', async ({
  page,
  request,
  loginAs,
}, testInfo) => {
  test.setTimeout(90_000);
  const title = `Paid Transformers ${testInfo.workerIndex}-${Date.now()}`;
  const courseId = await publishCourse(await creatorApi(request), title, '29.99');
  await loginAs('student');

  await page.goto('/my-courses');
  await expect(page.getByText('No enrolled courses yet. Browse courses to get started!')).toBeVisible();
  await page.goto(`/course/${courseId}`);
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${courseId}$`));
  await expect(page.getByTestId('checkout-total')).toHaveText('$29.99');
  await expect(page.getByRole('note')).toContainText('Test mode');

  const pay = async (number: string) => {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Complete Purchase' }).click();
  };
  await pay('4000 0000 0000 0002');
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await pay('4242 4242 4242 4242');
  await expect(page.getByRole('dialog', { name: 'Congratulations!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Courses' }).click();
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
});
