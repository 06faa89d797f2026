import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { pdfTextLines } from '#tests/helpers/pdf-text';
import type { PurchaseRow } from './purchases';
import { renderReceiptPdf } from './receipt-pdf';

const purchase: PurchaseRow = {
  id: '7c1f4e0a-93b5-4d5e-9a0c-5b1c2d3e4f50',
  status: 'succeeded',
  amountCents: 1999,
  listPriceCents: 2999,
  courseId: '0b9e6a3e-2f4c-4c1f-9a51-2d8f0c9e7b11',
  courseTitle: 'Deep Learning',
  couponCode: 'SPRING',
  provider: 'test',
  paidAt: new Date('2026-11-23T10:00:00Z'),
  refundedAt: null,
  buyerId: '5d0c9a1e-1111-4c1f-9a51-2d8f0c9e7b12',
  buyerName: 'Zoë Ångström',
  buyerEmail: 'zoe@example.com',
  buyerLocale: null,
};

/** The text as a reader copies it, lines joined; whitespace dropped, since a line may break at a space or inside a word. */
const letters = (text: string) => text.replace(/\s+/g, '');

describe('renderReceiptPdf', () => {
  it('wraps a long course title and a long address onto more lines, keeping all of both, and no ellipsis', async () => {
    const courseTitle = `${'Transformers, diffusion and reinforcement learning from first principles '.repeat(3)}`.slice(0, 200);
    const buyerEmail = `${'a-very-long-local-part.with.dots'.repeat(5)}@${'sub-domain.'.repeat(8)}example.com`;
    const row = { ...purchase, courseTitle, buyerEmail, buyerName: 'Maximiliana Alexandrovna Wolkenstein-Brandenburg' };
    const bytes = await renderReceiptPdf(row);
    if (process.env.RECEIPT_PDF_OUT) await writeFile(process.env.RECEIPT_PDF_OUT, bytes);
    const lines = await pdfTextLines(bytes);
    const all = letters(lines.join(''));
    expect(courseTitle).toHaveLength(200);
    expect(all).toContain(letters(courseTitle));
    expect(all).toContain(letters(`${row.buyerName} <${buyerEmail}>`));
    expect(lines.join('\n')).not.toContain('…');
    // The title takes several lines, and so does the address; the amounts still follow.
    expect(lines.filter((line) => courseTitle.includes(line.trim())).length).toBeGreaterThan(1);
    expect(lines.filter((line) => line.length > 0 && buyerEmail.includes(line.trim())).length).toBeGreaterThan(1);
    expect(lines).toEqual(expect.arrayContaining(['$29.99', 'Discount (SPRING)', '-$10.00', 'Total paid', '$19.99']));
  });

  it('keeps short text on one line', async () => {
    const lines = await pdfTextLines(await renderReceiptPdf(purchase));
    expect(lines).toEqual(expect.arrayContaining(['Deep Learning', 'Zoë Ångström <zoe@example.com>']));
  });
});
