import { mkdirSync } from 'node:fs';
import { ADMIN, apiAs, expect, payForCourse, publishCourse, signUpViaApi, test } from './fixtures';

/*
 * docs/product.md, Certificates: a certificate whose course was refunded says on its public page that
 * it is revoked, when and why, and no longer confirms anything.
 */

const SHOTS = '/tmp/refunds-shots';

test('the verification page of a refunded course’s certificate says it was revoked, when and why', async ({ page }) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const creator = await signUpViaApi(page.request, 'creator');
  const title = `Backpropagation in Practice ${Date.now()}`;
  const course = await publishCourse(apiAs(page.request, creator.token), {
    title,
    description: '<p>Chain rule.</p>',
    price: '30.00',
  });
  const student = await signUpViaApi(page.request, 'student', 'Rhea Refunded');
  const asStudent = apiAs(page.request, student.token);
  await payForCourse(asStudent, course.id);
  const { lessons } = await asStudent<{ lessons: { lessonId: string }[] }>('GET', `/api/courses/${course.id}/progress`);
  for (const { lessonId } of lessons) await asStudent('POST', '/api/progress', { lessonId, completed: true });
  const pdf = await page.request.get(`/api/courses/${course.id}/certificate`, {
    headers: { authorization: `Bearer ${student.token}` },
  });
  expect(pdf.status()).toBe(200);
  const certificateId = pdf.headers()['x-certificate-id'];

  await page.goto(`/certificates/${certificateId}`);
  await expect(page.getByRole('heading', { name: 'Verified certificate' })).toBeVisible();

  const login = await page.request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.ok()).toBe(true);
  const asAdmin = apiAs(page.request, ((await login.json()) as { token: string }).token);
  const paid = await asAdmin<{ items: { id: string; course: { id: string } }[] }>(
    'GET',
    '/api/admin/payments?status=succeeded&limit=100',
  );
  const payment = paid.items.find((item) => item.course.id === course.id);
  expect(payment).toBeDefined();
  await asAdmin('POST', `/api/admin/payments/${payment?.id}/refund`);

  await page.reload();
  const card = page.getByRole('alert');
  await expect(card.getByRole('heading', { name: 'Certificate revoked' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verified certificate' })).toHaveCount(0);
  await expect(card).toContainText('Rhea Refunded');
  await expect(card).toContainText(title);
  const today = new Date().toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  await expect(card).toContainText(`Revoked on ${today}: The course was refunded.`);
  await page.screenshot({ path: `${SHOTS}/certificate-revoked-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/certificate-revoked-phone-dark.png`, fullPage: true });
});
