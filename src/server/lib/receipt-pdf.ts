import type { PDFFont, PDFPage } from 'pdf-lib';
import type { Locale } from '#shared/i18n/locales';
import { translate } from '#shared/i18n/translate';
import { longDay, usd } from './document-format';
import { visualText } from './pdf-bidi';
import { pdfToolkit } from './pdf-toolkit';
import type { PurchaseRow } from './purchases';
import { recipientLocale } from './recipient-locale';

/*
 * A purchase's receipt (issue 24 §5): who bought what, when, for how much, with the discount and,
 * once refunded, the refund; one portrait A4 page in the embedded DejaVu fonts (pdf-toolkit.ts), in the
 * buyer's saved language (docs/product.md, Languages). An Arabic receipt is the English one mirrored:
 * labels on the right, amounts on the left, each line joined and ordered right to left (pdf-bidi.ts).
 */

const WIDTH = 595.28;
const HEIGHT = 841.89;
const LEFT = 64;
const RIGHT = WIDTH - 64;
/** Between the lines of one wrapped value. */
const LINE_HEIGHT = 14;

/**
 * Text broken into lines no wider than `maxWidth`: at spaces, and inside a word too long for a line
 * (an email address, a URL) wherever it must. Nothing is left out: a receipt shows the whole title
 * and address.
 */
export function wrapText(
  text: string,
  font: PDFFont,
  size: number,
  maxWidth: number,
  drawn: (line: string) => string = (line) => line,
): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(drawn(line), size) <= maxWidth;
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
  const locale: Locale = recipientLocale(row.buyerLocale);
  const isRightToLeft = locale === 'ar';
  const say = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => translate(locale, key, values);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const paidAt = new Date(row.paidAt);
  pdf.setTitle(say('receipt.documentTitle', { id: row.id }));
  pdf.setAuthor('Gradient Academy');
  pdf.setSubject(`${row.courseTitle}: ${usd(row.amountCents, locale)}`);
  pdf.setCreationDate(paidAt);
  pdf.setModificationDate(row.refundedAt ? new Date(row.refundedAt) : paidAt);
  // The bold serif has no Arabic letters: an Arabic receipt's headings are in bold sans.
  const [sans, bold] = await Promise.all([
    pdf.embedFont(fonts.sans, { subset: true }),
    pdf.embedFont(isRightToLeft ? fonts.sansBold : fonts.serifBold, { subset: true }),
  ]);
  const page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  const shown = (value: string) => visualText(value, isRightToLeft ? 'rtl' : 'auto');
  /** Text starting at `x` from the page's start edge: the left one, the right one in Arabic. */
  const text = (value: string, x: number, y: number, { font = sans, size = 11, color = colors.ink } = {}) => {
    const drawn = shown(value);
    const width = font.widthOfTextAtSize(drawn, size);
    page.drawText(drawn, { x: isRightToLeft ? WIDTH - x - width : x, y, font, size, color });
  };
  /** Text ending at the page's end edge (the right margin; the left one in Arabic). */
  const end = (value: string, y: number, { font = sans, size = 11, color = colors.ink } = {}) =>
    text(value, RIGHT - font.widthOfTextAtSize(shown(value), size), y, { font, size, color });

  text('GRADIENT ACADEMY', LEFT, HEIGHT - 80, { size: 12, color: colors.accent });
  text(row.refundedAt ? say('receipt.titleRefunded') : say('receipt.title'), LEFT, HEIGHT - 118, { font: bold, size: 26 });
  let y = HEIGHT - 160;
  const valueWidth = RIGHT - LEFT - 140;
  for (const [label, value] of [
    [say('receipt.number'), row.id],
    [say('receipt.datePaid'), longDay(paidAt, locale)],
    [say('receipt.billedTo'), `${row.buyerName} <${row.buyerEmail}>`],
    [say('receipt.paidWith'), row.provider === 'stripe' ? say('receipt.card') : say('receipt.testCard')],
  ] as const) {
    text(label, LEFT, y, { color: colors.muted });
    for (const [index, line] of wrapText(value, sans, 11, valueWidth, shown).entries()) {
      if (index > 0) y -= LINE_HEIGHT;
      text(line, LEFT + 140, y);
    }
    y -= 20;
  }

  y -= 24;
  page.drawRectangle({ x: LEFT, y, width: RIGHT - LEFT, height: 0.75, color: colors.muted });
  y -= 24;
  text(say('receipt.course'), LEFT, y, { color: colors.muted, size: 10 });
  end(say('receipt.amount'), y, { color: colors.muted, size: 10 });
  y -= 22;
  const price = row.listPriceCents ?? row.amountCents;
  end(usd(price, locale), y, { size: 12 });
  for (const [index, line] of wrapText(row.courseTitle, sans, 12, RIGHT - LEFT - 110, shown).entries()) {
    if (index > 0) y -= LINE_HEIGHT + 1;
    text(line, LEFT, y, { size: 12 });
  }
  if (price > row.amountCents) {
    y -= 20;
    text(row.couponCode ? say('receipt.discountCode', { code: row.couponCode }) : say('receipt.discount'), LEFT, y, {
      color: colors.muted,
    });
    end(usd(row.amountCents - price, locale), y, { color: colors.muted });
  }
  y -= 16;
  page.drawRectangle({ x: LEFT, y, width: RIGHT - LEFT, height: 0.75, color: colors.muted });
  y -= 24;
  text(say('receipt.totalPaid'), LEFT, y, { font: bold, size: 14 });
  end(usd(row.amountCents, locale), y, { font: bold, size: 14 });
  if (row.refundedAt) {
    y -= 24;
    text(say('receipt.refundedOn', { date: longDay(row.refundedAt, locale) }), LEFT, y, { color: colors.accent });
    end(usd(-row.amountCents, locale), y, { color: colors.accent });
  }
  text(say('receipt.thanks'), LEFT, 90, { color: colors.muted, size: 10 });
  return pdf.save({ useObjectStreams: false });
}
