import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { Locale } from '#shared/i18n/locales';
import { translate } from '#shared/i18n/translate';
import { longDay } from './document-format';
import { fileNameSlug } from './file-name-slug';
import { hasRightToLeft, visualText } from './pdf-bidi';
import { pdfToolkit } from './pdf-toolkit';

/*
 * The certificate (docs/product.md, Certificates): student, course, date, id and the address that verifies it (also as
 * a QR code), on one landscape A4 page, in the embedded DejaVu fonts (pdf-toolkit.ts), in the student's
 * saved language (docs/product.md, Languages). Arabic lines, and Arabic names on any certificate, are
 * joined and drawn right to left (pdf-bidi.ts) in DejaVu Sans, the face that has Arabic letters.
 */

export type CertificateContent = {
  id: string;
  studentName: string;
  courseTitle: string;
  issuedAt: Date;
  verifyUrl: string;
  locale: Locale;
};

const WIDTH = 841.89;
const HEIGHT = 595.28;
/** The QR code's square, in the bottom right corner inside the inner border, and its caption's size. */
const QR = { size: 88, right: 62, bottom: 66, caption: 8 };
/** The lines at the foot stay clear of the QR code whatever the length of the address. */
const FOOT_WIDTH = WIDTH - 2 * (QR.right + QR.size + 12);

/** A face for a line: its serif one, or the sans one of the same weight when the line has right-to-left letters. */
type Face = { latin: PDFFont; rightToLeft: PDFFont };

/** Centred text, shrunk until it fits `maxWidth`. */
function centred(
  page: PDFPage,
  text: string,
  {
    y,
    face,
    size,
    color,
    maxWidth = WIDTH - 160,
    direction,
  }: { y: number; face: Face; size: number; color: Color; maxWidth?: number; direction: 'rtl' | 'auto' },
) {
  const font = hasRightToLeft(text) ? face.rightToLeft : face.latin;
  const drawn = visualText(text, direction);
  let fitted = size;
  while (fitted > 8 && font.widthOfTextAtSize(drawn, fitted) > maxWidth) fitted -= 1;
  const width = font.widthOfTextAtSize(drawn, fitted);
  page.drawText(drawn, { x: (WIDTH - width) / 2, y, font, size: fitted, color });
}

export async function renderCertificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const { PDFDocument, fontkit, fonts: bytes, colors } = await pdfToolkit();
  const { ink: INK, muted: MUTED, accent: ACCENT } = colors;
  const { locale } = content;
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(translate(locale, 'certificate.documentTitle', { course: content.courseTitle }));
  pdf.setAuthor('Gradient Academy');
  pdf.setSubject(translate(locale, 'certificate.documentSubject', { student: content.studentName, course: content.courseTitle }));
  // Both dates fixed, and pdf-lib's font subset names come from a seeded generator: the same
  // certificate always gives the same bytes, so instances drawing it at once store the same file.
  pdf.setCreationDate(content.issuedAt);
  pdf.setModificationDate(content.issuedAt);
  const [serif, serifBold, sans, sansBold] = await Promise.all([
    pdf.embedFont(bytes.serif, { subset: true }),
    pdf.embedFont(bytes.serifBold, { subset: true }),
    pdf.embedFont(bytes.sans, { subset: true }),
    pdf.embedFont(bytes.sansBold, { subset: true }),
  ]);
  const regular: Face = { latin: serif, rightToLeft: sans };
  const bold: Face = { latin: serifBold, rightToLeft: sansBold };
  const plain: Face = { latin: sans, rightToLeft: sans };
  const direction = locale === 'ar' ? 'rtl' : 'auto';
  const page = pdf.addPage([WIDTH, HEIGHT]);

  page.drawRectangle({ x: 24, y: 24, width: WIDTH - 48, height: HEIGHT - 48, borderColor: ACCENT, borderWidth: 3 });
  page.drawRectangle({
    x: 34,
    y: 34,
    width: WIDTH - 68,
    height: HEIGHT - 68,
    borderColor: ACCENT,
    borderWidth: 0.75,
    opacity: 0,
  });
  page.drawRectangle({ x: WIDTH / 2 - 60, y: HEIGHT - 112, width: 120, height: 3, color: ACCENT });

  const line = (text: string, options: Omit<Parameters<typeof centred>[2], 'direction'>) =>
    centred(page, text, { ...options, direction });
  line('GRADIENT ACADEMY', { y: HEIGHT - 92, face: plain, size: 13, color: ACCENT });
  line(translate(locale, 'certificate.title'), { y: HEIGHT - 170, face: bold, size: 36, color: INK });
  line(translate(locale, 'certificate.certifies'), { y: HEIGHT - 225, face: regular, size: 14, color: MUTED });
  // A name or title is its own paragraph: its own first letter sets its direction, whatever the language.
  centred(page, content.studentName, { y: HEIGHT - 280, face: bold, size: 34, color: INK, direction: 'auto' });
  page.drawRectangle({ x: WIDTH / 2 - 200, y: HEIGHT - 296, width: 400, height: 0.75, color: MUTED });
  line(translate(locale, 'certificate.completed'), { y: HEIGHT - 330, face: regular, size: 14, color: MUTED });
  centred(page, content.courseTitle, { y: HEIGHT - 375, face: bold, size: 24, color: INK, direction: 'auto' });

  const date = longDay(content.issuedAt, locale);
  line(translate(locale, 'certificate.issuedOn', { date }), { y: 150, face: plain, size: 12, color: INK });
  line(translate(locale, 'certificate.id', { id: content.id }), {
    y: 112,
    face: plain,
    size: 10,
    color: MUTED,
    maxWidth: FOOT_WIDTH,
  });
  line(translate(locale, 'certificate.verifyAt', { url: content.verifyUrl }), {
    y: 94,
    face: plain,
    size: 10,
    color: MUTED,
    maxWidth: FOOT_WIDTH,
  });
  drawVerifyQrCode(page, content.verifyUrl, {
    caption: visualText(translate(locale, 'certificate.scan'), direction),
    font: sans,
    ink: INK,
    muted: MUTED,
  });
  // Plain objects: the Info dictionary (title, subject) stays readable to simple tools and tests.
  return pdf.save({ useObjectStreams: false });
}

/**
 * The verification address as a QR code, drawn as squares (vector: sharp at any zoom, the same bytes each
 * time), error correction M so a creased print still scans; the white page is its quiet zone.
 */
function drawVerifyQrCode(
  page: PDFPage,
  url: string,
  { caption, font, ink, muted }: { caption: string; font: PDFFont; ink: Color; muted: Color },
) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = QR.size / modules.size;
  const left = WIDTH - QR.right - QR.size;
  const top = QR.bottom + QR.size;
  for (let row = 0; row < modules.size; row++) {
    // A run of dark cells in a row is one rectangle: fewer drawing operators, the same picture.
    let runStart = -1;
    for (let column = 0; column <= modules.size; column++) {
      const dark = column < modules.size && modules.data[row * modules.size + column] === 1;
      if (dark && runStart < 0) runStart = column;
      if (!dark && runStart >= 0) {
        page.drawRectangle({
          x: left + runStart * cell,
          y: top - (row + 1) * cell,
          width: (column - runStart) * cell,
          height: cell,
          color: ink,
        });
        runStart = -1;
      }
    }
  }
  const width = font.widthOfTextAtSize(caption, QR.caption);
  page.drawText(caption, { x: left + (QR.size - width) / 2, y: QR.bottom - 12, font, size: QR.caption, color: muted });
}

/** `certificate-{course-title-slug}.pdf` (docs/product.md, Certificates). */
export function certificateFileName(courseTitle: string): string {
  return `certificate-${fileNameSlug(courseTitle) || 'course'}.pdf`;
}
