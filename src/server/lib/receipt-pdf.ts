import type { PDFFont, PDFPage } from 'pdf-lib';
import { centsToPrice } from '#shared/format';
import { pdfToolkit } from './pdf-toolkit';
import type { PurchaseRow } from './purchases';

/*
 * A purchase's receipt (issue 24 §5): who bought what, when, for how much, with the discount and,
 * once refunded, the refund; one portrait A4 page in the embedded DejaVu fonts (pdf-toolkit.ts).
 */

const WIDTH = 595.28;
const HEIGHT = 841.89;
const LEFT = 64;
const RIGHT = WIDTH - 64;
/** Between the lines of one wrapped value. */
const LINE_HEIGHT = 14;

const day = (value: Date | string) =>
  new Date(value).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * Text broken into lines no wider than `maxWidth`: at spaces, and inside a word too long for a line
 * (an email address, a URL) wherever it must. Nothing is left out: a receipt shows the whole title
 * and address.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= maxWidth;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    // A word wider than a line goes on over as many lines as it needs, a character at a time.
    for (const character of word) {
      if (line && !fits(line + character)) {
        lines.push(line);
        line = '';
      }
      line += character;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

export async function renderReceiptPdf(row: PurchaseRow): Promise<Uint8Array> {
  const { PDFDocument, fontkit, fonts, colors } = await pdfToolkit();
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const paidAt = new Date(row.paidAt);
  pdf.setTitle(`Receipt ${row.id}`);
  pdf.setAuthor('Gradient Academy');
  pdf.setSubject(`${row.courseTitle}: $${centsToPrice(row.amountCents)}`);
  pdf.setCreationDate(paidAt);
  pdf.setModificationDate(row.refundedAt ? new Date(row.refundedAt) : paidAt);
  const [sans, bold] = await Promise.all([
    pdf.embedFont(fonts.sans, { subset: true }),
    pdf.embedFont(fonts.serifBold, { subset: true }),
  ]);
  const page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  const text = (value: string, x: number, y: number, { font = sans, size = 11, color = colors.ink } = {}) =>
    page.drawText(value, { x, y, font, size, color });
  const right = (value: string, y: number, { font = sans, size = 11, color = colors.ink } = {}) =>
    page.drawText(value, { x: RIGHT - font.widthOfTextAtSize(value, size), y, font, size, color });

  text('GRADIENT ACADEMY', LEFT, HEIGHT - 80, { size: 12, color: colors.accent });
  text(row.refundedAt ? 'Receipt (refunded)' : 'Receipt', LEFT, HEIGHT - 118, { font: bold, size: 26 });
  let y = HEIGHT - 160;
  const valueWidth = RIGHT - LEFT - 140;
  for (const [label, value] of [
    ['Receipt number', row.id],
    ['Date paid', day(paidAt)],
    ['Billed to', `${row.buyerName} <${row.buyerEmail}>`],
    ['Paid with', row.provider === 'stripe' ? 'Card (Stripe)' : 'Test card (test mode: no money moved)'],
  ] as const) {
    text(label, LEFT, y, { color: colors.muted });
    for (const [index, line] of wrapText(value, sans, 11, valueWidth).entries()) {
      if (index > 0) y -= LINE_HEIGHT;
      text(line, LEFT + 140, y);
    }
    y -= 20;
  }

  y -= 24;
  page.drawRectangle({ x: LEFT, y, width: RIGHT - LEFT, height: 0.75, color: colors.muted });
  y -= 24;
  text('Course', LEFT, y, { color: colors.muted, size: 10 });
  right('Amount (USD)', y, { color: colors.muted, size: 10 });
  y -= 22;
  const price = row.listPriceCents ?? row.amountCents;
  right(`$${centsToPrice(price)}`, y, { size: 12 });
  for (const [index, line] of wrapText(row.courseTitle, sans, 12, RIGHT - LEFT - 110).entries()) {
    if (index > 0) y -= LINE_HEIGHT + 1;
    text(line, LEFT, y, { size: 12 });
  }
  if (price > row.amountCents) {
    y -= 20;
    text(`Discount${row.couponCode ? ` (${row.couponCode})` : ''}`, LEFT, y, { color: colors.muted });
    right(`-$${centsToPrice(price - row.amountCents)}`, y, { color: colors.muted });
  }
  y -= 16;
  page.drawRectangle({ x: LEFT, y, width: RIGHT - LEFT, height: 0.75, color: colors.muted });
  y -= 24;
  text('Total paid', LEFT, y, { font: bold, size: 14 });
  right(`$${centsToPrice(row.amountCents)}`, y, { font: bold, size: 14 });
  if (row.refundedAt) {
    y -= 24;
    text(`Refunded on ${day(row.refundedAt)}`, LEFT, y, { color: colors.accent });
    right(`-$${centsToPrice(row.amountCents)}`, y, { color: colors.accent });
  }
  text('Thank you for learning with Gradient Academy.', LEFT, 90, { color: colors.muted, size: 10 });
  return pdf.save({ useObjectStreams: false });
}
