import type { APIRequestContext, Page } from '@playwright/test';
import { formatBytes } from '../../src/shared/schemas/storage';
import { PNG_BYTES } from '../helpers/media-bytes';
import { AxeReport, useStableRendering } from './axe-scanner';
import { type Account, expect, expectNoSidewaysScroll, test } from './fixtures';

/*
 * Issue 21 §9: the creator dashboard shows how much of their storage quota a creator's uploads use,
 * readable as text and as a meter, in light and dark theme, on a desktop and a phone.
 */

const QUOTA_TEXT = '5 GB';

/** The real upload flow: a one-time address, then the raw bytes. */
async function upload(request: APIRequestContext, creator: Account, bytes: Buffer) {
  const headers = { authorization: `Bearer ${creator.token}` };
  const grant = await request.post('/api/objects/upload', { headers, data: { kind: 'image' } });
  expect(grant.ok(), await grant.text()).toBe(true);
  const { uploadURL } = (await grant.json()) as { uploadURL: string };
  const put = await request.put(uploadURL, { headers: { 'Content-Type': 'image/png' }, data: bytes });
  expect(put.ok(), await put.text()).toBe(true);
}

function png(size: number): Buffer {
  return Buffer.concat([PNG_BYTES, Buffer.alloc(size - PNG_BYTES.length)]);
}

const meter = (page: Page) => page.getByRole('meter', { name: 'Storage' });

test('the dashboard shows the storage a creator uses, and follows their uploads', async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  await useStableRendering(page);
  const creator = await loginAs('creator');
  await page.goto('/creator/dashboard');
  await expect(page.getByText(`0 bytes of ${QUOTA_TEXT} used`)).toBeVisible();
  await expect(meter(page)).toHaveAttribute('aria-valuetext', `0 bytes of ${QUOTA_TEXT} used`);

  await upload(page.request, creator, png(300_000));
  await upload(page.request, creator, png(200_000));
  // Uploads happen in the builders; the dashboard reads the figure again whenever it is shown.
  await page.goto('/creator/create-course');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  const used = `${formatBytes(500_000)} of ${QUOTA_TEXT} used`;
  await expect(page.getByText(used)).toBeVisible();
  await expect(meter(page)).toHaveAttribute('aria-valuetext', used);
  await expect(meter(page)).toHaveAttribute('value', '500000');

  const report = new AxeReport('creator storage');
  await report.scan(page, 'dashboard with storage', page.getByText(used));
  report.expectNoViolations();

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await expect(page.getByText(used)).toBeVisible();
      // The meter is for assistive technology; its drawn twin is what the eye sees.
      const track = page.getByRole('group', { name: 'Storage' }).locator('div[aria-hidden="true"]');
      const [bar, fill] = [await track.boundingBox(), await track.locator('div').boundingBox()];
      expect(bar?.width ?? 0).toBeGreaterThan(viewport.width / 2);
      expect(bar?.height ?? 0).toBeGreaterThanOrEqual(6);
      // A sliver shows even 500 KB of 5 GB.
      expect(fill?.width ?? 0).toBeGreaterThanOrEqual(5);
      await expectNoSidewaysScroll(page);
      await page
        .getByRole('group', { name: 'Storage' })
        .screenshot({ path: test.info().outputPath(`storage-${theme}-${viewport.width}.png`) });
    }
  }
});
