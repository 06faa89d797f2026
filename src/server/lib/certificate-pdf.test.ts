import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderCertificatePdf } from './certificate-pdf';

const content = {
  id: '0b9e6a3e-2f4c-4c1f-9a51-2d8f0c9e7b11',
  studentName: 'Zoë Ångström-Łukasiewicz',
  courseTitle: 'Deep Learning: From Perceptrons to Transformers',
  issuedAt: new Date('2026-11-23T10:00:00Z'),
  verifyUrl: 'https://academy.example/certificates/0b9e6a3e-2f4c-4c1f-9a51-2d8f0c9e7b11',
  locale: 'en' as const,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('renderCertificatePdf', () => {
  // Instances that draw one certificate at the same moment store the same file (certificate-files.ts).
  it('gives the same certificate the same bytes, whenever it is drawn', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2027-01-01T00:00:00Z') });
    const first = Buffer.from(await renderCertificatePdf(content));
    vi.setSystemTime(Date.parse('2031-06-15T12:34:56Z'));
    const later = Buffer.from(await renderCertificatePdf(content));
    expect(later.equals(first)).toBe(true);
    expect(first.toString('latin1')).toContain('/ModDate (D:20261123100000Z)');
  });
});
