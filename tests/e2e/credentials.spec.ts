import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { readPdfQrCode } from '../helpers/pdf-qr';
import { AxeReport, useStableRendering } from './axe-scanner';
import { ADMIN, apiAs, expect, expectNoSidewaysScroll, publishCourse, signInWithToken, signUpViaApi, test } from './fixtures';

/*
 * docs/product.md, Credentials: a student's certificate carries a QR code to its verification page and
 * comes as a signed Open Badges credential; the page says what it checked, valid, then revoked once an
 * admin revokes it in the console.
 */

const SHOTS = '/tmp/credentials-shots';

/** A whole-page picture in a theme and width, the theme chosen as the app's menu stores it (an axe scan leaves its last). */
async function shoot(page: Page, name: string, { theme, width }: { theme: 'light' | 'dark'; width: number }) {
  await page.setViewportSize({ width, height: 844 });
  await page.evaluate((chosen) => {
    localStorage.setItem('theme', chosen);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    window.scrollTo(0, 0);
  }, theme);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}
const REASON = 'The final project was copied from another student';

test('a certificate’s QR code, JSON credential and verification page, valid and then revoked by an admin', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  await useStableRendering(page);
  const title = `Verifiable Credentials in Practice ${testInfo.workerIndex}-${Date.now()}`;
  const creator = await signUpViaApi(request, 'creator');
  const course = await publishCourse(apiAs(request, creator.token), { title, description: '<p>Signed, sealed.</p>', price: '0' });
  const student = await signUpViaApi(request, 'student', 'Vera Verifiable');
  const asStudent = apiAs(request, student.token);
  await asStudent('POST', '/api/enroll-free', { courseId: course.id });
  const { lessons } = await asStudent<{ lessons: { lessonId: string }[] }>('GET', `/api/courses/${course.id}/progress`);
  for (const { lessonId } of lessons) await asStudent('POST', '/api/progress', { lessonId, completed: true });

  // The student downloads the PDF from My Courses; a camera reading its QR code lands on the verification page.
  await signInWithToken(page, student.token);
  await page.goto('/my-courses?tab=completed');
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download certificate for ${title}` }).click();
  const pdf = readFileSync(await (await pdfDownload).path());
  const scanned = readPdfQrCode(pdf, { keepAs: `${SHOTS}/certificate-pdf.png` });
  expect(scanned).toMatch(/^https?:\/\/[^/]+\/certificates\/[0-9a-f-]{36}$/);
  const verifyPath = new URL(scanned ?? '').pathname;
  const certificateId = verifyPath.split('/').pop() ?? '';

  await page.goto(verifyPath);
  const card = page.getByRole('main');
  await expect(page.getByRole('heading', { name: 'Verified certificate' })).toBeVisible();
  const checks = page.getByRole('region', { name: 'What was checked' });
  await expect(checks.getByText('Passed: Signature valid', { exact: true })).toBeVisible();
  await expect(checks).toContainText(/did:web:/);
  await expect(checks.getByText('Passed: Not revoked', { exact: true })).toBeVisible();
  await expect(checks).toContainText('Vera Verifiable');
  await expect(checks).toContainText(title);

  // Both links are reached with the keyboard, in reading order, from the top of the page.
  const reached: string[] = [];
  for (let step = 0; step < 30 && reached.length < 2; step++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (/^(Download credential \(JSON\)|Add to LinkedIn)/.test(name)) reached.push(name.split(' (')[0] ?? name);
  }
  expect(reached).toEqual(['Download credential', 'Add to LinkedIn']);

  // The JSON credential, saved under its own name: Open Badges 3.0, with its proof.
  const jsonDownload = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download credential (JSON)' }).click();
  const saved = await jsonDownload;
  expect(saved.suggestedFilename()).toBe(`gradient-academy-credential-${certificateId}.json`);
  const credential = JSON.parse(readFileSync(await saved.path(), 'utf8'));
  expect(credential['@context']).toEqual([
    'https://www.w3.org/ns/credentials/v2',
    'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
  ]);
  expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
  expect(credential.credentialSubject.name).toBe('Vera Verifiable');
  expect(credential.proof).toMatchObject({
    type: 'DataIntegrityProof',
    cryptosuite: 'eddsa-rdfc-2022',
    proofValue: expect.any(String),
  });

  // LinkedIn's add-to-profile link names the course, the issuer, the month and this page.
  const linkedIn = new URL((await card.getByRole('link', { name: /Add to LinkedIn/ }).getAttribute('href')) ?? '');
  const issued = new Date(credential.validFrom);
  expect(`${linkedIn.origin}${linkedIn.pathname}`).toBe('https://www.linkedin.com/profile/add');
  expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
    startTask: 'CERTIFICATION_NAME',
    name: title,
    organizationName: 'Gradient Academy',
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: new URL(verifyPath, page.url()).href,
    certId: certificateId,
  });

  const axe = new AxeReport('credentials');
  await axe.scan(page, 'verification: valid', checks);
  await shoot(page, 'verify-valid-light', { theme: 'light', width: 1280 });
  await shoot(page, 'verify-valid-phone-dark', { theme: 'dark', width: 390 });
  await shoot(page, 'verify-valid-dark', { theme: 'dark', width: 1280 });
  await page.evaluate(() => localStorage.setItem('theme', 'light'));

  // An admin finds it in the console by the verification address and revokes it, with a reason.
  const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.ok()).toBe(true);
  await signInWithToken(page, ((await login.json()) as { token: string }).token);
  await page.goto('/admin?tab=certificates');
  const panel = page.getByRole('tabpanel', { name: 'Certificates' });
  await panel.getByRole('searchbox', { name: 'Find a certificate' }).fill(scanned ?? '');
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  const row = panel.getByRole('list', { name: 'Certificate found' }).getByRole('listitem');
  await expect(row).toContainText('Vera Verifiable');
  await expect(row).toContainText('Valid');
  await axe.scan(page, 'admin: certificates', row);
  await row.getByRole('button', { name: 'Revoke the certificate of Vera Verifiable' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('button', { name: 'Revoke' })).toBeDisabled();
  await dialog.getByLabel('Reason, shown on the verification page').fill(REASON);
  await axe.scan(page, 'admin: revoke dialog', dialog);
  await page.screenshot({ path: `${SHOTS}/admin-revoke-dialog.png` });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Revoked');
  await expect(row).toContainText(REASON);
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/admin-certificate-revoked.png` });

  // The verification page now says revoked, when and why, and what it checked.
  await page.goto(verifyPath);
  const revoked = page.getByRole('alert');
  await expect(revoked.getByRole('heading', { name: 'Certificate revoked' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verified certificate' })).toHaveCount(0);
  const today = new Date().toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  await expect(revoked).toContainText(`Revoked on ${today}: ${REASON}.`);
  const revokedChecks = page.getByRole('region', { name: 'What was checked' });
  await expect(revokedChecks.getByText('Passed: Signature valid', { exact: true })).toBeVisible();
  await expect(revokedChecks.getByText('Failed: Revoked', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Add to LinkedIn/ })).toHaveCount(0);
  await axe.scan(page, 'verification: revoked', revokedChecks);
  await shoot(page, 'verify-revoked-light', { theme: 'light', width: 1280 });
  await shoot(page, 'verify-revoked-phone-dark', { theme: 'dark', width: 390 });

  axe.expectNoViolations();
});
