import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { fileNameSlug } from './file-name-slug';
import { pdfToolkit } from './pdf-toolkit';

/*
 * The certificate (docs/product.md, Certificates): student, course, date, id and the address that verifies it (also as
 * a QR code), on one landscape A4 page, in the embedded DejaVu fonts (pdf-toolkit.ts).
 */

export type CertificateContent = {
  id: string;
  studentName: string;
  courseTitle: string;
  issuedAt: Date;
  verifyUrl: string;
};

const WIDTH = 841.89;
const HEIGHT = 595.28;
/** The QR code's square, in the bottom right corner inside the inner border, and its caption's size. */
const QR = { size: 88, right: 62, bottom: 66, caption: 8 };
/** The lines at the foot stay clear of the QR code whatever the length of the address. */
const FOOT_WIDTH = WIDTH - 2 * (QR.right + QR.size + 12);

/** Centred text, shrunk until it fits `maxWidth`. */
function centred(
  page: PDFPage,
  text: string,
  { y, font, size, color, maxWidth = WIDTH - 160 }: { y: number; font: PDFFont; size: number; color: Color; maxWidth?: number },
) {
  let fitted = size;
  while (fitted > 8 && font.widthOfTextAtSize(text, fitted) > maxWidth) fitted -= 1;
  const width = font.widthOfTextAtSize(text, fitted);
  page.drawText(text, { x: (WIDTH - width) / 2, y, font, size: fitted, color });
}

export async function renderCertificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const { PDFDocument, fontkit, fonts: bytes, colors } = await pdfToolkit();
  const { ink: INK, muted: MUTED, accent: ACCENT } = colors;
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`Certificate of Completion: ${content.courseTitle}`);
  pdf.setAuthor('Gradient Academy');
  pdf.setSubject(`${content.studentName} completed ${content.courseTitle}`);
  // Both dates fixed, and pdf-lib's font subset names come from a seeded generator: the same
  // certificate always gives the same bytes, so instances drawing it at once store the same file.
  pdf.setCreationDate(content.issuedAt);
  pdf.setModificationDate(content.issuedAt);
  const [serif, serifBold, sans] = await Promise.all([
    pdf.embedFont(bytes.serif, { subset: true }),
    pdf.embedFont(bytes.serifBold, { subset: true }),
    pdf.embedFont(bytes.sans, { subset: true }),
  ]);
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

  centred(page, 'GRADIENT ACADEMY', { y: HEIGHT - 92, font: sans, size: 13, color: ACCENT });
  centred(page, 'Certificate of Completion', { y: HEIGHT - 170, font: serifBold, size: 36, color: INK });
  centred(page, 'This certifies that', { y: HEIGHT - 225, font: serif, size: 14, color: MUTED });
  centred(page, content.studentName, { y: HEIGHT - 280, font: serifBold, size: 34, color: INK });
  page.drawRectangle({ x: WIDTH / 2 - 200, y: HEIGHT - 296, width: 400, height: 0.75, color: MUTED });
  centred(page, 'has successfully completed the course', { y: HEIGHT - 330, font: serif, size: 14, color: MUTED });
  centred(page, content.courseTitle, { y: HEIGHT - 375, font: serifBold, size: 24, color: INK });

  const date = content.issuedAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  centred(page, `Issued on ${date}`, { y: 150, font: sans, size: 12, color: INK });
  centred(page, `Certificate ID: ${content.id}`, { y: 112, font: sans, size: 10, color: MUTED, maxWidth: FOOT_WIDTH });
  centred(page, `Verify at ${content.verifyUrl}`, { y: 94, font: sans, size: 10, color: MUTED, maxWidth: FOOT_WIDTH });
  drawVerifyQrCode(page, content.verifyUrl, { font: sans, ink: INK, muted: MUTED });
  // Plain objects: the Info dictionary (title, subject) stays readable to simple tools and tests.
  return pdf.save({ useObjectStreams: false });
}

/**
 * The verification address as a QR code, drawn as squares (vector: sharp at any zoom, the same bytes each
 * time), error correction M so a creased print still scans; the white page is its quiet zone.
 */
function drawVerifyQrCode(page: PDFPage, url: string, { font, ink, muted }: { font: PDFFont; ink: Color; muted: Color }) {
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
  const caption = 'Scan to verify';
  const width = font.widthOfTextAtSize(caption, QR.caption);
  page.drawText(caption, { x: left + (QR.size - width) / 2, y: QR.bottom - 12, font, size: QR.caption, color: muted });
}

/** `certificate-{course-title-slug}.pdf` (docs/product.md, Certificates). */
export function certificateFileName(courseTitle: string): string {
  return `certificate-${fileNameSlug(courseTitle) || 'course'}.pdf`;
}
