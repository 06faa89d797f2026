import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';
import { createLocalDiskStore } from './lib/object-store/local-disk-store';
import { createTestProcessor } from './lib/payments/test-processor';

// The object store and the payment provider are buildApp options, so tests (and later S3 and
// Stripe) plug in real implementations of their own.
describe('buildApp seams', () => {
  it('keeps objects under DATA_DIR/objects and takes payments with the test processor by default', async () => {
    const t = await createTestApp();
    try {
      await t.app.objectStore.put({
        key: 'probe/one.txt',
        body: Readable.from([Buffer.from('hello')]),
        contentType: 'text/plain',
        maxBytes: 100,
      });
      expect(existsSync(path.join(t.config.dataDir, 'objects'))).toBe(true);
      expect(t.app.payments.name).toBe('test');
    } finally {
      await t.close();
    }
  });

  it('uses the store and the provider it is given', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'ga-store-'));
    const objectStore = createLocalDiskStore({ root });
    const paymentProvider = createTestProcessor();
    const t = await createTestApp({ objectStore, paymentProvider });
    try {
      expect(t.app.objectStore).toBe(objectStore);
      expect(t.app.payments).toBe(paymentProvider);
      await t.app.objectStore.put({
        key: 'probe/two.txt',
        body: Readable.from([Buffer.from('hi')]),
        contentType: 'text/plain',
        maxBytes: 100,
      });
      expect(readdirSync(root).length).toBeGreaterThan(0);
      expect(existsSync(path.join(t.config.dataDir, 'objects'))).toBe(false);
    } finally {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
